import type { TAnalysisSource } from '@portal/contract';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { DashboardFrame, frameOrigin } from './DashboardFrame.tsx';
import { ViewerNotice } from './ViewerNotice.tsx';

/** Power BI: the published embed URL as it is. */
export function PowerBiViewer({ info }: { info: TAnalysisSource['anal_data_info'] }) {
  if (!frameOrigin(info.url)) {
    return <ViewerNotice message={ANALYSIS_TEXT.dashboardMissing} />;
  }
  return <DashboardFrame src={info.url} />;
}
