import { Suspense } from 'react';
import { MSG } from '@portal/contract';
import { LazyPdfReader } from '../../../../components/pdf-reader/LazyPdfReader.tsx';
import { ANALYSIS_TEXT } from '../../texts.ts';
import { ViewerNotice } from './ViewerNotice.tsx';

/** PDF: the report reader, inline. */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  if (!url) return <ViewerNotice message={MSG.officeFileMissing} />;
  return (
    <div className="pdf-viewer" aria-label={ANALYSIS_TEXT.viewer} role="region">
      <Suspense fallback={<p className="viewer-loading">{MSG.loading}</p>}>
        <LazyPdfReader url={url} fileName={`${title}.pdf`} />
      </Suspense>
    </div>
  );
}
