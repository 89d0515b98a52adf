import type { TAnalysisSource } from '@portal/contract';
import { MSG } from '@portal/contract';
import { useQuickBiToken } from '../../api.ts';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { DashboardFrame, frameOrigin } from './DashboardFrame.tsx';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

/** The report URL with the access token added (QuickBI's embed parameter `accessToken`). */
export function quickBiUrl(url: string, token: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('accessToken', token);
  return parsed.href;
}

/** QuickBI: an access token from the server, renewed every 9 minutes, in the frame's URL. */
export function QuickBiViewer({ info }: { info: TAnalysisSource['anal_data_info'] }) {
  const token = useQuickBiToken();
  if (!frameOrigin(info.url)) {
    return <ViewerNotice message={ANALYSIS_TEXT.dashboardMissing} />;
  }
  if (token.isPending) {
    return <p className="viewer-loading">{MSG.loading}</p>;
  }
  if (token.isError) {
    return <ViewerNotice message={errorMessage(token.error, MSG.quickBiFailed)} />;
  }
  return <DashboardFrame src={quickBiUrl(info.url, token.data.access_token)} />;
}
