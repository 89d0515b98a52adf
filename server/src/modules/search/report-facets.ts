import {
  REPORT_PAGE_BUCKETS,
  shanghaiWallTimeMs,
  type TFacets,
  type TFacetValue,
  type TReportFilters,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hotScore } from '../../search/hot-score.ts';
import { PUBLISHED } from '../content/publish-status.ts';

/** One published report as the filters see it. */
export type ReportFacetRow = {
  id: number;
  industry: string;
  /** The first of its organisations (report_companies.position), '' when none. */
  publisher: string;
  pages: number;
  publishedAt: number;
  hot: number;
};

const DAY_MS = 86_400_000;
/** Values listed per facet, most frequent first (a long publisher tail is reached by searching). */
const FACET_VALUES = 30;

/**
 * Every published report with its industry, publisher, page count and hot score. Reports number
 * in the thousands, not millions, so filters and facet counts run over these rows in memory
 * (the index knows none of these fields); the page cache keeps the result between writes.
 */
export async function readReportFacetRows(db: Db, now: number): Promise<ReportFacetRow[]> {
  // Through the read replica when it has every write (db/read-routing.ts).
  const rows = await db.reads
    .selectFrom('reports as r')
    .leftJoin('content_stats as s', (join) =>
      join.onRef('s.content_id', '=', 'r.id').on('s.content_type', '=', 'report'),
    )
    .select([
      'r.id',
      'r.industry',
      'r.page_count',
      'r.published_at',
      's.views',
      's.downloads',
      's.favorites',
      's.useful',
      sql<
        string | null
      >`(SELECT o.name FROM report_companies rc JOIN organisations o ON o.id = rc.organisation_id
        WHERE rc.report_id = r.id ORDER BY rc.position, rc.organisation_id LIMIT 1)`.as('publisher'),
    ])
    .where('r.status', '=', PUBLISHED)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    industry: r.industry,
    publisher: r.publisher ?? '',
    pages: Number(r.page_count),
    publishedAt: Number(r.published_at),
    hot: hotScore({
      views: Number(r.views ?? 0),
      downloads: Number(r.downloads ?? 0),
      favorites: Number(r.favorites ?? 0),
      useful: Number(r.useful ?? 0),
      publishedAt: new Date(Number(r.published_at)),
      now: new Date(now),
    }),
  }));
}

/** Whether any report filter is set. */
export function hasReportFilters(f: TReportFilters): boolean {
  return [f.industry, f.publisher, f.date_from, f.date_to, f.pages].some((v) => v !== undefined);
}

type Dimension = 'industry' | 'publisher' | 'pages' | 'date';

/** The page bucket id of a page count ('' when it has none). */
function bucketOf(pages: number): string {
  return REPORT_PAGE_BUCKETS.find((b) => pages >= b.min && pages <= b.max)?.id ?? '';
}

/** When a Shanghai day starts (16:00 UTC the day before). */
function dayStart(day: string): number {
  return shanghaiWallTimeMs(day);
}

/** Whether `row` passes every filter but `except` (a facet counts under the other filters). */
function passes(row: ReportFacetRow, f: TReportFilters, except?: Dimension): boolean {
  return (
    (except === 'industry' || f.industry === undefined || row.industry === f.industry) &&
    (except === 'publisher' || f.publisher === undefined || row.publisher === f.publisher) &&
    (except === 'pages' || f.pages === undefined || bucketOf(row.pages) === f.pages) &&
    (except === 'date' ||
      ((f.date_from === undefined || row.publishedAt >= dayStart(f.date_from)) &&
        (f.date_to === undefined || row.publishedAt < dayStart(f.date_to) + DAY_MS)))
  );
}

/** The rows passing every filter. */
export function filterReports(rows: readonly ReportFacetRow[], f: TReportFilters): ReportFacetRow[] {
  return rows.filter((r) => passes(r, f));
}

function countBy(rows: readonly ReportFacetRow[], key: (r: ReportFacetRow) => string): TFacetValue[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const value = key(r);
    if (value !== '') {
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'zh-CN'))
    .slice(0, FACET_VALUES);
}

/** Each dimension's values with their counts under the other filters; page ranges in their own order. */
export function reportFacets(rows: readonly ReportFacetRow[], f: TReportFilters): TFacets {
  const under = (except: Dimension) => rows.filter((r) => passes(r, f, except));
  const pages = countBy(under('pages'), (r) => bucketOf(r.pages));
  return {
    industry: countBy(under('industry'), (r) => r.industry),
    publisher: countBy(under('publisher'), (r) => r.publisher),
    pages: REPORT_PAGE_BUCKETS.map((b) => ({
      value: b.id,
      count: pages.find((p) => p.value === b.id)?.count ?? 0,
    })),
  };
}
