import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng, QR_PIXELS, shareLink } from './share-qr.ts';

describe('share QR codes', () => {
  it('links reports to their detail page and headlines to the shared page', () => {
    expect(shareLink('https://portal.example.com', 'wxqrcode_report_detail', '12', 'portal_report')).toBe(
      'https://portal.example.com/report/report_details/12?id=12&index=portal_report',
    );
    expect(shareLink('https://portal.example.com', 'wxqrcode_headline_detail', '7', 'portal_business')).toBe(
      'https://portal.example.com/headlines_no_token/7?id=7&index=portal_business',
    );
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
});
