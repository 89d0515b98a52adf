import type { TDetailSource, THitSource, TRelatedFile } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { createReadCache } from '../../platform/cache/read-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { createHeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import { createAnalysesRepo } from './analyses.repo.ts';
import { CONTENT_CACHE_IGNORES } from './content-cache-tables.ts';
import type { ContentCounters, HotItem } from './content-counters.ts';
import { parseList } from './content-docs.ts';
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
import { createHeadlinesRepo } from './headlines.repo.ts';
import { analysisSource, headlineSource, materialSource, reportSource } from './hit-sources.ts';
import { createMaterialsRepo } from './materials.repo.ts';
import { createOrganisationsRepo } from './organisations.repo.ts';
import { createPublishedAtLookup } from './published-at.ts';
import { createReportsRepo } from './reports.repo.ts';

export type ContentCatalogueDeps = {
  db: Db;
  clock: Clock;
  /** Hot scores for the subset lists. */
  counters: Pick<ContentCounters, 'withHot'>;
  /** Keep item details and list cards this long between writes (0, the default: read each time). */
  readCacheMs?: number;
};
export type ContentCatalogue = ReturnType<typeof createContentCatalogue>;

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

const CONTENT_TABLES = {
  report: 'reports',
  business: 'headlines',
  insight: 'analyses',
  material: 'materials',
} as const satisfies Record<ContentType, string>;
const CATEGORY_TITLES = new Map<string, string>(ANALYSIS_CATEGORIES.map((c) => [c.anal_type, c.title]));
/** List cards kept by the read cache: the items lists and searches show most. */
const CARD_CACHE_ENTRIES = 5000;
/** Item details kept by the read cache (popular items; the rest are read each time). */
const DETAIL_CACHE_ENTRIES = 2000;

/** Catalogue reads: list cards, detail pages, subset lists and small lookups, with their caches. */
export function createContentCatalogue({ db, clock, counters, readCacheMs = 0 }: ContentCatalogueDeps) {
  const organisations = createOrganisationsRepo(db);
  const reports = createReportsRepo(db);
  const headlines = createHeadlinesRepo(db);
  const analyses = createAnalysesRepo(db);
  const materials = createMaterialsRepo(db);
  const clusters = createHeadlineClusters(db);
  const publishedAtOf = createPublishedAtLookup(db);
  const now = () => clock.now().getTime();

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

  return {
    /**
     * An item for its detail page whatever its publish state, never from the shared cache: the
     * back-office's preview of drafts and unpublished items (admins only; see admin-content).
     */
    previewDetail(ref: ContentRef): Promise<ContentDetail | null> {
      return readDetail(ref, true);
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
      return counters.withHot('report', await reports.ofOrganisation(organisationId));
    },

    /** The analyses of one menu category with their hot scores (the /analysis?anal_type= list). */
    async analysesOfCategory(analType: string): Promise<HotItem[]> {
      return counters.withHot('insight', await analyses.ofCategory(analType));
    },

    /** The videos within a length range (seconds) with their hot scores (the material list's length filter). */
    async materialsOfLength(min: number | undefined, max: number | undefined): Promise<HotItem[]> {
      return counters.withHot('material', await materials.ofLengthRange(min, max));
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
  };
}
