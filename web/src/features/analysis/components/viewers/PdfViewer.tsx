import { Suspense } from 'react';
import { MSG } from '@portal/contract';
import { LazyPdfReader } from '../../../../components/pdf-reader/LazyPdfReader.tsx';
import { ViewerNotice } from './ViewerNotice.tsx';

/** PDF: the report reader, inline. */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  if (!url) {
    return <ViewerNotice message={MSG.officeFileMissing} />;
  }
  return (
    // The surrounding viewer section is already the 专题内容 region.
    <div className="pdf-viewer">
      <Suspense fallback={<p className="viewer-loading">{MSG.loading}</p>}>
        <LazyPdfReader url={url} fileName={`${title}.pdf`} />
      </Suspense>
    </div>
  );
}
