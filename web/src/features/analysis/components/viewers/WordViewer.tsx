import { MSG } from '@portal/contract';
import { SandboxedHtml } from '../../../../components/SandboxedHtml.tsx';
import { useWordHtml } from '../../api.ts';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { errorMessage } from '../../../../api/errorMessage.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

/** Word: the server converts the docx to sanitised HTML; shown in a script-less sandboxed frame. */
export function WordViewer({ detailId, url }: { detailId: string; url?: string }) {
  const query = useWordHtml(detailId, url);
  if (query.isPending) {
    return <p className="viewer-loading">{MSG.loading}</p>;
  }
  if (query.isError) {
    return <ViewerNotice message={errorMessage(query.error, MSG.officeFileUnreadable)} />;
  }
  return <SandboxedHtml className="word-viewer" html={query.data.html} title={ANALYSIS_TEXT.wordFrame} />;
}
