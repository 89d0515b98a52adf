import { extname } from 'node:path';
import {
  MSG,
  REPORT_UPLOAD_MAX_BYTES,
  REPORT_UPLOAD_MAX_FILES,
  type TAdminUploadItem,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { IngestError, INGEST_MESSAGES } from '../../ingest/ingest-error.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import type { Actor, AdminContentService } from './admin-content.service.ts';

/**
 * Multipart limits of POST /api/admin/reports/upload: one more file than allowed so that a
 * request over the limit is seen (and refused whole) rather than cut short silently.
 */
export const REPORT_MULTIPART_LIMITS = {
  fileSize: REPORT_UPLOAD_MAX_BYTES,
  files: REPORT_UPLOAD_MAX_FILES + 1,
  fields: 10,
  parts: REPORT_UPLOAD_MAX_FILES + 11,
} as const;

const PDF_MAGIC = Buffer.from('%PDF-');

/** The report's title: the file name without its extension (pdf.js stays off the main thread). */
function titleOf(fileName: string): string {
  const base = fileName
    .slice(0, fileName.length - extname(fileName).length)
    .replace(/_+/g, ' ')
    .trim();
  return [...(base || '未命名报告')].slice(0, 200).join('');
}

export type ReportUploadDeps = {
  content: ContentIngestion;
  admin: AdminContentService;
  audit: AuditLog;
  clock: Clock;
  runner?: PdfRunner;
};

/**
 * Reads the upload part by part, one file in memory at a time, and imports each PDF through the
 * one ingestion pipeline as a draft. A refused file (not a PDF by its first bytes, too large,
 * broken, encrypted) gets its Chinese reason and leaves nothing behind. With `publish=1`
 * each imported report is published: at once when the field came before the files, else when
 * the request has been read. Too many files → 400 and the drafts of this request are deleted.
 */
export async function uploadReports(request: FastifyRequest, actor: Actor, deps: ReportUploadDeps) {
  if (!request.isMultipart()) {
    throw AppError.badRequest(MSG.adminUploadNoFile);
  }
  const items: TAdminUploadItem[] = [];
  let publish = false;
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'publish') {
          publish = String(part.value) === '1';
        }
        continue;
      }
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      files += 1;
      if (files > REPORT_UPLOAD_MAX_FILES) {
        throw AppError.badRequest(MSG.adminUploadTooMany);
      }
      const bytes = await part.toBuffer();
      const name = part.filename;
      if (part.file.truncated) {
        items.push({ id: null, name, status: 'failed', error: MSG.adminUploadTooLarge });
        continue;
      }
      items.push(await importOne(bytes, name, publish, actor, deps));
    }
  } catch (error) {
    await discardDrafts(items, actor, deps);
    if (error instanceof AppError) {
      throw error;
    }
    throw AppError.badRequest(MSG.uploadFailed);
  }
  if (files === 0) {
    throw AppError.badRequest(MSG.adminUploadNoFile);
  }
  if (publish) {
    for (const item of items) {
      if (item.status === 'draft' && item.id !== null) {
        item.status = (await deps.admin.publish(actor, 'report', item.id)).status;
      }
    }
  }
  return { items };
}

async function importOne(
  bytes: Buffer,
  name: string,
  publish: boolean,
  actor: Actor,
  { content, audit, clock, runner }: ReportUploadDeps,
): Promise<TAdminUploadItem> {
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    return { id: null, name, status: 'failed', error: INGEST_MESSAGES.not_pdf };
  }
  const status = publish ? 'published' : 'draft';
  try {
    const id = await content.importReportPdf(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { title: titleOf(name), publishedAt: clock.now(), status },
      runner,
    );
    await audit.record({
      actorId: actor.id,
      action: 'content.upload',
      targetType: 'report',
      targetId: id,
      after: { title: titleOf(name), file: name, status },
    });
    return { id, name, status };
  } catch (error) {
    if (error instanceof IngestError) {
      return { id: null, name, status: 'failed', error: error.message };
    }
    throw error;
  }
}

/** A request refused whole keeps nothing it imported. */
async function discardDrafts(items: readonly TAdminUploadItem[], actor: Actor, deps: ReportUploadDeps) {
  for (const item of items) {
    if (item.id !== null) {
      await deps.admin.remove(actor, 'report', item.id);
    }
  }
}
