import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { REPORT_TEXT } from '../texts.ts';

/** 报告列表 (/report). A placeholder until this capability is built. */
export function ReportPage() {
  return <PagePlaceholder title={REPORT_TEXT.listTitle} />;
}
