import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReportPagesTable, ReportsTable } from '../../db/schema.ts';
import { PUBLISHED } from './publish-status.ts';

export type ReportRow = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;
export type NewReportPage = Omit<Insertable<ReportPagesTable>, 'report_id'>;
export type ReportCompanyLink = { organisation_id: number; status: number };
/** A report with the organisations it names, for list cards and the index. */
export type ReportCompany = { report_id: number; organisation_id: number; name: string; status: number };
export type ReportsRepo = ReturnType<typeof createReportsRepo>;

export function createReportsRepo(db: Db) {
  const k = db.kysely;
  // Lists and details read through the read replica when it has every write (db/read-routing.ts).
  const reads = db.reads;
  return {
    /** One report with its pages and companies, in one transaction; returns its id. */
    async insert(
      report: NewReport,
      pages: readonly NewReportPage[],
      companies: readonly ReportCompanyLink[],
    ): Promise<number> {
      return k.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('reports')
          .values(report)
          .returning('id')
          .executeTakeFirstOrThrow();
        // Batches keep the statement under SQLite's bound-parameter limit.
        for (let i = 0; i < pages.length; i += 100) {
          await tx
            .insertInto('report_pages')
            .values(pages.slice(i, i + 100).map((p) => ({ ...p, report_id: id })))
            .execute();
        }
        if (companies.length > 0) {
          await tx
            .insertInto('report_companies')
            .values(
              companies.map((c) => ({ report_id: id, organisation_id: c.organisation_id, status: c.status })),
            )
            .execute();
        }
        return id;
      });
    },

    /**
     * Swaps a report's files (PDF, cover, page count) and pages in one transaction, if the row is
     * still at `version` (+1). False when someone wrote first or the report is gone: nothing changed.
     */
    async replaceFiles(
      id: number,
      version: number,
      files: { pdf_key: string; cover_key: string; page_count: number; updated_at: number },
      pages: readonly NewReportPage[],
    ): Promise<boolean> {
      return k.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('reports')
          .set({ ...files, version: sql<number>`version + 1` })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          return false;
        }
        await tx.deleteFrom('report_pages').where('report_id', '=', id).execute();
        for (let i = 0; i < pages.length; i += 100) {
          await tx
            .insertInto('report_pages')
            .values(pages.slice(i, i + 100).map((p) => ({ ...p, report_id: id })))
            .execute();
        }
        return true;
      });
    },

    async count(): Promise<number> {
      const row = await k
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Published rows only (what users may see), unless `anyStatus` (indexing, the back-office). */
    byIds(ids: readonly number[], anyStatus = false): Promise<ReportRow[]> {
      if (ids.length === 0) {
        return Promise.resolve([]);
      }
      return reads
        .selectFrom('reports')
        .selectAll()
        .where('id', 'in', [...ids])
        .$if(!anyStatus, (q) => q.where('status', '=', PUBLISHED))
        .execute();
    },

    companiesOf(reportIds: readonly number[]): Promise<ReportCompany[]> {
      if (reportIds.length === 0) {
        return Promise.resolve([]);
      }
      return (
        reads
          .selectFrom('report_companies as rc')
          .innerJoin('organisations as o', 'o.id', 'rc.organisation_id')
          .select(['rc.report_id', 'rc.organisation_id', 'o.name', 'rc.status'])
          .where('rc.report_id', 'in', [...reportIds])
          .orderBy('rc.report_id')
          // The back-office's order: the first company is the publisher.
          .orderBy('rc.position')
          .orderBy('rc.organisation_id')
          .execute()
      );
    },

    /** The text of each page, in page order. */
    async pageTexts(reportId: number): Promise<string[]> {
      const pages = await k
        .selectFrom('report_pages')
        .select('text')
        .where('report_id', '=', reportId)
        .orderBy('page_no')
        .execute();
      return pages.map((p) => p.text);
    },

    /** Every report naming the organisation: id and publish time (for the company tab). */
    ofOrganisation(organisationId: number): Promise<{ id: number; published_at: number }[]> {
      return reads
        .selectFrom('report_companies as rc')
        .innerJoin('reports as r', 'r.id', 'rc.report_id')
        .select(['r.id', 'r.published_at'])
        .where('rc.organisation_id', '=', organisationId)
        .where('r.status', '=', PUBLISHED)
        .execute();
    },
  };
}
