import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { IngestError } from '../../ingest/ingest-error.ts';
import { openPdf } from '../../ingest/pdf-document.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ContentCatalogue, ContentIngestion } from './content.service.ts';

// This module loads pdf.js (for the title in the PDF's metadata): scripts and tests only,
// never the server's main thread (see src/ingest/README.md).

export type ImportOutcome =
  | { file: string; ok: true; id: number; title: string; pageCount: number }
  | { file: string; ok: false; message: string };

const MAX_TITLE_CHARS = 200;

/** Every .pdf under the given files and folders (folders recursively), sorted, without repeats. */
export async function pdfFilesIn(paths: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const walk = async (path: string, named: boolean): Promise<void> => {
    const info = await stat(path);
    if (info.isDirectory()) {
      for (const entry of (await readdir(path)).sort()) {
        await walk(join(path, entry), false);
      }
    } else if (named || extname(path).toLowerCase() === '.pdf') {
      // A file named explicitly is tried whatever its extension (and refused if not a PDF).
      found.add(path);
    }
  };
  for (const path of paths) {
    await walk(path, true);
  }
  return [...found];
}

/** The document title from the PDF's metadata, or null when it has none. */
export async function pdfTitle(bytes: Uint8Array): Promise<string | null> {
  const document = await openPdf(bytes);
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    const clean = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
    return clean === '' ? null : [...clean].slice(0, MAX_TITLE_CHARS).join('');
  } finally {
    await document.destroy();
  }
}

function titleFromFileName(file: string): string {
  return basename(file, extname(file)).replace(/[_]+/g, ' ').trim() || '未命名报告';
}

/**
 * `npm run import`: each PDF becomes a report through the upload pipeline (cover, pages,
 * text, index). The title comes from the PDF's metadata, else the file name. A refused PDF
 * (broken, encrypted, not a PDF) is reported with its Chinese message and writes nothing.
 */
export async function importPdfFiles(
  paths: readonly string[],
  deps: {
    content: ContentIngestion & Pick<ContentCatalogue, 'reportPageCount'>;
    clock: Clock;
    runner?: PdfRunner;
  },
): Promise<ImportOutcome[]> {
  const outcomes: ImportOutcome[] = [];
  for (const file of await pdfFilesIn(paths)) {
    try {
      const bytes = new Uint8Array(await readFile(file));
      const title = (await pdfTitle(bytes)) ?? titleFromFileName(file);
      const id = await deps.content.importReportPdf(
        bytes,
        { title, publishedAt: deps.clock.now() },
        deps.runner,
      );
      outcomes.push({ file, ok: true, id, title, pageCount: await pageCountOf(deps.content, id) });
    } catch (error) {
      const message =
        error instanceof IngestError
          ? error.message
          : `导入失败：${error instanceof Error ? error.message : String(error)}`;
      outcomes.push({ file, ok: false, message });
    }
  }
  return outcomes;
}

async function pageCountOf(content: Pick<ContentCatalogue, 'reportPageCount'>, id: number): Promise<number> {
  return (await content.reportPageCount(id)) ?? 0;
}
