import { useMemo } from 'react';
import { detailApi } from '@portal/contract';
import { endpointUrl } from '../../../api/client.ts';
import { PdfReaderDialog } from '../../../components/pdf-reader/PdfReaderDialog.tsx';
import { reportPagePath } from '../../../entities/detail/usePageParam.ts';
import { useHighlights } from '../../../entities/notes/highlights.ts';

type TReportReaderProps = {
  id: string;
  index: string;
  title: string;
  url: string;
  thumbnails: readonly string[];
  fileName: string;
  onDownload: () => void;
  jump: { page: number } | null;
  onClose: () => void;
};

/**
 * The report in the reader with the user's highlights (select text → highlight, optionally with
 * a note) and the page's link and QR code (issue 21). Loaded with the reader, on first use.
 */
export function ReportReader({ id, index, jump, onClose, ...file }: TReportReaderProps) {
  const item = useMemo(() => ({ id, index }), [id, index]);
  const { marks, add } = useHighlights(item);
  const share = useMemo(
    () => ({
      link: (page: number) => `${window.location.origin}${reportPagePath(id, page)}`,
      qr: (page: number) =>
        endpointUrl(detailApi.qrCode, { type: 'wxqrcode_report_detail', id, index, page }),
    }),
    [id, index],
  );
  return (
    <PdfReaderDialog
      open
      onClose={onClose}
      {...file}
      jump={jump}
      marks={marks}
      onHighlight={(selection, color, content) =>
        add(selection, color, content, reportPagePath(id, selection.page))
      }
      share={share}
    />
  );
}
