import { CONTENT_INDEXES } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { WechatApiError } from '../../platform/wechat/access-token.ts';
import type { CodeImage, MiniProgramCodes } from '../../platform/wechat/mini-program-code.ts';

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
export function shareLink(publicUrl: string, type: QrType, id: string, index: string, page?: number): string {
  const onPage = page !== undefined && type === 'wxqrcode_report_detail' ? `&page=${page}` : '';
  const query = `id=${encodeURIComponent(id)}&index=${encodeURIComponent(index)}${onPage}`;
  const path =
    type === 'wxqrcode_report_detail' ? `/report/report_details/${id}` : `/headlines_no_token/${id}`;
  return `${publicUrl}${path}?${query}`;
}

export async function qrPng(text: string): Promise<Buffer> {
  // Loaded on the first share, not at every process start.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(text, { type: 'png', width: QR_PIXELS, margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The mini-program code's `scene` for an item: `t=r&i=123` (report) or `t=h&i=7` (headline),
 * at most 21 characters for any id the contract accepts, well inside WeChat's 32. The
 * mini-program reads it from its page's `scene` query to open the item.
 */
export function shareScene(type: QrType, id: string): string {
  return `t=${type === 'wxqrcode_report_detail' ? 'r' : 'h'}&i=${id}`;
}

/**
 * The image /wxqrcode sends: the mini-program code when a mini-program is configured and WeChat
 * draws it, else (and whenever WeChat fails, logged) the plain QR of the share link, so sharing
 * always works. `fallback` says which one it is.
 */
export async function shareImage(
  link: string,
  q: { type: QrType; id: string; page?: number | undefined },
  miniCodes: MiniProgramCodes | null,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CodeImage & { fallback: boolean }> {
  // The mini-program opens an item, not a page of it: a page's code is the plain QR of its link.
  if (miniCodes && q.page === undefined) {
    try {
      return { ...(await miniCodes.codeFor(shareScene(q.type, q.id))), fallback: false };
    } catch (error) {
      log.warn(
        {
          errcode: error instanceof WechatApiError ? error.errcode : undefined,
          error: error instanceof Error ? error.message : String(error),
        },
        'wechat mini-program code failed; sent the plain QR',
      );
    }
  }
  return { contentType: 'image/png', bytes: await qrPng(link), fallback: true };
}
