import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ANALYSIS_TEXT } from '../texts.ts';

/** 洞察专题列表 (/analysis). A placeholder until this capability is built. */
export function AnalysisPage() {
  return <PagePlaceholder title={ANALYSIS_TEXT.listTitle} />;
}
