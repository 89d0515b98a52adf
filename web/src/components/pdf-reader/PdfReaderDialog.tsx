import { Suspense, type ComponentProps } from 'react';
import { MSG } from '@portal/contract';
import { Dialog } from '../Dialog.tsx';
import { LazyPdfReader } from './LazyPdfReader.tsx';
import { PDF_READER_TEXT } from './texts.ts';

type TPdfReaderDialogProps = ComponentProps<typeof LazyPdfReader> & {
  open: boolean;
  onClose: () => void;
  title: string;
};

/** The full-screen reader dialog (报告阅读器); the reader's code loads when it first opens. */
export function PdfReaderDialog({ open, onClose, title, ...reader }: TPdfReaderDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} label={PDF_READER_TEXT.dialog} title={title} size="full">
      <Suspense
        fallback={
          <p className="dialog__status" role="status">
            {MSG.loading}
          </p>
        }
      >
        <LazyPdfReader {...reader} />
      </Suspense>
    </Dialog>
  );
}
