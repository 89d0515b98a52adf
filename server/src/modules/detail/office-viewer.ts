import { createHash } from 'node:crypto';
import { MSG, type TSheet } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { isValidStorageKey } from '../../platform/storage/storage-key.ts';
import { sanitizeHeadlineHtml } from '../content/headline-html.ts';

/** Sheets larger than this are cut: the viewer is a preview, the file is there to download. */
export const SHEET_MAX_ROWS = 2000;
export const SHEET_MAX_COLUMNS = 100;
const CACHE_PREFIX = 'cache/office';

export type OfficeViewer = ReturnType<typeof createOfficeViewer>;

/** `/files/<key>` → the storage key, or null for anything that is not one of our files. */
export function storageKeyOfUrl(url: string): string | null {
  if (!url.startsWith('/files/')) {
    return null;
  }
  let key: string;
  try {
    key = decodeURIComponent(url.slice('/files/'.length).split(/[?#]/)[0] ?? '');
  } catch {
    return null;
  }
  return isValidStorageKey(key) ? key : null;
}

function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(dot + 1).toLowerCase();
}

/** The workbook as rows of display text, every sheet; merged and empty cells read as ''. */
export async function xlsxToSheets(bytes: Uint8Array): Promise<TSheet[]> {
  // Loaded on first use: exceljs and its zip libraries are a large part of every process's start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // exceljs types want a Node Buffer of its own generic shape; the bytes are the same.
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rowCount = Math.min(sheet.actualRowCount > 0 ? sheet.rowCount : 0, SHEET_MAX_ROWS);
    const columnCount = Math.min(sheet.columnCount, SHEET_MAX_COLUMNS);
    const rows: string[][] = [];
    for (let r = 1; r <= rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columnCount; c++) {
        cells.push(row.getCell(c).text ?? '');
      }
      rows.push(cells);
    }
    return { name: sheet.name, rows };
  });
}

/**
 * The document as HTML, sanitised with the headline rules (no script, handlers, SVG or
 * data: URLs — so embedded images are dropped; the download has them).
 */
export async function docxToHtml(bytes: Uint8Array): Promise<string> {
  // Loaded on the first Word file shown, not at every process start.
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return sanitizeHeadlineHtml(value);
}

/**
 * Converts an analysis's stored excel and word files for the viewers, once: the result is
 * kept in storage under a key made from the source key (stored objects never change).
 */
export function createOfficeViewer(storage: Storage) {
  async function cached<T>(
    url: string,
    kind: 'sheets' | 'html',
    convert: (bytes: Uint8Array) => Promise<T>,
  ): Promise<T> {
    const key = storageKeyOfUrl(url);
    if (!key) {
      throw AppError.notice(MSG.officeFileUnreadable);
    }
    const cacheKey = `${CACHE_PREFIX}/${createHash('sha256').update(key).digest('hex')}.${kind}.json`;
    const hit = await storage.get(cacheKey);
    if (hit) {
      return JSON.parse(hit.toString('utf8')) as T;
    }
    const bytes = await storage.get(key);
    if (!bytes) {
      throw AppError.notice(MSG.officeFileMissing);
    }
    let result: T;
    try {
      result = await convert(bytes);
    } catch {
      throw AppError.notice(MSG.officeFileUnreadable);
    }
    await storage.put(cacheKey, Buffer.from(JSON.stringify(result)), 'application/json');
    return result;
  }

  return {
    /** Sheets of an .xlsx; .xls (the old binary format) is refused with the spec's alert text. */
    async sheets(url: string): Promise<TSheet[]> {
      const ext = extensionOf(url);
      if (ext === 'xls') {
        throw AppError.notice(MSG.xlsUnsupported);
      }
      if (ext !== 'xlsx') {
        throw AppError.notice(MSG.officeFileUnreadable);
      }
      return cached(url, 'sheets', xlsxToSheets);
    },

    /** Sanitised HTML of a .docx (the old binary .doc cannot be read). */
    async html(url: string): Promise<string> {
      if (extensionOf(url) !== 'docx') {
        throw AppError.notice(MSG.officeFileUnreadable);
      }
      return cached(url, 'html', docxToHtml);
    },
  };
}
