import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePageLayout, parsePageLayouts, termBoxes } from '@portal/contract';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReportSpecs, type DemoReportSpec } from '../demo/pdf/demo-report-specs.ts';
import { generateReportPdf } from '../demo/pdf/generate-report-pdf.ts';
import { composeReport } from '../demo/pdf/report-content.ts';
import { LocalStorage } from '../platform/storage/local-storage.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { imageInfo } from '../platform/images/image-size.ts';
import { IngestError } from './ingest-error.ts';
import { ingestPdf, type IngestedPdf } from './ingest-pdf.ts';
import { PdfWorkerRunner, sharedPdfWorker } from './pdf-worker-runner.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { renderPageImage, renderPageLayout } from './page-files.ts';

const squash = (text: string) => text.replace(/\s+/g, '');

let dir: string;
let storage: LocalStorage;
let spec: DemoReportSpec;
let pdf: Buffer;
let pdfPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-test-'));
  storage = new LocalStorage(join(dir, 'files'));
  const base = demoReportSpecs({ now: new Date('2026-11-22T00:00:00Z'), count: 1 })[0];
  if (!base) {
    throw new Error('no spec');
  }
  spec = { ...base, pageCount: 6 };
  pdf = await generateReportPdf(spec);
  pdfPath = join(dir, 'report.pdf');
  await writeFile(pdfPath, pdf);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ingest = (keyPrefix: string, extra: Partial<Parameters<typeof ingestPdf>[0]> = {}) =>
  ingestPdf({ bytes: pdf, storage, keyPrefix, ...extra });

describe('ingestPdf', () => {
  let result: IngestedPdf;
  beforeAll(async () => {
    result = await ingest('reports/1/a');
  });

  it('counts the pages and stores exactly the expected files', async () => {
    expect(result.pageCount).toBe(6);
    expect(result.pages.map((page) => page.pageNo)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await storage.list('reports/1/a')).toEqual([
      'reports/1/a/cover.png',
      ...[1, 2, 3, 4, 5, 6].flatMap((n) => [
        `reports/1/a/pages/000${n}.jpg`,
        `reports/1/a/pages/000${n}.json`,
      ]),
      'reports/1/a/pages/layouts.json',
      'reports/1/a/source.pdf',
    ]);
    expect(result.pdfKey).toBe('reports/1/a/source.pdf');
    expect((await storage.get(result.pdfKey))?.equals(pdf)).toBe(true);
  });

  it('extracts the Chinese that was written, page by page', () => {
    const content = composeReport(spec);
    const pageTexts = result.pages.map((page) => squash(page.text));
    expect(pageTexts[0]).toContain(squash(spec.title));
    expect(pageTexts[0]).toContain(squash(content.disclaimer));
    for (const point of content.summary) {
      expect(pageTexts[1]).toContain(squash(point));
    }
    content.sections.forEach((section, i) => {
      const text = pageTexts[i + 2] ?? '';
      expect(text).toContain(squash(section.heading));
      for (const paragraph of section.paragraphs) {
        expect(text).toContain(squash(paragraph));
      }
    });
    // Wrapped lines of a paragraph are joined without inserting spaces into the Chinese.
    const firstParagraph = content.sections[0]?.paragraphs[0] ?? '';
    expect(result.pages[2]?.text).toContain(firstParagraph);
  });

  it('extracts the same text as poppler (pdftotext) on every page', () => {
    for (const page of result.pages) {
      const poppler = execFileSync(
        'pdftotext',
        ['-raw', '-enc', 'UTF-8', '-f', String(page.pageNo), '-l', String(page.pageNo), pdfPath, '-'],
        { encoding: 'utf8' },
      );
      expect(squash(page.text), `page ${page.pageNo}`).toBe(squash(poppler));
    }
  });

  it('stores a 600 px PNG cover and 1000 px JPEG page images', async () => {
    expect(result.cover).toEqual({ key: 'reports/1/a/cover.png', width: 600, height: 849 });
    expect(imageInfo((await storage.get(result.cover.key))!)).toEqual({
      type: 'png',
      width: 600,
      height: 849,
    });
    for (const page of result.pages) {
      expect(page).toMatchObject({ width: 1000, height: 1414, rendered: true });
      expect(imageInfo((await storage.get(page.key))!)).toEqual({
        type: 'jpg',
        width: 1000,
        height: 1414,
      });
    }
  });

  it('leaves pages after eagerPageImages for renderPageImage, which renders and caches them', async () => {
    const lazy = await ingest('reports/1/lazy', { eagerPageImages: 2 });
    expect(lazy.pages.map((page) => page.rendered)).toEqual([true, true, false, false, false, false]);
    expect((await storage.list('reports/1/lazy/pages')).filter((key) => key.endsWith('.jpg'))).toEqual([
      'reports/1/lazy/pages/0001.jpg',
      'reports/1/lazy/pages/0002.jpg',
    ]);
    const page5 = lazy.pages[4]!;
    const [first, second] = await Promise.all([
      renderPageImage(storage, lazy.pdfKey, 5),
      renderPageImage(storage, lazy.pdfKey, 5),
    ]);
    expect(first).toBe(page5.key);
    expect(second).toBe(page5.key);
    expect(imageInfo((await storage.get(page5.key))!)).toEqual({
      type: 'jpg',
      width: page5.width,
      height: page5.height,
    });
    expect(await renderPageImage(storage, lazy.pdfKey, 7)).toBeNull();
    expect(await renderPageImage(storage, 'reports/none/source.pdf', 1)).toBeNull();
  });

  it("stores each page's text layout: the boxes the phone reader marks words in, on both lines of a parted word", async () => {
    const fixture = await readFile(new URL('./fixtures/outline-report.pdf', import.meta.url));
    const outline = await ingestPdf({
      bytes: fixture,
      storage,
      keyPrefix: 'reports/2/a',
    });
    const layoutOf = async (pageNo: number) =>
      parsePageLayout(JSON.parse((await storage.get(`reports/2/a/pages/000${pageNo}.json`))!.toString()))!;
    const page5 = await layoutOf(5);
    // "钠离子电池在低温性能…" starts the chapter's first paragraph, at the page's left margin
    // (48 pt of A5's 419.5) under the chapter heading.
    const [sodium] = termBoxes(page5, ['钠离子电池']);
    expect(sodium?.x).toBeCloseTo(48 / 419.53, 2);
    expect(sodium?.y).toBeGreaterThan(0.1);
    expect(sodium?.y).toBeLessThan(0.25);
    // 5 of the line's ~29 characters.
    expect(sodium?.w).toBeGreaterThan(0.1);
    expect(sodium?.w).toBeLessThan(0.25);
    // "…首批量产车型已经上" | "市，…": a box at the end of one line and one at the start of the next.
    const [up, down] = termBoxes(page5, ['上市']);
    expect(up && down && down.y > up.y && up.x > 0.7 && Math.abs(down.x - (sodium?.x ?? 0)) < 0.01).toBe(
      true,
    );
    // No word on a page that does not hold it; every page's layout holds its text.
    expect(termBoxes(await layoutOf(3), ['钠离子电池'])).toEqual([]);
    for (const page of outline.pages) {
      const runs = (await layoutOf(page.pageNo)).runs.map((run) => run.s).join('');
      expect(squash(runs)).toBe(squash(page.text));
    }
    // And all of them in one file, in page order, for a phone's 在报告中查找.
    const all = parsePageLayouts(
      JSON.parse((await storage.get('reports/2/a/pages/layouts.json'))!.toString()),
    );
    expect(all?.pages).toEqual(await Promise.all(outline.pages.map((page) => layoutOf(page.pageNo))));
  });

  it('refuses to write into a prefix that already holds files', async () => {
    await expect(ingest('reports/1/a')).rejects.toThrow(/not empty/);
    expect(await storage.list('reports/1/a')).toHaveLength(15);
  });
});

describe('ingestPdf rejects bad files and leaves nothing behind', () => {
  const rejects = async (bytes: Uint8Array, keyPrefix: string, message: string, runner?: PdfRunner) => {
    const error = await ingestPdf({ bytes, storage, keyPrefix, runner }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).message).toBe(message);
    expect(await storage.list(keyPrefix)).toEqual([]);
  };

  it('a file that is not a PDF', async () => {
    await rejects(new TextEncoder().encode('这不是PDF文件'), 'bad/not-pdf', '文件不是有效的PDF');
  });

  it('a truncated PDF', async () => {
    await rejects(pdf.subarray(0, Math.floor(pdf.length / 2)), 'bad/half', 'PDF文件已损坏，无法解析');
  });

  it('a PDF whose body is garbage', async () => {
    const garbage = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(4000, 'x'),
      Buffer.from('\n%%EOF\n'),
    ]);
    await rejects(garbage, 'bad/garbage', 'PDF文件已损坏，无法解析');
  });

  it('an encrypted PDF', async () => {
    await rejects(await encryptedPdf(), 'bad/encrypted', 'PDF文件已加密，无法导入');
  });

  it('a PDF with more pages than allowed', async () => {
    const error = await ingest('bad/long', { maxPages: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).reason).toBe('too_many_pages');
    expect(await storage.list('bad/long')).toEqual([]);
  });

  it('a storage failure half-way deletes what was already written', async () => {
    let puts = 0;
    const failing: Storage = {
      ...bind(storage),
      put: async (key, bytes, type) => {
        if (++puts === 3) {
          throw new Error('disk full');
        }
        await storage.put(key, bytes, type);
      },
    };
    await expect(ingestPdf({ bytes: pdf, storage: failing, keyPrefix: 'bad/disk' })).rejects.toThrow(
      'disk full',
    );
    expect(puts).toBe(3);
    expect(await storage.list('bad/disk')).toEqual([]);
  });
});

// The process's one PDF worker, as every other test and the server use it: one thread of the
// process loads @napi-rs/canvas (pdf-runner.ts).
describe('PdfWorkerRunner', () => {
  const runner = sharedPdfWorker();

  it('reads, renders and lays out pages off the main thread', async () => {
    const inWorker = await ingestPdf({
      bytes: pdf,
      storage,
      keyPrefix: 'worker/ok',
      runner,
      eagerPageImages: 1,
    });
    expect(inWorker.pageCount).toBe(6);
    expect(squash(inWorker.pages[0]?.text ?? '')).toContain(squash(spec.title));
    expect((await storage.list('worker/ok')).filter((key) => !key.endsWith('.json'))).toEqual([
      'worker/ok/cover.png',
      'worker/ok/pages/0001.jpg',
      'worker/ok/source.pdf',
    ]);
    expect(await renderPageImage(storage, inWorker.pdfKey, 2, { runner })).toBe('worker/ok/pages/0002.jpg');
    // A layout read in the worker is the one ingest stored.
    const stored = await storage.get('worker/ok/pages/0003.json');
    await storage.delete('worker/ok/pages/0003.json');
    expect(await renderPageLayout(storage, inWorker.pdfKey, 3, runner)).toBe('worker/ok/pages/0003.json');
    expect((await storage.get('worker/ok/pages/0003.json'))?.equals(stored!)).toBe(true);
  });

  it('brings IngestErrors back from the worker', async () => {
    await rejects(await encryptedPdf(), 'worker/encrypted', 'PDF文件已加密，无法导入', runner);
  });

  it('stops a job that runs too long and cleans up', async () => {
    // The shared worker's thread ends first: this runner's is then the only one.
    await runner.close();
    const impatient = new PdfWorkerRunner({ jobTimeoutMs: 50 });
    try {
      await rejects(pdf, 'worker/slow', 'PDF文件处理超时，无法导入', impatient);
    } finally {
      await impatient.close();
    }
  });

  async function rejects(bytes: Uint8Array, keyPrefix: string, message: string, pdfRunner: PdfWorkerRunner) {
    const error = await ingestPdf({ bytes, storage, keyPrefix, runner: pdfRunner }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).message).toBe(message);
    expect(await storage.list(keyPrefix)).toEqual([]);
  }
});

function bind(target: LocalStorage): Storage {
  return {
    put: (key, bytes, type) => target.put(key, bytes, type),
    get: (key) => target.get(key),
    stream: (key, range) => target.stream(key, range),
    exists: (key) => target.exists(key),
    delete: (key) => target.delete(key),
    deletePrefix: (prefix) => target.deletePrefix(prefix),
    list: (prefix) => target.list(prefix),
  };
}

async function encryptedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ userPassword: 'secret', info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('confidential');
  doc.end();
  return done;
}
