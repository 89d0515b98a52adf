import {
  MSG,
  ResultCode,
  type TAdminContentDetail,
  type TAdminContentType,
  type TAdminImpact,
  type TAdminStateReply,
  type TPublishStatus,
  type ZAdminAnalysisUpdate,
  type ZAdminContentListQuery,
  type ZAdminHeadlineCreate,
  type ZAdminHeadlineUpdate,
  type ZAdminMaterialUpdate,
  type ZAdminReportUpdate,
  validateAdminToc,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import { fileUrl } from '../content/content-types.ts';
import { sanitizeHeadlineHtml } from '../content/headline-html.ts';
import { META_EDITED, parseToc } from '../content/report-metadata.ts';
import type { HeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import type { AdminContentRepo, ContentState, ReportCompanyRow } from './admin-content.repo.ts';
import type { ContentIndexer } from './content-indexer.ts';

export type AdminContentDeps = {
  repo: AdminContentRepo;
  indexer: ContentIndexer;
  /** A headline's story (同一事件): listed in its editor, and split when two stories were joined. */
  clusters: HeadlineClusters;
  content: ContentIngestion;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
};
export type AdminContentService = ReturnType<typeof createAdminContentService>;

/** Who acts: the admin's user id (recorded in the audit log). */
export type Actor = { id: number };

/** Fields of each type the editor shows and the audit log compares. */
const EDITABLE_FIELDS: Record<TAdminContentType, readonly string[]> = {
  report: [
    'title',
    'source_type',
    'industry',
    'description',
    'abstract',
    'toc',
    'auto_tags',
    'keywords',
    'page_count',
  ],
  headline: ['title', 'content', 'source_name', 'source_url', 'description'],
  analysis: ['title', 'creator', 'description', 'anal_type', 'anal_data_ext', 'restricted'],
  material: ['title', 'material_type', 'category', 'parent_brand', 'product_brand', 'style_type', 'channel'],
};

const stateOut = (s: Pick<ContentState, 'id' | 'status' | 'version'>): TAdminStateReply => ({
  id: s.id,
  status: s.status,
  version: s.version,
});

/** A report's companies as the audit log shows them: 名称（已入驻）, publisher first. */
const companiesText = (companies: readonly ReportCompanyRow[]) =>
  companies.map((c) => `${c.name}（${c.status === 0 ? '已入驻' : '未入驻'}）`);

/** A report's contents as the audit log shows them: 一、概览（第3页）, one entry after another. */
const tocText = (json: string) => parseToc(json).map((e) => `${e.title}（第${e.page}页）`);

/** The fields of `after` whose values differ from `before` (audit before → after). */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * The back-office's content writes and reads. Every write changes the row only if it is still
 * at the version the caller read (optimistic concurrency), then brings the search document in
 * step with the new state and records the change in the audit log.
 */
export function createAdminContentService({
  repo,
  indexer,
  clusters,
  content,
  storage,
  audit,
  clock,
}: AdminContentDeps) {
  const now = () => clock.now().getTime();

  async function existing(type: TAdminContentType, id: number): Promise<ContentState> {
    const state = await repo.state(type, id);
    if (!state) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    return state;
  }

  // 409: the editor must reload; nothing was written.
  const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);

  async function setStatus(
    actor: Actor,
    type: TAdminContentType,
    id: number,
    status: TPublishStatus,
  ): Promise<TAdminStateReply> {
    const state = await existing(type, id);
    if (state.status === status) {
      return stateOut(state);
    }
    const at = now();
    // A draft's first publication is its arrival: it sorts as new and reaches the next digest.
    const arrival =
      state.status === 'draft' && status === 'published' ? { published_at: at, created_at: at } : {};
    if (!(await repo.update(type, id, state.version, at, { status, ...arrival }))) {
      throw conflict();
    }
    await indexer.sync(type, id);
    await audit.record({
      actorId: actor.id,
      action: status === 'published' ? 'content.publish' : 'content.unpublish',
      targetType: type,
      targetId: id,
      before: { status: state.status },
      after: { status },
    });
    return { id, status, version: state.version + 1 };
  }

  /** Edits the row at `version` (409 when someone saved first), re-indexes, audits the changed fields. */
  async function edit(
    actor: Actor,
    type: TAdminContentType,
    id: number,
    version: number,
    fields: Record<string, unknown>,
  ): Promise<TAdminStateReply> {
    const row = await repo.row(type, id);
    if (!row) {
      throw AppError.notFound(MSG.contentNotFound);
    }
    if (Number(row.version) !== version || !(await repo.update(type, id, version, now(), fields))) {
      throw conflict();
    }
    await indexer.sync(type, id);
    const diff = changed(row, fields);
    await audit.record({
      actorId: actor.id,
      action: 'content.update',
      targetType: type,
      targetId: id,
      ...diff,
    });
    return { id, status: row.status as TPublishStatus, version: version + 1 };
  }

  return {
    publish: (actor: Actor, type: TAdminContentType, id: number) => setStatus(actor, type, id, 'published'),
    unpublish: (actor: Actor, type: TAdminContentType, id: number) =>
      setStatus(actor, type, id, 'unpublished'),

    async list(type: TAdminContentType, q: z.output<typeof ZAdminContentListQuery>) {
      const page = await repo.list(type, q);
      if (type !== 'headline') {
        return page;
      }
      // Which rows readers see folded into one story's card (同一事件), so a wrong join is found.
      const sizes = await clusters.storySizes(page.data.map((r) => r.id));
      return {
        ...page,
        data: page.data.map((r) => (sizes.has(r.id) ? { ...r, story_size: sizes.get(r.id) } : r)),
      };
    },

    async detail(type: TAdminContentType, id: number): Promise<TAdminContentDetail> {
      const row = await repo.row(type, id);
      if (!row) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const fields = Object.fromEntries(EDITABLE_FIELDS[type].map((key) => [key, row[key]]));
      if (type === 'report') {
        fields.keywords = JSON.parse(String(row.keywords)) as unknown;
        fields.toc = parseToc(String(row.toc));
        fields.auto_tags = JSON.parse(String(row.auto_tags)) as unknown;
        fields.companies = await repo.reportCompanies(id);
      }
      if (type === 'headline') {
        fields.cover_url = fileUrl(String(row.cover_key));
        fields.same_story = await clusters.story(id);
      }
      return {
        id,
        title: String(row.title),
        status: row.status as TPublishStatus,
        version: Number(row.version),
        published_at: Number(row.published_at),
        updated_at: Number(row.updated_at),
        ...(await repo.counts(type, id)),
        fields,
      };
    },

    /**
     * Takes a headline out of its story: readers then see it as a card of its own beside the
     * story's card, which no longer counts its source. Refused for a headline alone in its story.
     */
    async splitHeadline(actor: Actor, id: number): Promise<TAdminStateReply> {
      const state = await existing('headline', id);
      const before = await clusters.story(id);
      const rest = await clusters.split(id);
      if (rest.length === 0) {
        throw AppError.badRequest(MSG.adminHeadlineAlone);
      }
      // Either side may change its card: this one is its own now, the rest have a new first.
      await indexer.sync('headline', id);
      await indexer.sync('headline', rest[0] as number);
      await audit.record({
        actorId: actor.id,
        action: 'headline.split',
        targetType: 'headline',
        targetId: id,
        before: { same_story: before.map((m) => `${m.title}（${m.source_name}）`) },
        after: { same_story: [] },
      });
      return stateOut(state);
    },

    async createHeadline(actor: Actor, body: z.output<typeof ZAdminHeadlineCreate>): Promise<number> {
      const status: TPublishStatus = body.draft === true ? 'draft' : 'published';
      // addHeadlines sanitises the HTML and indexes the published ones (the import path).
      const [id] = await content.addHeadlines([
        {
          title: body.title,
          content: body.content,
          source_name: body.source,
          source_url: body.url ?? '',
          published_at: now(),
          status,
        },
      ]);
      if (id === undefined) {
        throw new Error('headline insert returned no id');
      }
      await audit.record({
        actorId: actor.id,
        action: 'content.create',
        targetType: 'headline',
        targetId: id,
        after: { title: body.title, source_name: body.source, source_url: body.url ?? '', status },
      });
      return id;
    },

    updateHeadline(actor: Actor, id: number, body: z.output<typeof ZAdminHeadlineUpdate>) {
      return edit(actor, 'headline', id, body.version, {
        title: body.title,
        content: sanitizeHeadlineHtml(body.content),
        source_name: body.source,
        source_url: body.url ?? '',
      });
    },

    /**
     * The report's catalogue fields and, when given, its companies (publisher first) with their
     * status, in one write at the editor's version; the audit names the companies before → after.
     */
    async updateReport(actor: Actor, id: number, body: z.output<typeof ZAdminReportUpdate>) {
      const row = await repo.row('report', id);
      if (!row) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const { companies } = body;
      if (
        companies &&
        (await repo.organisationsFound(companies.map((c) => c.organisation_id))) !== companies.length
      ) {
        throw AppError.badRequest(MSG.organNotFound);
      }
      if (body.toc && validateAdminToc(body.toc, Number(row.page_count)) !== null) {
        throw AppError.badRequest(MSG.adminTocInvalid);
      }
      const computed = {
        ...(body.abstract === undefined ? {} : { abstract: body.abstract }),
        ...(body.toc === undefined ? {} : { toc: JSON.stringify(body.toc) }),
        ...(body.auto_tags === undefined ? {} : { auto_tags: JSON.stringify(body.auto_tags) }),
      };
      const fields = {
        title: body.title,
        source_type: body.source_type,
        industry: body.industry,
        description: body.description,
        ...computed,
        keywords: JSON.stringify(body.keywords),
      };
      // What the editor changed of the computed fields stays when the backfill computes them again.
      const edited = Object.entries(computed).reduce(
        (acc, [key, value]) =>
          value === row[key] ? acc : acc | META_EDITED[key as keyof typeof META_EDITED],
        Number(row.meta_edited),
      );
      const before = await repo.reportCompanies(id);
      if (
        Number(row.version) !== body.version ||
        !(await repo.updateReport(id, body.version, now(), { ...fields, meta_edited: edited }, companies))
      ) {
        throw conflict();
      }
      await indexer.sync('report', id);
      const after = companies ? await repo.reportCompanies(id) : before;
      const diff = changed(
        { ...row, toc: tocText(String(row.toc)), companies: companiesText(before) },
        {
          ...fields,
          ...(fields.toc === undefined ? {} : { toc: tocText(fields.toc) }),
          companies: companiesText(after),
        },
      );
      await audit.record({
        actorId: actor.id,
        action: 'content.update',
        targetType: 'report',
        targetId: id,
        ...diff,
      });
      return { id, status: row.status as TPublishStatus, version: body.version + 1 };
    },

    updateAnalysis(actor: Actor, id: number, body: z.output<typeof ZAdminAnalysisUpdate>) {
      const { version, ...fields } = body;
      return edit(actor, 'analysis', id, version, fields);
    },

    updateMaterial(actor: Actor, id: number, body: z.output<typeof ZAdminMaterialUpdate>) {
      const { version, ...fields } = body;
      return edit(actor, 'material', id, version, fields);
    },

    async impact(type: TAdminContentType, id: number): Promise<TAdminImpact> {
      await existing(type, id);
      return repo.impact(type, id);
    },

    /**
     * Deletes the item with its folder entries, then its search document, then a report's files.
     * Lists drop a hit whose row is gone, so nothing shows it even between the two writes.
     * The audit keeps what it was.
     */
    async remove(actor: Actor, type: TAdminContentType, id: number): Promise<TAdminImpact> {
      const row = await repo.row(type, id);
      if (!row) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const impact = await repo.impact(type, id);
      if (!(await repo.remove(type, id))) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      await indexer.sync(type, id);
      if (type === 'report') {
        const pdfKey = String(row.pdf_key);
        await storage.deletePrefix(pdfKey.slice(0, pdfKey.lastIndexOf('/')));
      }
      await audit.record({
        actorId: actor.id,
        action: 'content.delete',
        targetType: type,
        targetId: id,
        before: { title: row.title, status: row.status, ...impact },
      });
      return impact;
    },
  };
}
