import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { REPORT_TEXT } from '../texts.ts';

/** 报告详情 (/report/report_details/:id, /report_details/:id). A placeholder until this capability is built. */
export function ReportDetailsPage() {
  return <PagePlaceholder title={REPORT_TEXT.detailsTitle} />;
}
