import type { TCatalogueKind } from '@portal/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One entry of a catalogue list; `scopeId` is an industry's company type (null otherwise). */
export type CatalogueRow = {
  id: number;
  name: string;
  sort: number;
  version: number;
  scopeId: number | null;
};

/** Where each list lives: the three tables differ only in their name column and scope. */
const LISTS = {
  'company-types': { table: 'company_types', column: 'name', scope: null },
  industries: { table: 'industries', column: 'name', scope: 'company_type_id' },
  keywords: { table: 'subscription_keywords', column: 'keyword', scope: null },
} as const;

// The three lists share every statement below with a different table and column, which Kysely's
// table typing cannot express; rows are mapped to CatalogueRow right here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Kysely<any>;

export type AdminCatalogueRepo = ReturnType<typeof createAdminCatalogueRepo>;

/** SQL of the back-office catalogue: entries, their order, and what users chose of them. */
export function createAdminCatalogueRepo(db: Db) {
  const k = db.kysely;

  function select(tx: Loose, kind: TCatalogueKind) {
    const { table, column, scope } = LISTS[kind];
    return tx
      .selectFrom(table)
      .select([
        'id',
        `${column} as name`,
        'sort',
        'version',
        sql<number | null>`${sql.ref(scope ?? 'id')}`.as('scope'),
      ])
      .orderBy('sort')
      .orderBy('id');
  }

  const toRow = (scoped: boolean) => (r: Record<string, unknown>) => ({
    id: Number(r.id),
    name: String(r.name),
    sort: Number(r.sort),
    version: Number(r.version),
    scopeId: scoped ? Number(r.scope) : null,
  });

  async function entries(tx: Loose, kind: TCatalogueKind, scopeId?: number | null): Promise<CatalogueRow[]> {
    const scope = LISTS[kind].scope;
    let query = select(tx, kind);
    if (scope !== null && scopeId !== undefined && scopeId !== null) {
      query = query.where(scope, '=', scopeId);
    }
    return (await query.execute()).map(toRow(scope !== null));
  }

  /** A company type asks for an industry exactly when it lists industries (品牌方 in the seed). */
  async function syncRequiresIndustry(tx: Loose, typeId: number): Promise<void> {
    await tx
      .updateTable('company_types')
      .set({
        requires_industry: sql`CASE WHEN EXISTS (SELECT 1 FROM industries WHERE company_type_id = ${typeId}) THEN 1 ELSE 0 END`,
      })
      .where('id', '=', typeId)
      .execute();
  }

  return {
    entries: (kind: TCatalogueKind, scopeId?: number | null) => entries(k as Loose, kind, scopeId),

    async entry(kind: TCatalogueKind, id: number): Promise<CatalogueRow | undefined> {
      const rows = (
        await select(k as Loose, kind)
          .where('id', '=', id)
          .execute()
      ).map(toRow(LISTS[kind].scope !== null));
      return rows[0];
    },

    /** Users per company type, per industry and per recommended keyword (custom ones are not counted). */
    async userCounts() {
      const byType = await k
        .selectFrom('user_subscriptions')
        .select(['company_type_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_type_id', 'is not', null)
        .groupBy('company_type_id')
        .execute();
      const byIndustry = await k
        .selectFrom('user_subscriptions')
        .select(['industry_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('industry_id', 'is not', null)
        .groupBy('industry_id')
        .execute();
      const byKeyword = await k
        .selectFrom('user_keywords')
        .select(['keyword', (eb) => eb.fn.countAll<number>().as('n')])
        .where('custom', '=', 0)
        .groupBy('keyword')
        .execute();
      return {
        types: new Map(byType.map((r) => [Number(r.id), Number(r.n)])),
        industries: new Map(byIndustry.map((r) => [Number(r.id), Number(r.n)])),
        keywords: new Map(byKeyword.map((r) => [r.keyword, Number(r.n)])),
      };
    },

    /** Appends an entry at the end of its list; the recommended keyword's users stop counting it as custom. */
    async insert(kind: TCatalogueKind, scopeId: number | null, name: string): Promise<number> {
      const { table, column, scope } = LISTS[kind];
      return k.transaction().execute(async (trx) => {
        const tx = trx as Loose;
        const last = await tx
          .selectFrom(table)
          .select((eb) => eb.fn.max('sort').as('m'))
          .$if(scope !== null, (q) => q.where(scope ?? 'id', '=', scopeId))
          .executeTakeFirst();
        const sort = last?.m === null || last?.m === undefined ? 0 : Number(last.m) + 1;
        const row = await tx
          .insertInto(table)
          .values({ [column]: name, sort, ...(scope !== null ? { [scope]: scopeId } : {}) })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (kind === 'keywords') {
          await trx.updateTable('user_keywords').set({ custom: 0 }).where('keyword', '=', name).execute();
        }
        if (kind === 'industries' && scopeId !== null) {
          await syncRequiresIndustry(tx, scopeId);
        }
        return Number(row.id);
      });
    },

    /**
     * Renames an entry still at `version`; false when it moved on (nothing changed). A renamed
     * recommended keyword is renamed in its users' subscriptions too (a user who also had the new
     * name as a custom keyword keeps one row, now recommended).
     */
    async rename(kind: TCatalogueKind, before: CatalogueRow, name: string): Promise<boolean> {
      const { table, column } = LISTS[kind];
      return k.transaction().execute(async (trx) => {
        const result = await (trx as Loose)
          .updateTable(table)
          .set({ [column]: name, version: sql`version + 1` })
          .where('id', '=', before.id)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          return false;
        }
        if (kind === 'keywords') {
          await trx
            .deleteFrom('user_keywords')
            .where('keyword', '=', before.name)
            .where('custom', '=', 0)
            .where('user_id', 'in', (eb) =>
              eb
                .selectFrom('user_keywords as other')
                .select('other.user_id')
                .where('other.keyword', '=', name),
            )
            .execute();
          await trx
            .updateTable('user_keywords')
            .set({ keyword: name })
            .where('keyword', '=', before.name)
            .where('custom', '=', 0)
            .execute();
          await trx.updateTable('user_keywords').set({ custom: 0 }).where('keyword', '=', name).execute();
        }
        return true;
      });
    },

    /** Writes a list's order (ids in their new order); bumps the moved entry's version if still at it. */
    async reorder(kind: TCatalogueKind, moved: CatalogueRow, ids: readonly number[]): Promise<boolean> {
      const { table } = LISTS[kind];
      return k.transaction().execute(async (trx) => {
        const tx = trx as Loose;
        const result = await tx
          .updateTable(table)
          .set({ version: sql`version + 1` })
          .where('id', '=', moved.id)
          .where('version', '=', moved.version)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          return false;
        }
        for (const [sort, id] of ids.entries()) {
          await tx.updateTable(table).set({ sort }).where('id', '=', id).execute();
        }
        return true;
      });
    },

    /** How many users chose the entry (a company type: by its own id, which its industries' users share). */
    async users(kind: TCatalogueKind, row: CatalogueRow): Promise<number> {
      const found =
        kind === 'keywords'
          ? await k
              .selectFrom('user_keywords')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('keyword', '=', row.name)
              .where('custom', '=', 0)
              .executeTakeFirstOrThrow()
          : await k
              .selectFrom('user_subscriptions')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(kind === 'industries' ? 'industry_id' : 'company_type_id', '=', row.id)
              .executeTakeFirstOrThrow();
      return Number(found.n);
    },

    /**
     * Deletes an entry still at `version`; false when it moved on. Users who chose it are left
     * without a choice (a type takes its industries with it); users of a recommended keyword keep
     * it as a custom keyword.
     */
    async remove(kind: TCatalogueKind, row: CatalogueRow): Promise<boolean> {
      const { table } = LISTS[kind];
      return k.transaction().execute(async (trx) => {
        const tx = trx as Loose;
        // The version-checked update takes the row's lock before anything else is touched.
        const claimed = await tx
          .updateTable(table)
          .set({ version: sql`version + 1` })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) {
          return false;
        }
        if (kind === 'keywords') {
          await trx.updateTable('user_keywords').set({ custom: 1 }).where('keyword', '=', row.name).execute();
        } else if (kind === 'industries') {
          await trx
            .updateTable('user_subscriptions')
            .set({ industry_id: null })
            .where('industry_id', '=', row.id)
            .execute();
        } else {
          await trx
            .updateTable('user_subscriptions')
            .set({ company_type_id: null, industry_id: null })
            .where('company_type_id', '=', row.id)
            .execute();
          await trx.deleteFrom('industries').where('company_type_id', '=', row.id).execute();
        }
        await tx.deleteFrom(table).where('id', '=', row.id).execute();
        if (kind === 'industries' && row.scopeId !== null) {
          await syncRequiresIndustry(tx, row.scopeId);
        }
        return true;
      });
    },
  };
}
