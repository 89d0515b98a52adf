import { IngestError } from './ingest-error.ts';

const MAGIC = Buffer.from('%PDF-');
const EOF_MARK = Buffer.from('%%EOF');
// Both marks may sit a little away from the ends (a BOM or a mail header before, padding
// after); 1 KiB is the window readers have always allowed.
const WINDOW = 1024;

/**
 * Cheap checks before pdf.js sees the bytes: the header says PDF, and the end-of-file mark is
 * there. pdf.js can rebuild a PDF cut off at the end and would quietly import a partial
 * upload; a missing `%%EOF` is how an interrupted upload shows.
 */
export function checkPdfBytes(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = buffer.subarray(0, WINDOW);
  if (head.indexOf(MAGIC) < 0) {
    throw new IngestError('not_pdf');
  }
  const tail = buffer.subarray(Math.max(0, buffer.length - WINDOW));
  if (tail.indexOf(EOF_MARK) < 0) {
    throw new IngestError('corrupt');
  }
}
