import type { Db } from '../../db/database.ts';
import { parseList } from './content-docs.ts';
import {
  META_EDITED,
  REPORT_META_VERSION,
  reportMetadata,
  type ReportMetadata,
  type TocEntry,
  withoutListMarker,
} from './report-metadata.ts';

/** Reports whose metadata the backfill computes per round (each reads its pages' text). */
const BACKFILL_BATCH = 20;

/** Reads what report metadata is computed from, and stores it (report-metadata.ts). */
export function createReportMetadataRepo(db: Db) {
  const k = db.kysely;

  /** The catalogue's enabled keywords (back-office 目录): the words tags are found from. */
  async function catalogueKeywords(): Promise<string[]> {
    const rows = await k
      .selectFrom('subscription_keywords')
      .select('keyword')
      .where('enabled', '=', 1)
      .execute();
    return rows.map((r) => r.keyword);
  }

  /**
   * Stores `meta` but the fields whose META_EDITED bit is in `kept`, which stay; `edited`, the
   * editor's bits, is stored as `meta_edited`.
   */
  async function save(id: number, meta: ReportMetadata, kept = 0, edited = kept): Promise<void> {
    const computed = (bit: number) => (kept & bit) === 0;
    await k
      .updateTable('reports')
      .set({
        ...(computed(META_EDITED.abstract) ? { abstract: meta.abstract } : {}),
        ...(computed(META_EDITED.toc) ? { toc: JSON.stringify(meta.toc) } : {}),
        ...(computed(META_EDITED.auto_tags) ? { auto_tags: JSON.stringify(meta.tags) } : {}),
        meta_version: REPORT_META_VERSION,
        meta_edited: edited,
      })
      .where('id', '=', id)
      .execute();
  }

  return {
    catalogueKeywords,

    /**
     * Computes and stores one report's metadata from its pages (and its PDF's outline, if known),
     * all of it: a new file's text replaces what an editor wrote about the old one.
     */
    async compute(
      report: { id: number; title: string; keywords: readonly string[] },
      pages: readonly string[],
      outline?: readonly TocEntry[],
    ): Promise<ReportMetadata> {
      const meta = reportMetadata({
        pages,
        title: report.title,
        keywords: report.keywords,
        catalogue: await catalogueKeywords(),
        ...(outline ? { outline } : {}),
      });
      await save(report.id, meta);
      return meta;
    },

    /**
     * Computes the metadata of every report stored before it existed (or under older rules),
     * BACKFILL_BATCH at a time; returns how many. The outline of those PDFs is not read again,
     * so a report that has had contents computed keeps them (they may come from its outline),
     * and one that never had any gets them from the headings in its text. What an editor
     * rewrote (META_EDITED) stays. A card text loses a leading list marker (version 2).
     * Resumable: a report is done once saved.
     */
    async backfill(): Promise<number> {
      const catalogue = await catalogueKeywords();
      let done = 0;
      for (;;) {
        const rows = await k
          .selectFrom('reports')
          .select(['id', 'title', 'keywords', 'description', 'meta_version', 'meta_edited'])
          .where('meta_version', '<', REPORT_META_VERSION)
          .orderBy('id')
          .limit(BACKFILL_BATCH)
          .execute();
        if (rows.length === 0) {
          return done;
        }
        const pages = await k
          .selectFrom('report_pages')
          .select(['report_id', 'text'])
          .where(
            'report_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('report_id')
          .orderBy('page_no')
          .execute();
        for (const row of rows) {
          const texts = pages.filter((p) => p.report_id === row.id).map((p) => p.text);
          const edited = Number(row.meta_edited);
          const computedBefore = Number(row.meta_version) > 0;
          await save(
            row.id,
            reportMetadata({ pages: texts, title: row.title, keywords: parseList(row.keywords), catalogue }),
            computedBefore ? edited | META_EDITED.toc : edited,
            edited,
          );
          const description = withoutListMarker(row.description);
          if (description !== row.description) {
            await k.updateTable('reports').set({ description }).where('id', '=', row.id).execute();
          }
        }
        done += rows.length;
      }
    },
  };
}
