import { extname } from 'node:path';
import {
  ADMIN_COVER_MAX_BYTES,
  ADMIN_DOCUMENT_MAX_BYTES,
  ADMIN_RELATED_FILES_MAX,
  FILE_VIEWERS,
  isFileViewer,
  MSG,
  type TAdminAnalysisFiles,
  type TAdminStateReply,
  type TPublishStatus,
  type ZAdminViewerUpdate,
  shanghaiDate,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { createImageVariants } from '../../platform/images/image-variants.ts';
import { contentTypeForKey } from '../../platform/storage/content-type.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { parseObjects } from '../content/content-docs.ts';
import { fileUrl } from '../content/content-types.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { AdminContentRepo } from './admin-content.repo.ts';
import type { Actor } from './admin-content.service.ts';
import type { ContentIndexer } from './content-indexer.ts';
import { deleteOwnFile, UPLOAD_KEYS, versionConflict } from './file-keys.ts';
import { boundedPicture, documentKind } from './file-kinds.ts';
import type { UploadedFile } from './upload-parts.ts';

export type AnalysisFilesDeps = {
  repo: AdminContentRepo;
  indexer: ContentIndexer;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
  fileUrls: FileUrls;
};

/** Covers are card images: a screen's worth of pixels is plenty, and nothing larger is decoded. */
const COVER_BOUNDS = { maxSide: 8000, maxPixels: 40_000_000 };

type Info = Record<string, unknown>;
type Quote = { title: string; create_time: string; url: string; ext: string };

function parseInfo(json: unknown): Info {
  try {
    const value = JSON.parse(String(json)) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Info) : {};
  } catch {
    return {};
  }
}
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const quotesOf = (row: Record<string, unknown>): Quote[] =>
  parseObjects(String(row.quote_data_info)).map((q) => ({
    title: text(q.title),
    create_time: text(q.create_time),
    url: text(q.url),
    ext: text(q.ext),
  }));
/** The related file's name without its extension (the list shows it as the file's title). */
const titleOf = (name: string) =>
  [...name.slice(0, name.length - extname(name).length).trim()].slice(0, 100).join('') || '相关文件';

/**
 * An insight topic's viewer and files (issue 16 "insight topics"): the viewer type and its
 * settings, the viewer's own file (PDF / .xlsx / .docx, checked by its bytes), the card cover
 * (JPG/PNG within bounds) and the related files. Every write is at the editor's version (409
 * otherwise), re-syncs the search document and is audited; a replaced or removed file the
 * back-office uploaded is deleted once the row no longer points at it.
 */
export function createAnalysisFilesService({
  repo,
  indexer,
  storage,
  audit,
  clock,
  fileUrls,
}: AnalysisFilesDeps) {
  async function rowOf(id: number): Promise<Record<string, unknown>> {
    const row = await repo.row('analysis', id);
    if (!row) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return row;
  }

  /** Writes `fields` at `version`, re-indexes, audits; returns the new state. */
  async function write(
    actor: Actor,
    row: Record<string, unknown>,
    version: number,
    fields: Record<string, unknown>,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<TAdminStateReply> {
    const id = Number(row.id);
    if (
      Number(row.version) !== version ||
      !(await repo.update('analysis', id, version, clock.now().getTime(), fields))
    ) {
      throw versionConflict();
    }
    await indexer.sync('analysis', id);
    await audit.record({ actorId: actor.id, action, targetType: 'analysis', targetId: id, before, after });
    return { id, status: row.status as TPublishStatus, version: version + 1 };
  }

  /** Stores the new file first; if the row write then fails, the new file goes and the old stays. */
  async function withStored<T>(key: string, bytes: Buffer, run: () => Promise<T>): Promise<T> {
    await storage.put(key, bytes, contentTypeForKey(key));
    try {
      return await run();
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }

  return {
    async files(id: number): Promise<TAdminAnalysisFiles> {
      const row = await rowOf(id);
      const info = parseInfo(row.anal_data_info);
      const ext = text(row.anal_data_ext);
      const url = text(info.url);
      return {
        anal_data_ext: ext,
        url: isFileViewer(ext) ? '' : url,
        work_book: text(info.work_book),
        tab_visible: info.tab_visible === true,
        tool_bar_visible: info.tool_bar_visible === true,
        target: text(row.target),
        file_url: isFileViewer(ext) && url !== '' ? fileUrls.forUrl(url) : '',
        cover_url: fileUrls.forKey(text(row.cover_key)),
        related: quotesOf(row).map((q) => ({ ...q, url: fileUrls.forUrl(q.url) })),
        version: Number(row.version),
      };
    },

    /** The viewer type and its settings; a file viewer keeps its file only while its file kind stays. */
    async updateViewer(actor: Actor, id: number, body: z.output<typeof ZAdminViewerUpdate>) {
      const row = await rowOf(id);
      const oldExt = text(row.anal_data_ext);
      const oldInfo = parseInfo(row.anal_data_info);
      const ext = body.anal_data_ext;
      const keepsFile =
        isFileViewer(ext) && isFileViewer(oldExt) && FILE_VIEWERS[ext] === FILE_VIEWERS[oldExt];
      const info: Info = isFileViewer(ext)
        ? { url: keepsFile ? text(oldInfo.url) : '' }
        : ext === 'baidu_ai'
          ? { model: text(oldInfo.model) || 'image-classification', url: body.url }
          : {
              url: body.url,
              work_book: ext === 'tableau' ? body.work_book : '',
              tab_visible: body.tab_visible,
              tool_bar_visible: body.tool_bar_visible,
            };
      const state = await write(
        actor,
        row,
        body.version,
        { anal_data_ext: ext, anal_data_info: JSON.stringify(info), target: body.target },
        'content.update',
        { anal_data_ext: oldExt, anal_data_info: oldInfo, target: row.target },
        { anal_data_ext: ext, anal_data_info: info, target: body.target },
      );
      if (isFileViewer(oldExt) && !keepsFile) {
        await deleteOwnFile(storage, text(oldInfo.url));
      }
      return state;
    },

    /** The file a PDF, Excel or Word viewer shows; it must be of the viewer's kind. */
    async uploadViewerFile(actor: Actor, id: number, version: number, file: UploadedFile) {
      const row = await rowOf(id);
      const ext = text(row.anal_data_ext);
      if (!isFileViewer(ext)) {
        throw AppError.badRequest(MSG.adminViewerHasNoFile);
      }
      if (file.bytes.length > ADMIN_DOCUMENT_MAX_BYTES) {
        throw AppError.badRequest(MSG.adminDocumentTooLarge);
      }
      if (documentKind(file.bytes) !== FILE_VIEWERS[ext]) {
        throw AppError.badRequest(MSG.adminViewerFileMismatch);
      }
      const oldInfo = parseInfo(row.anal_data_info);
      const key = UPLOAD_KEYS.topicFile(id, FILE_VIEWERS[ext]);
      const info = { ...oldInfo, url: fileUrl(key) };
      const state = await withStored(key, file.bytes, () =>
        write(
          actor,
          row,
          version,
          { anal_data_info: JSON.stringify(info) },
          'content.replace_file',
          { file: text(oldInfo.url) },
          { file: file.name, url: info.url },
        ),
      );
      await deleteOwnFile(storage, text(oldInfo.url));
      return state;
    },

    /** The topic's card image: JPG or PNG, at most 4 MB, its declared size within bounds. */
    async uploadCover(actor: Actor, id: number, version: number, file: UploadedFile) {
      const row = await rowOf(id);
      const picture =
        file.bytes.length <= ADMIN_COVER_MAX_BYTES
          ? boundedPicture(file.bytes, COVER_BOUNDS, ['jpg', 'png'])
          : null;
      if (!picture) {
        throw AppError.badRequest(MSG.adminCoverInvalid);
      }
      const key = UPLOAD_KEYS.topicCover(id, picture.kind);
      // Card-size copies now (a picture that does not decode is refused, nothing stored).
      if (!(await createImageVariants(storage).makeAll(key, file.bytes))) {
        throw AppError.badRequest(MSG.adminCoverInvalid);
      }
      const old = text(row.cover_key);
      const state = await withStored(key, file.bytes, () =>
        write(
          actor,
          row,
          version,
          { cover_key: key },
          'content.replace_file',
          { cover: old },
          { cover: key },
        ),
      );
      await deleteOwnFile(storage, old);
      return state;
    },

    /** Adds a related file (PDF, .xlsx or .docx), listed last under the file's own name. */
    async addRelatedFile(actor: Actor, id: number, version: number, file: UploadedFile) {
      const row = await rowOf(id);
      const quotes = quotesOf(row);
      if (quotes.length >= ADMIN_RELATED_FILES_MAX) {
        throw AppError.badRequest(MSG.adminRelatedFilesTooMany);
      }
      if (file.bytes.length > ADMIN_DOCUMENT_MAX_BYTES) {
        throw AppError.badRequest(MSG.adminDocumentTooLarge);
      }
      const kind = documentKind(file.bytes);
      if (!kind) {
        throw AppError.badRequest(MSG.adminRelatedFileInvalid);
      }
      const key = UPLOAD_KEYS.topicFile(id, kind);
      const quote: Quote = {
        title: titleOf(file.name),
        create_time: shanghaiDate(clock.now().getTime()),
        url: fileUrl(key),
        ext: kind,
      };
      return withStored(key, file.bytes, () =>
        write(
          actor,
          row,
          version,
          { quote_data_info: JSON.stringify([...quotes, quote]) },
          'content.add_file',
          null,
          { related_file: quote.title, url: quote.url },
        ),
      );
    },

    async removeRelatedFile(actor: Actor, id: number, index: number, version: number) {
      const row = await rowOf(id);
      const quotes = quotesOf(row);
      const removed = quotes[index];
      if (!removed) {
        throw AppError.notFound(MSG.adminRelatedFileNotFound);
      }
      const state = await write(
        actor,
        row,
        version,
        { quote_data_info: JSON.stringify(quotes.filter((_, i) => i !== index)) },
        'content.remove_file',
        { related_file: removed.title, url: removed.url },
        null,
      );
      await deleteOwnFile(storage, removed.url);
      return state;
    },
  };
}

export type AnalysisFilesService = ReturnType<typeof createAnalysisFilesService>;
