import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { IngestError } from './ingest-error.ts';
import { checkPdfBytes } from './pdf-bytes.ts';

const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// Folder paths with a trailing separator: pdf.js appends file names to them. Without the
// CMaps and standard fonts, Chinese text in non-embedded fonts is silently dropped.
const folder = (name: string) => join(PDFJS_ROOT, name) + sep;

const OPEN_OPTIONS = {
  cMapUrl: folder('cmaps'),
  cMapPacked: true,
  standardFontDataUrl: folder('standard_fonts'),
  wasmUrl: folder('wasm'),
  iccUrl: folder('iccs'),
  // Uploaded PDFs are untrusted: never compile font programs with eval.
  isEvalSupported: false,
  enableXfa: false,
  verbosity: VerbosityLevel.ERRORS,
};

// This module loads pdf.js, whose legacy build installs core-js polyfills over the thread's
// built-ins (pdfjs-polyfills.ts). Only the PDF worker and tests may import it; the server's main
// thread must not (runtime/native-builtins.test.ts checks).

/**
 * Opens a PDF with pdf.js (legacy build: the default one needs browser globals). Failures
 * become `IngestError`s: a password → `encrypted`, anything else → `corrupt`. A PDF with only
 * an owner password (print/copy restrictions) opens without one and is accepted.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  checkPdfBytes(bytes);
  // A copy: pdf.js may take over (detach) the buffer it is given, and the caller still
  // needs the bytes to store the original.
  const task = getDocument({ ...OPEN_OPTIONS, data: new Uint8Array(bytes) });
  try {
    const document = await task.promise;
    if (document.numPages < 1) {
      await document.destroy();
      throw new IngestError('corrupt');
    }
    return document;
  } catch (error) {
    await task.destroy();
    throw toIngestError(error);
  }
}

/** Maps anything pdf.js throws while reading a document to the user-facing failure. */
export function toIngestError(error: unknown): IngestError {
  if (error instanceof IngestError) {
    return error;
  }
  const name = error instanceof Error ? error.name : '';
  return new IngestError(name === 'PasswordException' ? 'encrypted' : 'corrupt', undefined, { cause: error });
}
