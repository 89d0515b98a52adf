import PDFDocument from 'pdfkit';
import { loadCjkFonts } from '../../server/src/demo/pdf/cjk-font.ts';

/**
 * A small, valid one-page Chinese PDF (pdfkit with Noto Sans CJK, as the demo library is made),
 * for uploading through the back-office.
 */
export async function reportPdf(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const fonts = loadCjkFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font(fonts.bold.bytes, fonts.bold.postscriptName).fontSize(22).text(title);
  doc.moveDown();
  doc.font(fonts.regular.bytes, fonts.regular.postscriptName).fontSize(12);
  for (const paragraph of paragraphs) {
    doc.text(paragraph).moveDown(0.5);
  }
  doc.end();
  return done;
}
