import { randomUUID } from 'node:crypto';
import type { TPublishStatus } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { ingestPdf, type IngestedPdf } from '../../ingest/ingest-pdf.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { prepareDoc } from '../../search/prepare-doc.ts';
import type { PreparedDoc, SearchDoc, SearchIndex } from '../../search/search.types.ts';
import { createHeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import { createAnalysesRepo, type NewAnalysis } from './analyses.repo.ts';
import type { ContentCounters } from './content-counters.ts';
import { analysisDoc, headlineDoc, materialDoc, parseList, reportDoc } from './content-docs.ts';
import type { Counts } from './content-stats.repo.ts';
import { searchDocId } from './content-types.ts';
import { sanitizeHeadlineHtml } from './headline-html.ts';
import { createHeadlinesRepo, type NewHeadline } from './headlines.repo.ts';
import { createMaterialsRepo, type NewMaterial } from './materials.repo.ts';
import { createOrganisationsRepo, type NewOrganisation } from './organisations.repo.ts';
import { PUBLISHED } from './publish-status.ts';
import { createReportMetadataRepo } from './report-metadata.repo.ts';
import { reportDescription } from './report-metadata.ts';
import { createReportsRepo, type ReportCompanyLink } from './reports.repo.ts';

export type ContentIngestionDeps = {
  db: Db;
  storage: Storage;
  search: SearchIndex;
  clock: Clock;
  /** Starting counts of new items and the hot scores their documents get. */
  counters: Pick<ContentCounters, 'hotOf' | 'saveCounts' | 'countsOf'>;
};
export type ContentIngestion = ReturnType<typeof createContentIngestion>;
/** A headline's fingerprint and search document computed before it is added (addHeadlines). */
export type PreparedHeadline = { simhash: string | null; doc: PreparedDoc };

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

/**
 * Writes content: organisations, reports (PDF files and their replacement), headlines, analyses
 * and materials; each write also updates the search index. Headline HTML is sanitised here, on
 * write, whatever the caller.
 */
export function createContentIngestion({ db, storage, search, clock, counters }: ContentIngestionDeps) {
  const organisations = createOrganisationsRepo(db);
  const reports = createReportsRepo(db);
  const headlines = createHeadlinesRepo(db);
  const analyses = createAnalysesRepo(db);
  const materials = createMaterialsRepo(db);
  const clusters = createHeadlineClusters(db);
  const reportMeta = createReportMetadataRepo(db);
  const now = () => clock.now().getTime();
  const { hotOf, saveCounts } = counters;

  /**
   * Inserts analyses or materials with their counters and indexes the published ones (byIds
   * reads published rows only: drafts get no search document).
   */
  async function addIndexed<New, Row extends { id: number; published_at: number }>(
    type: 'insight' | 'material',
    repo: {
      insertMany(rows: readonly New[]): Promise<number[]>;
      byIds(ids: readonly number[]): Promise<Row[]>;
    },
    toDoc: (row: Row, hot: number) => SearchDoc,
    rows: readonly Omit<New, 'created_at'>[],
    counts: readonly (Counts | undefined)[],
  ): Promise<number[]> {
    const ids = await repo.insertMany(rows.map((r) => ({ ...r, created_at: now() }) as New));
    await saveCounts(type, ids, counts);
    const saved = await repo.byIds(ids);
    await search.upsert(saved.map((row) => toDoc(row, hotOf(counts[ids.indexOf(row.id)], row.published_at))));
    return ids;
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

  const ingestion = {
    addOrganisations(rows: readonly Omit<NewOrganisation, 'created_at'>[]): Promise<Map<string, number>> {
      return organisations.ensure(rows.map((r) => ({ ...r, created_at: now() })));
    },

    /** Records an ingested PDF as a report and indexes its text. Deletes the files if recording fails. */
    async addIngestedReport(meta: ReportMeta, files: IngestedPdf): Promise<number> {
      const description = reportDescription(
        files.pages.map((p) => p.text),
        meta.title,
        DESCRIPTION_CHARS,
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
        await saveCounts('report', [id], [meta.counts]);
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
      return ingestion.addIngestedReport(meta, files);
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
     * `onInserted` runs once the rows are stored, before clustering and indexing: a caller that
     * keeps its own record of what it wrote (the feed poller) ties it to the ids there, so a
     * later failure cannot leave stored headlines it does not know about. `prepared`: per row,
     * its near-duplicate fingerprint and search document computed off the event loop (the feed
     * parser thread) from exactly the row given; the document's id and hot score are set here.
     */
    async addHeadlines(
      rows: readonly Omit<NewHeadline, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
      onInserted?: (ids: readonly number[]) => Promise<void>,
      prepared?: readonly PreparedHeadline[],
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
      await clusters.assign(ids, prepared && new Map(ids.map((id, i) => [id, prepared[i]?.simhash ?? null])));
      const copies = await clusters.copies(ids);
      const saved = await headlines.byIds(ids); // published ones only: drafts get no search document
      const fresh = saved.filter((row) => !copies.has(row.id));
      const hotOfRow = (row: (typeof saved)[number]) => hotOf(counts[ids.indexOf(row.id)], row.published_at);
      if (prepared) {
        const dictId = await search.syncWords();
        await search.upsertPrepared(
          fresh.map((row) => {
            const doc = prepared[ids.indexOf(row.id)]?.doc;
            const id = searchDocId('business', row.id);
            return doc
              ? { ...doc, id, hot: hotOfRow(row) }
              : { ...prepareDoc(headlineDoc(row, hotOfRow(row))), dictId };
          }),
        );
      } else {
        await search.upsert(fresh.map((row) => headlineDoc(row, hotOfRow(row))));
      }
      return ids;
    },

    addAnalyses(
      rows: readonly Omit<NewAnalysis, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
    ) {
      return addIndexed('insight', analyses, analysisDoc, rows, counts);
    },

    addMaterials(
      rows: readonly Omit<NewMaterial, 'created_at'>[],
      counts: readonly (Counts | undefined)[] = [],
    ) {
      return addIndexed('material', materials, materialDoc, rows, counts);
    },

    /** Re-indexes a report (after loading new user words, tests). */
    async reindexReport(id: number): Promise<void> {
      await indexReport(id, await counters.countsOf('report', id));
    },
  };
  return ingestion;
}
