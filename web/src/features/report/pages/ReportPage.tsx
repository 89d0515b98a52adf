import { ListPage } from '../../../components/ListPage.tsx';
import { ContentFeed } from '../../search/components/ContentFeed.tsx';
import { REPORT_SORTS } from '../../search/sorts.ts';
import { REPORT_TEXT } from '../texts.ts';

/** 报告列表 (/report): a content list of reports, sorted 最新 or 最热 only (spec §9). */
export function ReportPage() {
  return (
    <ListPage title={REPORT_TEXT.listTitle}>
      <ContentFeed pageType="report" defaultTab="report" sorts={REPORT_SORTS} label={REPORT_TEXT.listLabel} />
    </ListPage>
  );
}
