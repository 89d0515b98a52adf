import { lazy, Suspense } from 'react';
import type { TRelatedFile } from '@portal/contract';
import { MSG } from '@portal/contract';
import { Dialog } from '../../../components/Dialog.tsx';
import { ANALYSIS_TEXT } from '../texts.ts';
import { viewableKind } from './viewableKind.ts';

const ExcelViewer = lazy(async () => ({ default: (await import('./viewers/ExcelViewer.tsx')).ExcelViewer }));
const WordViewer = lazy(async () => ({ default: (await import('./viewers/WordViewer.tsx')).WordViewer }));
const PdfViewer = lazy(async () => ({ default: (await import('./viewers/PdfViewer.tsx')).PdfViewer }));

type TRelatedFileDialogProps = { detailId: string; file: TRelatedFile; onClose: () => void };

/** 文件预览: one related file in the viewer of its type. */
export function RelatedFileDialog({ detailId, file, onClose }: TRelatedFileDialogProps) {
  const kind = viewableKind(file.ext);
  return (
    <Dialog open onClose={onClose} label={ANALYSIS_TEXT.fileDialog} title={file.title} size="large">
      <Suspense fallback={<p className="viewer-loading">{MSG.loading}</p>}>
        {kind === 'excel' && <ExcelViewer detailId={detailId} url={file.url} />}
        {kind === 'word' && <WordViewer detailId={detailId} url={file.url} />}
        {kind === 'pdf' && <PdfViewer url={file.url} title={file.title} />}
      </Suspense>
    </Dialog>
  );
}
