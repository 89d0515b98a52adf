import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ANALYSIS_TEXT } from '../texts.ts';

/** 专题详情 (/analysis/analysis_details/:id). A placeholder until this capability is built. */
export function AnalysisDetailsPage() {
  return <PagePlaceholder title={ANALYSIS_TEXT.detailsTitle} />;
}
