import { CONTENT_CACHE_IGNORES } from './content-cache-tables.ts';
import { randomUUID } from 'node:crypto';
import type { TDetailSource, THitSource, TPublishStatus, TRelatedFile } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { ingestPdf, type IngestedPdf } from '../../ingest/ingest-pdf.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import { createReadCache } from '../../platform/cache/read-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { hotScore } from '../../search/hot-score.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { createAnalysesRepo, type NewAnalysis } from './analyses.repo.ts';
import { analysisDoc, headlineDoc, materialDoc, parseList, reportDoc } from './content-docs.ts';
import { createCountBuffer, type CountDeltas } from './count-buffer.ts';
import { createContentStatsRepo, ZERO_COUNTS, type Counts, type StatCounter } from './content-stats.repo.ts';
import { createHeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import {
  ANALYSIS_CATEGORIES,
  CONTENT_TYPES,
  parseSearchDocId,
  searchDocId,
  type ContentRef,
  type ContentType,
} from './content-types.ts';
import {
  analysisDataInfo,
  analysisDetailSource,
  analysisQuotes,
  headlineDetailSource,
  materialDetailSource,
  reportDetailSource,
} from './detail-sources.ts';
import { sanitizeHeadlineHtml } from './headline-html.ts';
import { createHeadlinesRepo, type NewHeadline } from './headlines.repo.ts';
import { analysisSource, headlineSource, materialSource, reportSource } from './hit-sources.ts';
import { createMaterialsRepo, type NewMaterial } from './materials.repo.ts';
import { createOrganisationsRepo, type NewOrganisation } from './organisations.repo.ts';
import { PUBLISHED } from './publish-status.ts';
import { createReportMetadataRepo } from './report-metadata.repo.ts';
import { createReportsRepo, type ReportCompanyLink } from './reports.repo.ts';

export type ContentDeps = {
  db: Db;
  storage: Storage;
  search: SearchIndex;
  clock: Clock;
  /** Sum views and downloads in memory and write them this often (0, the default: write each at once). */
  countFlushMs?: number;
  /** Keep item details and list cards this long between writes (0, the default: read each time). */
  readCacheMs?: number;
  /** Where a failed background write of counts is reported. */
  onError?: (err: unknown) => void;
  /** Told of every counter move, for the back-office's per-day figures (modules/analytics). */
  onCount?: (type: ContentType, counter: StatCounter, by: number) => Promise<void>;
};
export type ContentService = ReturnType<typeof createContentService>;
export type { ContentRef };

/** One item for its detail page, with what the detail rules and recommendations need. */
export type ContentDetail = {
  source: TDetailSource;
  title: string;
  /** Words that describe the item (report keywords, material brands) for related items. */
  keywords: string[];
  /** Analyses only: viewable by admins and granted users alone. */
  restricted: boolean;
};

/** The files and viewer of an analysis, for the Office viewers and the classifier. */
export type AnalysisFiles = {
  ext: string;
  url: string;
  quotes: TRelatedFile[];
  restricted: boolean;
};

/** A report's catalogue data; the files come from `ingestPdf`. */
export type ReportMeta = {
  contentId?: string;
  title: string;
  sourceType?: string;
  industry?: string;
  keywords?: readonly string[];
  publishedAt: Date;
  companies?: readonly ReportCompanyLink[];
  counts?: Counts;
  /** Default published; a draft gets no search document until it is published. */
  status?: TPublishStatus;
};

const DESCRIPTION_CHARS = 120;
const CONTENT_TABLES = {
  report: 'reports',
  business: 'headlines',
  insight: 'analyses',
  material: 'materials',
} as const satisfies Record<ContentType, string>;
const CATEGORY_TITLES = new Map<string, string>(ANALYSIS_CATEGORIES.map((c) => [c.anal_type, c.title]));

/** An item of a subset list: its id, publish time and hot score. */
export type HotItem = { id: number; publishedAt: number; hot: number };

/** Counters that move with every read: summed in memory when a flush interval is set. */
const BUFFERED_COUNTERS: ReadonlySet<StatCounter> = new Set(['views', 'downloads']);
/** List cards kept by the read cache: the items lists and searches show most. */
const CARD_CACHE_ENTRIES = 5000;
/** Item details kept by the read cache (popular items; the rest are read each time). */
const DETAIL_CACHE_ENTRIES = 2000;

/**
 * Writes content (each write also updates the search index) and reads list cards.
 * Headline HTML is sanitised here, on write, whatever the caller.
 */
export function createContentService({
  db,
  storage,
  search,
  clock,
  countFlushMs = 0,
  readCacheMs = 0,
  onError = () => {},
  onCount,
}: ContentDeps) {
  const organisations = createOrganisationsRepo(db);
  const reports = createReportsRepo(db);
  const headlines = createHeadlinesRepo(db);
  const analyses = createAnalysesRepo(db);
  const materials = createMaterialsRepo(db);
  const stats = createContentStatsRepo(db);
  const clusters = createHeadlineClusters(db);
  const reportMeta = createReportMetadataRepo(db);
  const now = () => clock.now().getTime();

  const hotOf = (counts: Counts | undefined, publishedAt: number) =>
    hotScore({ ...(counts ?? ZERO_COUNTS), publishedAt: new Date(publishedAt), now: clock.now() });

  /** Rows of one content type with the hot score their counters give (subset lists sort by it). */
  async function withHot(
    type: ContentType,
    rows: readonly { id: number; published_at: number }[],
  ): Promise<HotItem[]> {
    const counts = new Map(
      (
        await stats.many(
          type,
          rows.map((r) => r.id),
        )
      ).map((s) => [s.content_id, s]),
    );
    return rows.map((r) => ({
      id: r.id,
      publishedAt: r.published_at,
      hot: hotOf(counts.get(r.id), r.published_at),
    }));
  }

  /** The item for its detail page, or null when it does not exist. */
  async function readDetail(ref: ContentRef, anyStatus = false): Promise<ContentDetail | null> {
    switch (ref.type) {
      case 'report': {
        const [row] = await reports.byIds([ref.id], anyStatus);
        if (!row) {
          return null;
        }
        const companies = await reports.companiesOf([row.id]);
        return {
          source: reportDetailSource(row, companies),
          title: row.title,
          keywords: parseList(row.keywords),
          restricted: false,
        };
      }
      case 'business': {
        const [row] = await headlines.byIds([ref.id], anyStatus);
        const others = row ? await clusters.others(row.id) : [];
        return row
          ? {
              source: headlineDetailSource(row, now(), others),
              title: row.title,
              keywords: [],
              restricted: Number(row.restricted) === 1,
            }
          : null;
      }
      case 'insight': {
        const [row] = await analyses.byIds([ref.id], anyStatus);
        return row
          ? {
              source: analysisDetailSource(row),
              title: row.title,
              keywords: [],
              restricted: Number(row.restricted) === 1,
            }
          : null;
      }
      case 'material': {
        const [row] = await materials.byIds([ref.id], anyStatus);
        const keywords = row ? [row.product_brand, row.parent_brand].filter((k) => k !== '') : [];
        return row
          ? { source: materialDetailSource(row), title: row.title, keywords, restricted: false }
          : null;
      }
    }
  }

  /** Adds deltas to an item's counters, then pushes its new hot score to the index. */
  async function addCounts(ref: ContentRef, deltas: CountDeltas): Promise<void> {
    const counts = await stats.add(ref.type, ref.id, deltas, now());
    const publishedAt = await publishedAtOf(ref);
    if (publishedAt !== null) {
      await search.setHot(searchDocId(ref.type, ref.id), hotOf(counts, publishedAt));
    }
  }

  const counts =
    countFlushMs > 0 ? createCountBuffer({ write: addCounts, flushMs: countFlushMs, onError }) : null;
  // Emptied by writes to the content's tables, not by counters, logins or logs.
  const contentGeneration = db.generation.except(CONTENT_CACHE_IGNORES);
  const cards =
    readCacheMs > 0
      ? createReadCache<THitSource>({
          generation: contentGeneration,
          ttlMs: readCacheMs,
          max: CARD_CACHE_ENTRIES,
        })
      : null;
  const details =
    readCacheMs > 0
      ? createReadCache<ContentDetail | null>({
          generation: contentGeneration,
          ttlMs: readCacheMs,
          max: DETAIL_CACHE_ENTRIES,
        })
      : null;

  /** List cards of the given items, by search doc id, read from the content tables. */
  async function readSources(refs: readonly ContentRef[]): Promise<Map<string, THitSource>> {
    const ids = (type: ContentType) => refs.filter((r) => r.type === type).map((r) => r.id);
    const at = now();
    const out = new Map<string, THitSource>();
    const reportRows = await reports.byIds(ids('report'));
    const companies = await reports.companiesOf(reportRows.map((r) => r.id));
    for (const row of reportRows) {
      const names = companies.filter((c) => c.report_id === row.id).map((c) => c.name);
      out.set(searchDocId('report', row.id), reportSource(row, names, at));
    }
    const headlineRows = await headlines.byIds(ids('business'));
    const sourceCounts = await clusters.sourceCounts(headlineRows.map((r) => r.id));
    for (const row of headlineRows) {
      out.set(searchDocId('business', row.id), headlineSource(row, at, sourceCounts.get(row.id)));
    }
    for (const row of await analyses.byIds(ids('insight'))) {
      out.set(
        searchDocId('insight', row.id),
        analysisSource(row, CATEGORY_TITLES.get(row.anal_type) ?? '', at),
      );
    }
    for (const row of await materials.byIds(ids('material'))) {
      out.set(searchDocId('material', row.id), materialSource(row, at));
    }
    return out;
  }

  async function saveCounts(
    type: ContentType,
    ids: readonly number[],
    counts: readonly (Counts | undefined)[],
  ) {
    for (const [i, id] of ids.entries()) {
      const c = counts[i];
      if (c) {
        await stats.set(type, id, c, now());
      }
    }
  }

  async function indexReport(id: number, counts?: Counts): Promise<void> {
    const [row] = await reports.byIds([id]);
    if (!row) {
      return;
    }
    const names = (await reports.companiesOf([id])).map((c) => c.name);
    await search.upsert([
      reportDoc(row, await reports.pageTexts(id), names, hotOf(counts, row.published_at)),
    ]);
  }

  const service = {
    addOrganisations(rows: readonly Omit<NewOrganisation, 'created_at'>[]): Promise<Map<string, number>> {
      return organisations.ensure(rows.map((r) => ({ ...r, created_at: now() })));
    },

    /** Records an ingested PDF as a report and indexes its text. Deletes the files if recording fails. */
    async addIngestedReport(meta: ReportMeta, files: IngestedPdf): Promise<number> {
      const description = describeReport(
        files.pages.map((p) => p.text),
        meta.title,
      );
      let id: number;
      try {
        id = await reports.insert(
          {
            content_id: meta.contentId ?? randomUUID(),
            title: meta.title,
            description,
            cover_key: files.cover.key,
            source_type: meta.sourceType ?? '',
            industry: meta.industry ?? '',
            keywords: JSON.stringify(meta.keywords ?? []),
            pdf_key: files.pdfKey,
            page_count: files.pageCount,
            published_at: meta.publishedAt.getTime(),
            created_at: now(),
            updated_at: now(),
            status: meta.status ?? PUBLISHED,
          },
          files.pages.map((p) => ({
            page_no: p.pageNo,
            image_key: p.key,
            width: p.width,
            height: p.height,
            text: p.text,
          })),
          meta.companies ?? [],
        );
      } catch (error) {
        await storage.deletePrefix(files.pdfKey.slice(0, files.pdfKey.lastIndexOf('/')));
        throw error;
      }
      await reportMeta.compute(
        { id, title: meta.title, keywords: meta.keywords ?? [] },
        files.pages.map((p) => p.text),
        files.outline,
      );
      if (meta.counts) {
        await stats.set('report', id, meta.counts, now());
      }
      if ((meta.status ?? PUBLISHED) === PUBLISHED) {
        await indexReport(id, meta.counts);
      }
      return id;
    },

    /**
     * The one pipeline for an uploaded or imported PDF: ingest into a fresh prefix, record,
     * index. A refused PDF throws its IngestError and leaves nothing behind.
     */
    async importReportPdf(bytes: Uint8Array, meta: ReportMeta, runner?: PdfRunner): Promise<number> {
      const keyPrefix = `reports/${randomUUID()}`;
      const files = await ingestPdf({ bytes, storage, keyPrefix, runner });
      return service.addIngestedReport(meta, files);
    },

    /**
     * Replaces a report's PDF through the same pipeline as an upload: the new files go to a fresh
     * prefix, the row and its pages swap in one transaction (if still at `version`), and only then
     * are the old files removed. A refused PDF throws its IngestError and a lost race returns
     * null; either way the report is exactly as it was and the new files are gone.
     */
    async replaceReportPdf(
      id: number,
      version: number,
      bytes: Uint8Array,
      runner?: PdfRunner,
    ): Promise<{ before: { pdf_key: string; page_count: number }; page_count: number } | null> {
      const [old] = await reports.byIds([id], true);
      if (!old) {
        return null;
      }
      const keyPrefix = `reports/${randomUUID()}`;
      const files = await ingestPdf({ bytes, storage, keyPrefix, runner });
      let swapped = false;
      try {
        swapped = await reports.replaceFiles(
          id,
          version,
          {
            pdf_key: files.pdfKey,
            cover_key: files.cover.key,
            page_count: files.pageCount,
            updated_at: now(),
          },
          files.pages.map((p) => ({
            page_no: p.pageNo,
            image_key: p.key,
            width: p.width,
            height: p.height,
            text: p.text,
          })),
        );
      } finally {
        if (!swapped) {
          await storage.deletePrefix(keyPrefix);
        }
      }
      if (!swapped) {
        return null;
      }
      await reportMeta.compute(
        { id, title: old.title, keywords: parseList(old.keywords) },
        files.pages.map((p) => p.text),
        files.outline,
      );
      await storage.deletePrefix(old.pdf_key.slice(0, old.pdf_key.lastIndexOf('/')));
      return { before: { pdf_key: old.pdf_key, page_count: old.page_count }, page_count: files.pageCount };
    },

    /**
     * An item for its detail page whatever its publish state, never from the shared cache: the
     * back-office's preview of drafts and unpublished items (admins only; see admin-content).
     */
    previewDetail(ref: ContentRef): Promise<ContentDetail | null> {
      return readDetail(ref, true);
    },

    /**
     * `onInserted` runs once the rows are stored, before clustering and indexing: a caller that
     * keeps its own record of what it wrote (the feed poller) ties it to the ids there, so a
     * later failure cannot leave stored headlines it does not know about.
     */
    async addHeadlines(
      rows: readonly Omit<NewHeadline, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
      onInserted?: (ids: readonly number[]) => Promise<void>,
    ) {
      const clean = rows.map((r) => ({
        ...r,
        content: sanitizeHeadlineHtml(r.content ?? ''),
        created_at: now(),
        updated_at: now(),
      }));
      const ids = await headlines.insertMany(clean);
      await onInserted?.(ids);
      await saveCounts('business', ids, counts);
      // Near-duplicates of a story already published get no search document: one card per story.
      await clusters.assign(ids);
      const copies = await clusters.copies(ids);
      const saved = await headlines.byIds(ids); // published ones only: drafts get no search document
      await search.upsert(
        saved
          .filter((row) => !copies.has(row.id))
          .map((row) => headlineDoc(row, hotOf(counts[ids.indexOf(row.id)], row.published_at))),
      );
      return ids;
    },

    async addAnalyses(
      rows: readonly Omit<NewAnalysis, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
    ) {
      const ids = await analyses.insertMany(rows.map((r) => ({ ...r, created_at: now() })));
      await saveCounts('insight', ids, counts);
      const saved = await analyses.byIds(ids);
      await search.upsert(
        saved.map((row) => analysisDoc(row, hotOf(counts[ids.indexOf(row.id)], row.published_at))),
      );
      return ids;
    },

    async addMaterials(
      rows: readonly Omit<NewMaterial, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
    ) {
      const ids = await materials.insertMany(rows.map((r) => ({ ...r, created_at: now() })));
      await saveCounts('material', ids, counts);
      const saved = await materials.byIds(ids);
      await search.upsert(
        saved.map((row) => materialDoc(row, hotOf(counts[ids.indexOf(row.id)], row.published_at))),
      );
      return ids;
    },

    /**
     * Adds to an engagement counter and pushes the new hot score to the index; views and
     * downloads wait for the next flush when counts are buffered.
     */
    async bump(ref: ContentRef, counter: StatCounter, by = 1): Promise<void> {
      await onCount?.(ref.type, counter, by);
      if (counts && BUFFERED_COUNTERS.has(counter)) {
        counts.add(ref, { [counter]: by });
      } else {
        await addCounts(ref, { [counter]: by });
      }
    },

    /** Writes buffered counts now (shutdown, tests). */
    async flushCounts(): Promise<void> {
      await counts?.flush();
    },

    /** Writes buffered counts and stops the flush timer. */
    async close(): Promise<void> {
      await counts?.close();
    },

    /** List cards of the given items, by search doc id; items that no longer exist are absent. */
    async sources(refs: readonly ContentRef[]): Promise<Map<string, THitSource>> {
      if (!cards) {
        return readSources(refs);
      }
      return cards.getMany(
        refs.map((r) => searchDocId(r.type, r.id)),
        (missing) => readSources(missing.flatMap((id) => parseSearchDocId(id) ?? [])),
      );
    },

    /** The organisation's reports with their hot inputs, for the company tab. */
    async organisationReports(organisationId: number): Promise<HotItem[]> {
      return withHot('report', await reports.ofOrganisation(organisationId));
    },

    /** The analyses of one menu category with their hot scores (the /analysis?anal_type= list). */
    async analysesOfCategory(analType: string): Promise<HotItem[]> {
      return withHot('insight', await analyses.ofCategory(analType));
    },

    /** The videos within a length range (seconds) with their hot scores (the material list's length filter). */
    async materialsOfLength(min: number | undefined, max: number | undefined): Promise<HotItem[]> {
      return withHot('material', await materials.ofLengthRange(min, max));
    },

    async organisationNames(): Promise<string[]> {
      return (await organisations.names()).map((r) => r.name);
    },

    /** The item for its detail page, or null when it does not exist. Shared: never modify it. */
    async detail(ref: ContentRef): Promise<ContentDetail | null> {
      return details ? details.get(`${ref.type}:${ref.id}`, () => readDetail(ref)) : readDetail(ref);
    },

    async exists(ref: ContentRef): Promise<boolean> {
      return (await publishedAtOf(ref)) !== null;
    },

    /** Which of `refs` still exist, as search doc ids (favourites drop the others). Reads ids only. */
    async existing(refs: readonly ContentRef[]): Promise<Set<string>> {
      const found = await Promise.all(
        CONTENT_TYPES.map(async (type) => {
          const ids = refs.filter((r) => r.type === type).map((r) => r.id);
          if (ids.length === 0) {
            return [];
          }
          // Every content table has an integer `id`; the cast only names one of them for the types.
          const rows = await db.kysely
            .selectFrom(CONTENT_TABLES[type] as 'reports')
            .select('id')
            .where('id', 'in', ids)
            .execute();
          return rows.map((r) => searchDocId(type, r.id));
        }),
      );
      return new Set(found.flat());
    },

    /** An analysis's viewer files, or null when there is no such analysis. */
    async analysisFiles(id: number): Promise<AnalysisFiles | null> {
      const [row] = await analyses.byIds([id]);
      if (!row) {
        return null;
      }
      return {
        ext: row.anal_data_ext,
        url: analysisDataInfo(row).url,
        quotes: analysisQuotes(row),
        restricted: Number(row.restricted) === 1,
      };
    },

    /** Title and category of analyses, by id (sidebar shortcuts); missing ones are absent. */
    async analysisTitles(ids: readonly number[]): Promise<Map<number, { title: string; anal_type: string }>> {
      const rows = await analyses.byIds(ids);
      return new Map(rows.map((r) => [r.id, { title: r.title, anal_type: r.anal_type }]));
    },

    /** The title and description of a headline (the shared page's preview), or null; none for a restricted one. */
    async headlinePreview(id: number): Promise<{ title: string; description: string } | null> {
      const [row] = await headlines.byIds([id]);
      return row && Number(row.restricted) !== 1
        ? { title: row.title, description: headlineSource(row, now()).description }
        : null;
    },

    async reportPageCount(id: number): Promise<number | null> {
      const [row] = await reports.byIds([id]);
      return row ? row.page_count : null;
    },

    async isEmpty(): Promise<boolean> {
      return (await reports.count()) === 0 && (await headlines.count()) === 0;
    },

    /** Re-indexes every report (after loading new user words, tests). */
    async reindexReport(id: number): Promise<void> {
      await indexReport(id, await stats.get('report', id));
    },
  };

  async function publishedAtOf(ref: ContentRef): Promise<number | null> {
    const lookup = {
      report: () => reports.byIds([ref.id]),
      business: () => headlines.byIds([ref.id]),
      insight: () => analyses.byIds([ref.id]),
      material: () => materials.byIds([ref.id]),
    } satisfies Record<ContentType, () => Promise<{ published_at: number }[]>>;
    const [row] = await lookup[ref.type]();
    return row ? row.published_at : null;
  }

  return service;
}

/**
 * The card text of a report: its first real paragraph (a line of 40+ characters) after the
 * cover page, else the first words after the title.
 */
export function describeReport(pages: readonly string[], title: string): string {
  const paragraph = pages
    .slice(pages.length > 1 ? 1 : 0)
    .flatMap((p) => p.split('\n'))
    .map((line) => line.trim())
    // A prose line (it has Chinese sentence punctuation), so a table of contents is not taken for one.
    .find((line) => [...line].length >= 40 && /[，。；]/.test(line));
  const flat = pages.join(' ').replace(/\s+/g, ' ').trim();
  const text = paragraph ?? (flat.startsWith(title) ? flat.slice(title.length).trim() : flat);
  return [...text].slice(0, DESCRIPTION_CHARS).join('');
}
