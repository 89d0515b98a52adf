import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { WechatApiError } from '../../platform/wechat/access-token.ts';
import { MAX_SCENE_LENGTH, type MiniProgramCodes } from '../../platform/wechat/mini-program-code.ts';
import { qrPng, QR_PIXELS, shareImage, shareLink, shareScene } from './share-qr.ts';

describe('share QR codes', () => {
  it('links reports to their detail page and headlines to the shared page', () => {
    expect(shareLink('https://portal.example.com', 'wxqrcode_report_detail', '12', 'portal_report')).toBe(
      'https://portal.example.com/report/report_details/12?id=12&index=portal_report',
    );
    expect(shareLink('https://portal.example.com', 'wxqrcode_headline_detail', '7', 'portal_business')).toBe(
      'https://portal.example.com/headlines_no_token/7?id=7&index=portal_business',
    );
  });

  it("links a report's page to the reader at that page, as the plain QR even with a mini-program (issue 21)", async () => {
    const link = shareLink('https://portal.example.com', 'wxqrcode_report_detail', '12', 'portal_report', 17);
    expect(link).toBe(
      'https://portal.example.com/report/report_details/12?id=12&index=portal_report&page=17',
    );
    const mini = { codeFor: () => Promise.reject(new Error('must not be asked')) } as MiniProgramCodes;
    const log = { warn: () => undefined };
    const image = await shareImage(link, { type: 'wxqrcode_report_detail', id: '12', page: 17 }, mini, log);
    expect(image).toEqual({ contentType: 'image/png', bytes: await qrPng(link), fallback: true });
  });

  it('encodes exactly the link, as a PNG of QR_PIXELS square', async () => {
    const link = shareLink('http://localhost:3000', 'wxqrcode_headline_detail', '7', 'portal_business');
    // qrcode's own model of the symbol holds the text it encodes.
    const model = QRCode.create(link, { errorCorrectionLevel: 'M' });
    expect(
      model.segments
        .map((s) => (s as unknown as { data: Uint8Array | string }).data)
        .map((d) => Buffer.from(d).toString())
        .join(''),
    ).toBe(link);
    const png = await qrPng(link);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([QR_PIXELS, QR_PIXELS]);
  });

  it('names the item in the mini-program scene within WeChat’s 32 characters', () => {
    expect(shareScene('wxqrcode_report_detail', '123')).toBe('t=r&i=123');
    expect(shareScene('wxqrcode_headline_detail', '7')).toBe('t=h&i=7');
    expect(shareScene('wxqrcode_report_detail', String(2 ** 53)).length).toBeLessThanOrEqual(
      MAX_SCENE_LENGTH,
    );
  });

  it('logs a WeChat error (errcode, no secrets) and sends the plain QR instead', async () => {
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const failing = {
      codeFor: () => Promise.reject(new WechatApiError(45009, 'reach max api daily quota limit')),
    } as MiniProgramCodes;
    const link = shareLink('https://portal.example.com', 'wxqrcode_report_detail', '12', 'portal_report');
    const image = await shareImage(link, { type: 'wxqrcode_report_detail', id: '12' }, failing, log);
    expect(image).toEqual({ contentType: 'image/png', bytes: await qrPng(link), fallback: true });
    expect(warnings).toEqual([
      [
        { errcode: 45009, error: 'wechat errcode 45009: reach max api daily quota limit' },
        'wechat mini-program code failed; sent the plain QR',
      ],
    ]);
  });
});
