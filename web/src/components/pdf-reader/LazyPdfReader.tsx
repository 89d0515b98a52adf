import { lazy } from 'react';

/**
 * The PDF reader, loaded on first use: pdf.js (~130 KiB gzip, plus its worker) must never be
 * part of a screen's first load, so only this dynamic import reaches it.
 */
export const LazyPdfReader = lazy(async () => ({ default: (await import('./PdfReader.tsx')).PdfReader }));
