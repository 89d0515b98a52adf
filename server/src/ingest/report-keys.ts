/**
 * Where one ingested PDF's files live under its key prefix. Page numbers are 1-based and
 * zero-padded so a listing sorts in page order.
 */
export const PDF_FILE = 'source.pdf';
export const COVER_FILE = 'cover.png';

export function pdfKeyOf(prefix: string): string {
  return `${prefix}/${PDF_FILE}`;
}

export function coverKeyOf(prefix: string): string {
  return `${prefix}/${COVER_FILE}`;
}

export function pageImageKeyOf(prefix: string, pageNo: number): string {
  return `${prefix}/pages/${String(pageNo).padStart(4, '0')}.jpg`;
}

/** Where page `pageNo`'s text layout (contract `TPageLayout`, JSON) sits, beside its image. */
export function pageLayoutKeyOf(prefix: string, pageNo: number): string {
  return `${prefix}/pages/${String(pageNo).padStart(4, '0')}.json`;
}

/** Where every page's layout sits in one file (contract `TPageLayouts`): a phone's 在报告中查找 reads it at once. */
export function pageLayoutsKeyOf(prefix: string): string {
  return `${prefix}/pages/layouts.json`;
}

/** The prefix a PDF key was made from; throws for a key not made by `pdfKeyOf`. */
export function prefixOfPdfKey(pdfKey: string): string {
  const suffix = `/${PDF_FILE}`;
  if (!pdfKey.endsWith(suffix) || pdfKey.length === suffix.length) {
    throw new Error(`${pdfKey} is not an ingested PDF key (…/${PDF_FILE})`);
  }
  return pdfKey.slice(0, -suffix.length);
}
