import { MSG, ZAdminVersionQuery } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/** One uploaded file, whole in memory (every single-file upload here is capped well below RAM). */
export type UploadedFile = { name: string; bytes: Buffer };

/**
 * Reads a single-file upload of the back-office (multipart): text fields, and at most one file
 * per allowed part name. A part over `maxBytes` is refused with `tooLarge` once the request has
 * been read (the stream is drained, never kept); a second file of one name, or none of
 * `required`, is refused with the contract's message. Unknown file parts are drained and ignored.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { fileParts: readonly string[]; required: string; maxBytes: number; tooLarge: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile; files: Map<string, UploadedFile> }> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(MSG.adminFileRequired);
  }
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  let refused: string | null = null;
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 4, fields: 10 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer();
    if (!options.fileParts.includes(part.fieldname)) {
      continue;
    }
    if (files.has(part.fieldname)) {
      refused ??= MSG.adminOneFileOnly;
    } else if (part.file.truncated) {
      refused ??= options.tooLarge;
    }
    files.set(part.fieldname, { name: part.filename, bytes });
  }
  if (refused !== null) {
    throw AppError.badRequest(refused);
  }
  const file = files.get(options.required);
  if (!file) {
    throw AppError.badRequest(MSG.adminFileRequired);
  }
  return { fields, file, files };
}

/** The `version` field the editor was loaded with (the optimistic concurrency check). */
export function versionField(fields: Record<string, string>): number {
  const parsed = ZAdminVersionQuery.safeParse({ version: fields.version });
  if (!parsed.success) {
    throw AppError.badRequest(MSG.badRequest);
  }
  return parsed.data.version;
}

/** One `file` part and the editor's `version` field: what every single-file replace call reads. */
export async function readVersionedFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: string,
): Promise<{ version: number; file: UploadedFile }> {
  const { fields, file } = await readUpload(request, {
    fileParts: ['file'],
    required: 'file',
    maxBytes,
    tooLarge,
  });
  return { version: versionField(fields), file };
}
