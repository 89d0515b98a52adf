import { CONTENT_INDEXES } from '@portal/contract';
import QRCode from 'qrcode';

export type QrType = 'wxqrcode_report_detail' | 'wxqrcode_headline_detail';

/** Rendered at twice the 100 × 100 it is shown at, so it stays crisp on high-density screens. */
export const QR_PIXELS = 200;

/** The index each QR type shares; a report id sent with the headline type is not a headline. */
export const QR_INDEX: Readonly<Record<QrType, string>> = {
  wxqrcode_report_detail: CONTENT_INDEXES.report,
  wxqrcode_headline_detail: CONTENT_INDEXES.business,
};

/**
 * The public link a QR code carries: the report detail page (which asks visitors to log in)
 * or the shared headline page that logged-out visitors can read.
 */
export function shareLink(publicUrl: string, type: QrType, id: string, index: string): string {
  const query = `id=${encodeURIComponent(id)}&index=${encodeURIComponent(index)}`;
  const path =
    type === 'wxqrcode_report_detail' ? `/report/report_details/${id}` : `/headlines_no_token/${id}`;
  return `${publicUrl}${path}?${query}`;
}

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', width: QR_PIXELS, margin: 1, errorCorrectionLevel: 'M' });
}
