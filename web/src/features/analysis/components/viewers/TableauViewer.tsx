import type { TAnalysisSource } from '@portal/contract';
import { MSG } from '@portal/contract';
import { useTableauTicket } from '../../api.ts';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { DashboardFrame, frameOrigin } from './DashboardFrame.tsx';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

/** `${server}/trusted/${ticket}/views/${workbook}` with the tab and toolbar switches. */
export function tableauUrl(info: TAnalysisSource['anal_data_info'], ticket: string): string {
  const base = info.url.replace(/\/+$/, '');
  const workbook = info.work_book.replace(/^\/+/, '');
  const params = new URLSearchParams({
    ':embed': 'yes',
    ':tabs': info.tab_visible ? 'yes' : 'no',
    ':toolbar': info.tool_bar_visible ? 'yes' : 'no',
  });
  return `${base}/trusted/${encodeURIComponent(ticket)}/views/${workbook}?${params.toString()}`;
}

/** Tableau: a trusted ticket from the server, then the view in a frame. */
export function TableauViewer({ info }: { info: TAnalysisSource['anal_data_info'] }) {
  const ticket = useTableauTicket();
  if (!frameOrigin(info.url)) {
    return <ViewerNotice message={ANALYSIS_TEXT.dashboardMissing} />;
  }
  if (ticket.isPending) {
    return <p className="viewer-loading">{MSG.loading}</p>;
  }
  if (ticket.isError) {
    return <ViewerNotice message={errorMessage(ticket.error, MSG.tableauFailed)} />;
  }
  return <DashboardFrame src={tableauUrl(info, ticket.data.response.ticket)} />;
}
