import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { IngestError } from '../../ingest/ingest-error.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ContentIngestion } from '../content/content.service.ts';

/** A file is taken once its size and modification time held still this long (still being written otherwise). */
export const SETTLE_MS = 5_000;
const PDF_MAGIC = Buffer.from('%PDF-');
/** Names writers use while a file is incomplete: never taken. */
const PARTIAL = /^\.|~$|\.(part|partial|tmp|crdownload|download|filepart)$/i;

export type InboxOutcome =
  | { file: string; status: 'published' | 'draft'; id: number }
  | { file: string; status: 'failed'; error: string };

export const INBOX_TEXT = {
  notPdf: '文件不是PDF格式',
  failed: '导入失败',
} as const;

/** The report title a file name gives: its base name, underscores as spaces (as uploads do). */
function titleOf(fileName: string): string {
  const base = fileName
    .slice(0, fileName.length - extname(fileName).length)
    .replace(/_+/g, ' ')
    .trim();
  return [...(base || '未命名报告')].slice(0, 200).join('');
}

/**
 * The REPORT_INBOX drop folder: PDFs put there by any means (scp, a share, a scanner) are
 * ingested through the same pipeline as uploads, then moved to `done/`; a refused file goes to
 * `failed/` with `<name>.txt` saying why. A file still being written is left alone until its
 * size and time have held still for `settleMs` across two scans. Each file is claimed by an
 * atomic rename into `processing/`, so processes sharing the folder take it exactly once.
 */
export function createReportInbox({
  dir,
  publish,
  content,
  clock,
  runner,
  settleMs = SETTLE_MS,
}: {
  dir: string;
  publish: boolean;
  content: ContentIngestion;
  clock: Clock;
  runner?: PdfRunner;
  settleMs?: number;
}) {
  const seen = new Map<string, { size: number; mtimeMs: number }>();
  const sub = (name: 'processing' | 'done' | 'failed') => join(dir, name);

  /** `target` in `folder`, or a name beside it that is free (an earlier file of the same name). */
  async function freeName(folder: string, name: string): Promise<string> {
    const ext = extname(name);
    for (let i = 0; ; i++) {
      const candidate = join(folder, i === 0 ? name : `${basename(name, ext)}-${i}${ext}`);
      try {
        await stat(candidate);
      } catch {
        return candidate;
      }
    }
  }

  async function settled(): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const ready: string[] = [];
    const present = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile() || PARTIAL.test(entry.name)) {
        continue;
      }
      present.add(entry.name);
      let info;
      try {
        info = await stat(join(dir, entry.name));
      } catch {
        continue; // taken by another process meanwhile
      }
      const before = seen.get(entry.name);
      seen.set(entry.name, { size: info.size, mtimeMs: info.mtimeMs });
      const still = before !== undefined && before.size === info.size && before.mtimeMs === info.mtimeMs;
      if (still && Date.now() - info.mtimeMs >= settleMs) {
        ready.push(entry.name);
      }
    }
    for (const name of seen.keys()) {
      if (!present.has(name)) {
        seen.delete(name);
      }
    }
    return ready;
  }

  async function ingest(name: string, claimed: string): Promise<InboxOutcome> {
    const bytes = await readFile(claimed);
    if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
      throw new IngestError('not_pdf', INBOX_TEXT.notPdf);
    }
    const status = publish ? 'published' : 'draft';
    const id = await content.importReportPdf(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { title: titleOf(name), publishedAt: clock.now(), status },
      runner,
    );
    return { file: name, status, id };
  }

  return {
    /** One pass: claims and ingests every settled file; returns what became of each. */
    async scan(): Promise<InboxOutcome[]> {
      await Promise.all([
        mkdir(sub('processing'), { recursive: true }),
        mkdir(sub('done'), { recursive: true }),
        mkdir(sub('failed'), { recursive: true }),
      ]);
      const outcomes: InboxOutcome[] = [];
      for (const name of await settled()) {
        const claimed = join(sub('processing'), `${randomUUID()}-${name}`);
        try {
          await rename(join(dir, name), claimed);
        } catch {
          continue; // another process claimed it first
        }
        seen.delete(name);
        try {
          const outcome = await ingest(name, claimed);
          await rename(claimed, await freeName(sub('done'), name));
          outcomes.push(outcome);
        } catch (error) {
          const reason = error instanceof IngestError ? error.message : INBOX_TEXT.failed;
          const target = await freeName(sub('failed'), name);
          await rename(claimed, target);
          await writeFile(`${target}.txt`, `${reason}\n`);
          outcomes.push({ file: name, status: 'failed', error: reason });
        }
      }
      return outcomes;
    },
  };
}

export type ReportInbox = ReturnType<typeof createReportInbox>;
