import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BODY_LEAD_CHARS, WINDOW_BEFORE, WINDOW_CHARS, windowTokens } from './highlight.ts';
import { hitsFromRows, inAskedOrder, type HitRow } from './hit-rows.ts';
import { kindsQuery, periodQuery, wholeWordsQuery, wordsQuery } from './pg-lexemes.ts';
import { GRAM_MATCH_RANK_FACTOR } from './pg-search-rank.ts';
import { ordRangeOfSecond, secondOfOrd } from './publish-order.ts';
import {
  HOT_WINDOW,
  matchStages,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  RELEVANCE_WINDOW,
  TITLE_WINDOW,
  TOTAL_HITS_CAP,
  type MatchStage,
  type SearchPlan,
} from './search-plan.ts';
import { highlightTokens, type QueryTerm } from './segmenter.ts';
import type { DocType, NewestMatches, SearchHit, SearchResult } from './search.types.ts';

/** ts_rank weights {D, C, B, A}: title and tags (A) weigh ten times body (B); filter lexemes (D) never score. */
const RANK_TEXT = '{0, 0, 0.1, 1}';
const RANK_TITLE = '{0, 0, 0, 1}';
/** ts_rank normalisation 1: divide by 1 + log(length), so long reports do not win by size. */
const RANK_NORMALIZATION = 1;
const TITLE_TIER_BONUS = 1000;
const DAY_SECONDS = 86_400;
/** A period grows by at most this factor per step, so one sparse early period cannot make the next one huge. */
const MAX_PERIOD_GROWTH = 64;
/** The most documents one period query may cover (see scan). */
const MAX_PERIOD_DOCS = 32_000;
/** How many documents' worth of periods scan may read only to count further. */
const COUNT_BUDGET_DOCS = 64_000;
/** The rest of the index is read in one query once it is expected to hold at most this many first periods' worth of matches. */
const REST_AT_ONCE_PERIODS = 3;
/** Counting always goes far enough for every reachable page to be known to exist. */
const MIN_COUNT = MAX_OFFSET + MAX_PAGE_SIZE + 1;
/** Documents in the first publish period a keyword query reads (see scan). */
export const FIRST_PERIOD_DOCS = 4_000;

// Queries return `ord::float8` (pg hands int8 over as a string) and sort by
// `search_docs.ord`: a bare `ord` in ORDER BY would name the float8 output column.
type Ranked = { ord: number; score: number | null };
/**
 * What a scan returns beside each row's ord (null: 0). `perMatch`: read with every match (a
 * plain column, the row is in hand); otherwise computed for the window's rows only (a rank).
 */
type Value = { sql: RawBuilder<unknown>; perMatch: boolean } | null;
type Count = { total: number; totalRelation: 'eq' | 'gte' };
type Entry = { ord: number; value: number };
/** `counted` is exact unless `exact` is false (counting stopped early: a lower bound). */
type Scan = { entries: Entry[]; counted: number; exact: boolean };
const NO_MATCHES: Count = { total: 0, totalRelation: 'eq' };
type Column = 'tsv' | 'title_tsv';
/**
 * Where a column's GIN index is: each document's full tsvector is in the narrow `search_terms`
 * (pg-search-terms.ts: a counted match reads ~1/100 of a page there), the title's in `search_docs`.
 */
const TABLE_OF: Record<Column, RawBuilder<unknown>> = {
  tsv: sql`search_terms`,
  title_tsv: sql`search_docs`,
};
/** A period query of a scan: days [from, to), or with `rest` every day before `to`. */
type Job = { from: number; to: number; rest: boolean };
/** What a period's rows match: the tsquery, and for the rest of the index an ord bound (periodMatch). */
type PeriodMatch = { tsquery: string; ordBelow?: number };
/** A period's count and window rows; `rn` ranks a row by ord among its matches (1 = newest) when it came newest-first or `ranked` (see period). */
type Part = { n: number; taken: number; entries: (Entry & { rn: number })[] };
/**
 * How a scan counts and where it reads: counting stops at `countTo` (default TOTAL_HITS_CAP + 1);
 * `db` is the transaction (default the search's own); with `top`, only the best `top` values of
 * the window come back; with `lanes` (the pool), older periods are read in a second transaction.
 */
type ScanOptions<DB> = { countTo?: number; db?: Kysely<DB>; top?: number; lanes?: Kysely<DB> };
/**
 * Executes a search plan on PostgreSQL.
 *
 * GIN finds matches but cannot return them in publish order; a plan that walks the `ord`
 * index backwards testing `tsv @@ q` on each row reads the whole table for a rare word
 * (seconds at 1M rows), and counting, ranking or sorting every match of a word found in
 * 300,000 rows is as slow. So a keyword query reads its matches newest-first one publish
 * period at a time — `tsv @@ (q & period)`, the period being year/month/day lexemes that GIN
 * intersects with the words — and stops once it has the rows it needs and has counted to
 * TOTAL_HITS_CAP. Hot scores are read in the same pass; ranks on the window's rows.
 *
 * Each search runs in a read-only transaction with sequential scans disabled: over a long
 * period the planner otherwise prefers a seq scan that tests every row's tsvector
 * (measured: 395 ms instead of 4 ms at 200k rows). Every query here has an index path. JIT
 * is off too: a period query over a million rows is estimated above `jit_above_cost`, and
 * compiling it takes longer than the few thousand rows it reads (at 600k rows a window query
 * of a common word was estimated at 459,000, compiling 11 functions).
 */
export async function runPgSearch<DB>(
  db: Kysely<DB>,
  product: string,
  plan: SearchPlan,
  firstPeriodDocs = FIRST_PERIOD_DOCS,
): Promise<SearchResult> {
  return readTransaction(db, (trx) => new PgSearch(db, trx, product, firstPeriodDocs).run(plan));
}

/** SearchIndex.newestMatches on PostgreSQL: in a read-only transaction, as a search reads. */
export async function runPgNewestMatches<DB>(
  db: Kysely<DB>,
  product: string,
  plan: SearchPlan,
  limit: number,
): Promise<NewestMatches> {
  return readTransaction(db, (trx) =>
    new PgSearch(db, trx, product, FIRST_PERIOD_DOCS).newestMatches(plan, limit),
  );
}

/** SearchIndex.hitsOf on PostgreSQL: in a read-only transaction, as a search reads. */
export async function runPgHitsOf<DB>(
  db: Kysely<DB>,
  product: string,
  plan: SearchPlan,
  ids: readonly string[],
): Promise<SearchHit[]> {
  return readTransaction(db, (trx) => new PgSearch(db, trx, product, FIRST_PERIOD_DOCS).hitsOf(plan, ids));
}

function readTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`.execute(
        trx,
      );
      return work(trx);
    });
}

class PgSearch<DB> {
  private spanCache: Promise<{ oldest: number; newest: number; docsPerDay: number } | undefined> | undefined;

  constructor(
    /** The pool, for a second transaction that scans in parallel (see relevant). */
    private readonly pool: Kysely<DB>,
    private readonly db: Kysely<DB>,
    private readonly product: string,
    private readonly firstPeriodDocs: number,
  ) {}

  async run(plan: SearchPlan): Promise<SearchResult> {
    if (plan.terms.length === 0) {
      return plan.hasKeyword ? this.result(plan, [], [], NO_MATCHES, false) : this.browse(plan);
    }
    const stages = matchStages(plan.terms, plan.exactTerms);
    for (const [i, stage] of stages.entries()) {
      const before = stages[i - 1];
      if (before && plan.types.length > 0 && (await this.anyDocMatches(before))) {
        // The 全部 tab answers with the stage before, so a tab must not look further.
        break;
      }
      const found = await this.keyword(plan, stage);
      if (found) {
        return found;
      }
    }
    return this.result(plan, [], [], NO_MATCHES, false);
  }

  private async anyDocMatches(stage: MatchStage): Promise<boolean> {
    const words = wordsQuery(stage.terms, stage.mode);
    const { rows } = await sql<{
      one: number;
    }>`SELECT 1 AS one FROM search_terms WHERE tsv @@ ${words}::tsquery LIMIT 1`.execute(this.db);
    return rows.length > 0;
  }

  private filtered(words: string, types: readonly DocType[]): string {
    return types.length === 0 ? words : `${words} & ${kindsQuery(types)}`;
  }

  private async keyword(plan: SearchPlan, stage: MatchStage): Promise<SearchResult | undefined> {
    const words = wordsQuery(stage.terms, stage.mode);
    const query = this.filtered(words, plan.types);
    const wanted = plan.offset + plan.pageSize;
    let ranked: Ranked[];
    let count: Count;
    if (plan.sort === 'new') {
      const scan = await this.scan('tsv', query, plan.beyondWindow ? 0 : wanted, null, {
        lanes: this.pool,
      });
      count = countOf(scan);
      ranked = scan.entries.slice(plan.offset).map((e) => ({ ord: e.ord, score: null }));
    } else if (plan.sort === 'hot') {
      const scan = await this.scan(
        'tsv',
        query,
        plan.beyondWindow ? 0 : HOT_WINDOW,
        { sql: sql`hot`, perMatch: true },
        {
          top: wanted,
          lanes: this.pool,
        },
      );
      count = countOf(scan);
      ranked = [...scan.entries]
        .sort((a, b) => b.value - a.value || b.ord - a.ord)
        .slice(plan.offset, wanted)
        .map((e) => ({ ord: e.ord, score: null }));
    } else {
      ({ ranked, count } = await this.relevant(plan, stage, words, query));
    }
    if (count.total === 0) {
      return undefined;
    }
    return this.result(plan, stage.terms, plan.beyondWindow ? [] : ranked, count, stage.fallback);
  }

  /**
   * Two tiers, as in sqlite-search-reader.ts: the newest TITLE_WINDOW documents whose title
   * or tags match (GIN on title_tsv), ranked with ts_rank on title_tsv; then, if the page
   * is not full, the other matches among the newest RELEVANCE_WINDOW, ranked with ts_rank
   * on tsv. Only those candidate rows are ever ranked.
   *
   * The count is independent of the ranking: it runs in a second read-only transaction
   * while this one ranks the title tier and, when needed, the body tier, so the server
   * works on both on two cores (after the ranking, here, when MAX_SIDE_TRANSACTIONS are
   * open already).
   */
  private async relevant(
    plan: SearchPlan,
    stage: MatchStage,
    words: string,
    query: string,
  ): Promise<{ ranked: Ranked[]; count: Count }> {
    const wanted = plan.offset + plan.pageSize;
    const rankTitle = {
      sql: sql`ts_rank(${RANK_TITLE}::float4[], title_tsv, ${words}::tsquery, ${RANK_NORMALIZATION})`,
      perMatch: false,
    };
    await this.span();
    const titling = plan.beyondWindow
      ? Promise.resolve({ entries: [] })
      : this.scan('title_tsv', query, TITLE_WINDOW, rankTitle, { countTo: TITLE_WINDOW, top: wanted });
    const countIn = (trx: Kysely<DB>) => this.scan('tsv', query, 0, null, { db: trx });
    const counting = sideTransaction(this.pool, countIn);
    // Both are awaited; if one fails first, the other's failure must not go unhandled.
    titling.catch(() => undefined);
    counting?.catch(() => undefined);
    const titled = await titling;
    const ranked: Ranked[] = byValue(titled.entries)
      .slice(0, wanted)
      .map((e) => ({ ord: e.ord, score: TITLE_TIER_BONUS + e.value }));
    if (!plan.beyondWindow && ranked.length < wanted) {
      const rankText = { sql: bodyRank(stage, words), perMatch: false };
      // Title-tier documents are skipped below, so that many more may be needed.
      const window = await this.scan('tsv', query, RELEVANCE_WINDOW, rankText, {
        countTo: RELEVANCE_WINDOW,
        top: wanted + titled.entries.length,
      });
      const inTitleTier = new Set(titled.entries.map((e) => e.ord));
      for (const e of byValue(window.entries)) {
        if (ranked.length >= wanted) {
          break;
        }
        if (!inTitleTier.has(e.ord)) {
          ranked.push({ ord: e.ord, score: e.value });
        }
      }
    }
    const counted = await (counting ?? countIn(this.db));
    return { ranked: ranked.slice(plan.offset, wanted), count: countOf(counted) };
  }

  /** The publish-order span of the index in days, and about how many documents it holds; undefined when empty. */
  private span(): Promise<{ oldest: number; newest: number; docsPerDay: number } | undefined> {
    this.spanCache ??= (async () => {
      const { rows } = await sql<{ lo: number | null; hi: number | null; estimate: number }>`
        SELECT (SELECT min(ord) FROM search_docs)::float8 AS lo, (SELECT max(ord) FROM search_docs)::float8 AS hi,
          (SELECT reltuples FROM pg_class WHERE oid = 'search_docs'::regclass)::float8 AS estimate`.execute(
        this.db,
      );
      const { lo, hi, estimate } = rows[0] ?? { lo: null, hi: null, estimate: 0 };
      if (lo === null || hi === null) {
        return undefined;
      }
      const oldest = Math.floor(secondOfOrd(lo) / DAY_SECONDS);
      const newest = Math.floor(secondOfOrd(hi) / DAY_SECONDS);
      // reltuples is -1 (or 0) until the table is first analysed: assume it is dense.
      const docs = estimate > 0 ? estimate : this.firstPeriodDocs * (newest - oldest + 1);
      return { oldest, newest, docsPerDay: docs / (newest - oldest + 1) };
    })();
    return this.spanCache;
  }

  /**
   * Reads the matches of `query` on `column` newest-first, one publish period at a time:
   * the newest `want` of them with `value` (a rank or the hot score; null: 0), and a count that
   * stops at `countTo`. A period yielding rows returns them from one aggregate (thousands
   * of one-column rows cost more to parse in node than the query takes); once enough rows
   * are in, later periods are only counted. The first period holds about firstPeriodDocs
   * documents; each next one is sized from the match rate so far, growing at most
   * MAX_PERIOD_GROWTH× — a rare word reaches the oldest document in a few steps, a common
   * one stops soon.
   *
   * With `lanes` (the pool), the scan reads two periods at a time, the older one in a second
   * read-only transaction, so both server cores work on it: the first period together with
   * the next one, then the rest of the count or window split in two. The older period does
   * not know yet how many rows the newer one yields, so it returns rows for the whole
   * window still open, ranked by `ord` within it, and the rows past the window's true end
   * are dropped here (see merge).
   */
  private async scan(
    column: Column,
    query: string,
    want: number,
    value: Value,
    options: ScanOptions<DB> = {},
  ): Promise<Scan> {
    // The second transaction opens while the span is read.
    const side = options.lanes ? SideLane.open(options.lanes) : undefined;
    try {
      return await this.scanLanes(column, query, want, value, options, side);
    } finally {
      side?.close();
    }
  }

  private async scanLanes(
    column: Column,
    query: string,
    want: number,
    value: Value,
    { countTo = TOTAL_HITS_CAP + 1, db = this.db, top }: ScanOptions<DB>,
    side: SideLane<DB> | undefined,
  ): Promise<Scan> {
    const span = await this.span();
    const entries: Entry[] = [];
    /** Rows of the newest-`want` window read so far (more than `entries` holds with `top`). */
    let taken = 0;
    let counted = 0;
    if (!span) {
      return { entries, counted, exact: true };
    }
    let to = span.newest + 1;
    let covered = 0;
    let days = Math.max(1, Math.ceil(this.firstPeriodDocs / Math.max(span.docsPerDay, 1e-9)));
    let countedDocs = 0;
    let exact = true;
    // GIN reads every document of a period (its lexemes' posting lists) whatever the
    // words, so a period holds at most MAX_PERIOD_DOCS.
    const longest = Math.max(1, Math.floor(MAX_PERIOD_DOCS / span.docsPerDay));
    const read = (
      on: Kysely<DB>,
      job: Job,
      window: number,
      countLimit: number,
      best?: number,
      ranked?: boolean,
    ) =>
      this.period(
        on,
        column,
        this.periodMatch(query, job, span.newest),
        inlineRank(value, (job.to - job.from) * (covered > 0 ? counted / covered : span.docsPerDay), window),
        window,
        countLimit,
        best,
        ranked,
      );
    while (to > span.oldest && counted < countTo) {
      // Once the rows are in and the count covers every reachable page, counting on stops
      // after COUNT_BUDGET_DOCS documents: the total is then a lower bound ('gte').
      if (taken >= want && counted >= MIN_COUNT && countedDocs >= COUNT_BUDGET_DOCS) {
        exact = false;
        break;
      }
      // When the match rate says the rest of the index holds few matches, it is read in
      // one go as "not what was already read": GIN then walks the rarest word's posting
      // list instead of periods.
      const restDays = to - span.oldest;
      const rate = covered > 0 ? counted / covered : Number.POSITIVE_INFINITY;
      const jobs: Job[] = [];
      if (days >= restDays || rate * restDays <= REST_AT_ONCE_PERIODS * this.firstPeriodDocs) {
        jobs.push({ from: span.oldest, to, rest: true });
      } else if (side && (covered === 0 || (days >= 2 && rate * days >= this.firstPeriodDocs / 2))) {
        // Two lanes: the first period and as much again, or this round's period halved.
        const newer = Math.min(covered === 0 ? days : Math.ceil(days / 2), longest);
        const older = Math.min(covered === 0 ? days : days - newer, longest);
        jobs.push({ from: to - newer, to, rest: false });
        jobs.push(
          to - newer - older <= span.oldest
            ? { from: span.oldest, to: to - newer, rest: true }
            : { from: to - newer - older, to: to - newer, rest: false },
        );
      } else {
        jobs.push({ from: to - Math.min(days, longest), to, rest: false });
      }
      const window = Math.max(0, want - taken);
      const countLimit = countTo - counted;
      const first = read(db, jobs[0] as Job, window, countLimit, top);
      const second =
        jobs[1] && side
          ? side.db.then((trx) => read(trx, jobs[1] as Job, window, countLimit, top && 4 * top, true))
          : undefined;
      // If the first lane fails, the second one's failure must not go unhandled.
      second?.catch(() => undefined);
      const parts = [await first, ...(second ? [await second] : [])];
      for (const [i, job] of jobs.entries()) {
        let part = parts[i] as Part;
        const open = Math.max(0, want - taken);
        if (part.taken > open) {
          // The older lane read rows for the whole window; it ends `open` rows in.
          const kept = part.entries.filter((e) => e.rn <= open);
          part =
            top === undefined || kept.length >= Math.min(top, open)
              ? { n: part.n, taken: open, entries: kept }
              : await read(db, job, open, countLimit, top);
        }
        counted += part.n;
        taken += part.taken;
        entries.push(...part.entries);
        if (taken >= want) {
          countedDocs += (job.to - job.from) * span.docsPerDay;
        }
        covered += job.to - job.from;
        to = job.from;
      }
      const rateNow = counted / covered;
      const remaining = Math.max(countTo - counted, want - taken);
      days = Math.max(
        1,
        Math.min(
          MAX_PERIOD_GROWTH * covered,
          rateNow > 0 ? Math.ceil((remaining / rateNow) * 1.25) : 2 * covered,
        ),
      );
    }
    return { entries, counted, exact };
  }

  /**
   * A period's matches: `query` within its days. The rest of the index is "not the days read
   * already", so that GIN walks the query words' posting lists instead of the periods'. A
   * negation is only as right as the index's view of each row, though: while a GIN index moves
   * its pending list into the main tree (autovacuum, after enough inserts) a row can be found in
   * the tree under the query's words before its day lexeme is there, and so pass `!day`
   * (CI saw counts of 336 for 200 matches). Positive matches cannot err that way — a scan reads
   * the pending list before the tree — so the rest also keeps to the ords below its first day,
   * which the heap rows answer (`ord + 0`: a filter on the rows GIN found, not a second index).
   */
  private periodMatch(query: string, job: Job, newest: number): PeriodMatch {
    if (!job.rest) {
      return { tsquery: `${query} & ${periodQuery(job.from, job.to)}` };
    }
    if (job.to > newest) {
      return { tsquery: query };
    }
    return {
      tsquery: `${query} & !${periodQuery(job.to, newest + 1)}`,
      ordBelow: ordRangeOfSecond(job.to * DAY_SECONDS).first,
    };
  }

  /**
   * One period: its match count and, with `window` > 0, its newest `window` matches — all
   * of them, or with `best` only the `best` highest values among them (the caller pages
   * through at most that many, so the rest need not cross the wire). Rows carry their rank
   * by ord, counted in SQL with `best` only if `ranked`. Without rows, counting stops at
   * `countLimit`.
   */
  private async period(
    db: Kysely<DB>,
    column: Column,
    period: PeriodMatch,
    value: Value,
    window: number,
    countLimit: number,
    best?: number,
    ranked = false,
  ): Promise<Part> {
    const table = TABLE_OF[column];
    const where =
      period.ordBelow === undefined
        ? sql`${sql.ref(column)} @@ ${period.tsquery}::tsquery`
        : sql`${sql.ref(column)} @@ ${period.tsquery}::tsquery AND ord + 0 < ${period.ordBelow}::bigint`;
    if (window === 0) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (
          SELECT 1 FROM ${table} WHERE ${where} LIMIT ${countLimit}
        ) s`.execute(db);
      return { n: rows[0]?.n ?? 0, taken: 0, entries: [] };
    }
    // MATERIALIZED: GIN finds the period's matches first, sorting comes after. Given
    // ORDER BY ord LIMIT directly, the planner may walk the ord index instead. A rank (it
    // reads and decompresses the row's tsvector) is computed for the window's rows only, read
    // again by primary key: a period can hold many more matches than the window (a
    // rest-of-index period, a common word), and ranking each of them cost seconds. The hot
    // score is read with each match instead (a second read of HOT_WINDOW rows costs more),
    // and so is a rank when the period is expected to be small (inlineRank).
    const perMatch = value?.perMatch === true;
    const matches = perMatch
      ? sql`SELECT ord, ${value.sql} AS v FROM ${table} WHERE ${where}`
      : sql`SELECT ord FROM ${table} WHERE ${where}`;
    const rows = sql`SELECT ord${perMatch ? sql`, v` : sql``} FROM m ORDER BY m.ord DESC LIMIT ${window}`;
    const valued =
      value === null
        ? sql`SELECT ord, 0 AS v FROM (${rows}) newest`
        : perMatch
          ? rows
          : sql`SELECT ord, ${value.sql} AS v FROM (${rows}) newest JOIN ${table} USING (ord)`;
    const { rows: found } =
      best === undefined
        ? await sql<{ n: number; found: string }>`
          WITH m AS MATERIALIZED (${matches})
          SELECT (SELECT count(*) FROM m)::int AS n,
            (SELECT coalesce(string_agg(ord::text || ':' || v::text, ',' ORDER BY ord DESC), '')
             FROM (${valued}) w) AS found`.execute(db)
        : await sql<{ n: number; found: string }>`
          WITH m AS MATERIALIZED (${matches})
          SELECT (SELECT count(*) FROM m)::int AS n,
            (SELECT coalesce(string_agg(ord::text || ':' || v::text${ranked ? sql` || ':' || rn::text` : sql``}, ',' ORDER BY v DESC, ord DESC), '')
             FROM (
               SELECT * FROM (
                 SELECT ord, v${ranked ? sql`, row_number() OVER (ORDER BY w.ord DESC) AS rn` : sql``} FROM (${valued}) w
               ) newest ORDER BY v DESC, ord DESC LIMIT ${best}
             ) kept) AS found`.execute(db);
    const n = found[0]?.n ?? 0;
    const entries: Part['entries'] = [];
    for (const item of (found[0]?.found ?? '').split(',')) {
      const [ord, v, rn] = item.split(':');
      if (ord && v) {
        entries.push({ ord: Number(ord), value: Number(v), rn: rn ? Number(rn) : entries.length + 1 });
      }
    }
    return { n, taken: Math.min(n, window), entries };
  }

  private async browse(plan: SearchPlan): Promise<SearchResult> {
    const wanted = plan.offset + plan.pageSize;
    if (plan.types.length > 0 && plan.sort !== 'hot') {
      const scan = await this.scan('tsv', kindsQuery(plan.types), plan.beyondWindow ? 0 : wanted, null);
      const ranked = scan.entries.slice(plan.offset).map((e) => ({ ord: e.ord, score: null }));
      return this.result(plan, [], ranked, countOf(scan), false);
    }
    const count =
      plan.types.length > 0
        ? countOf(await this.scan('tsv', kindsQuery(plan.types), 0, null))
        : await this.countAll();
    if (plan.beyondWindow || count.total === 0) {
      return this.result(plan, [], [], count, false);
    }
    if (plan.sort === 'hot') {
      return this.result(plan, [], await this.hottest(plan.types, plan.offset, plan.pageSize), count, false);
    }
    const { rows } = await sql<{ ord: number }>`
      SELECT ord::float8 AS ord FROM search_docs ORDER BY search_docs.ord DESC LIMIT ${plan.pageSize} OFFSET ${plan.offset}`.execute(
      this.db,
    );
    return this.result(
      plan,
      [],
      rows.map((r) => ({ ord: r.ord, score: null })),
      count,
      false,
    );
  }

  private async countAll(): Promise<Count> {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM search_docs LIMIT ${TOTAL_HITS_CAP + 1}) s`.execute(
      this.db,
    );
    return capped(rows[0]?.n ?? 0);
  }

  /** Hot order without a keyword: a walk of the (hot, ord) index, which carries type for the filter. Exact. */
  private async hottest(types: readonly DocType[], offset: number, limit: number): Promise<Ranked[]> {
    const filter = types.length === 0 ? sql`TRUE` : sql`type = ANY(${types}::text[])`;
    const { rows } = await sql<{ ord: number }>`
      SELECT ord::float8 AS ord FROM search_docs WHERE ${filter}
      ORDER BY search_docs.hot DESC, search_docs.ord DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return rows.map((r) => ({ ord: r.ord, score: null }));
  }

  /**
   * Loads the page's rows and highlights them. With tokens, a window of body around the first
   * one (strpos), looked for in the body's lead first: a long body is detoasted only when its
   * lead holds no token. OFFSET 0 keeps PostgreSQL from pulling `w` up into the outer query,
   * which would search each text twice (once per use of ws).
   */
  private async result(
    plan: SearchPlan,
    terms: readonly QueryTerm[],
    ranked: readonly Ranked[],
    count: Count,
    fallback: boolean,
  ): Promise<SearchResult> {
    const base = {
      total: count.total,
      totalRelation: count.totalRelation,
      fallback,
      page: plan.page,
      pageSize: plan.pageSize,
    };
    if (ranked.length === 0) {
      return { hits: [], ...base };
    }
    return { hits: await this.hitsOfOrds(ranked, highlightTokens(terms)), ...base };
  }

  /**
   * SearchIndex.newestMatches: the first stage that finds anything in any type (the one `run`
   * answers a tab with), its matches in the plan's types read newest-first one publish period at
   * a time as a search sorted by new reads them, stopping once `limit` are in (no count past
   * them); then those rows' ids and times by primary key.
   */
  async newestMatches(plan: SearchPlan, limit: number): Promise<NewestMatches> {
    for (const stage of matchStages(plan.terms, plan.exactTerms)) {
      if (!(await this.anyDocMatches(stage))) {
        continue;
      }
      const query = this.filtered(wordsQuery(stage.terms, stage.mode), plan.types);
      const scan = await this.scan('tsv', query, limit, null, { countTo: limit, lanes: this.pool });
      const ords = scan.entries.slice(0, limit).map((e) => e.ord);
      const { rows } = await sql<{ doc_id: string; published_at: Date }>`
        SELECT doc_id, published_at FROM search_docs WHERE ord = ANY(${ords}::bigint[])
        ORDER BY ord DESC`.execute(this.db);
      return {
        matches: rows.map((r) => ({ id: r.doc_id, publishedAt: new Date(r.published_at) })),
        fallback: stage.fallback,
      };
    }
    return { matches: [], fallback: false };
  }

  /**
   * SearchIndex.hitsOf: documents known to match the keyword, highlighted with the terms of the
   * stage a search would answer with (the first that finds anything).
   */
  async hitsOf(plan: SearchPlan, ids: readonly string[]): Promise<SearchHit[]> {
    if (ids.length === 0) {
      return [];
    }
    let terms = plan.terms;
    for (const stage of matchStages(plan.terms, plan.exactTerms)) {
      if (await this.anyDocMatches(stage)) {
        terms = stage.terms;
        break;
      }
    }
    const { rows } = await sql<{ doc_id: string; ord: number }>`
      SELECT doc_id, ord::float8 AS ord FROM search_docs WHERE doc_id = ANY(${[...ids]}::text[])`.execute(
      this.db,
    );
    return this.hitsOfOrds(inAskedOrder(ids, rows), highlightTokens(terms));
  }

  /** The rows of these documents in this order, highlighted for `tokens` (none: browsing, no body read). */
  private async hitsOfOrds(ranked: readonly Ranked[], tokens: readonly string[]): Promise<SearchHit[]> {
    if (ranked.length === 0) {
      return [];
    }
    const ords = ranked.map((r) => r.ord);
    // Browsing reads no body; with tokens, a window of body around the first one.
    const { rows } =
      tokens.length === 0
        ? await sql<HitRow>`
            SELECT d.ord::float8 AS ord, d.doc_id, d.type, d.published_at, d.title, 0 AS win_start, NULL AS win
            FROM search_docs d WHERE d.ord = ANY(${ords}::bigint[])`.execute(this.db)
        : await sql<HitRow>`
            SELECT d.ord::float8 AS ord, d.doc_id, d.type, d.published_at, d.title, w.ws - 1 AS win_start,
              CASE WHEN d.lead IS NOT NULL AND w.ws + ${WINDOW_CHARS} <= ${BODY_LEAD_CHARS}
                THEN substr(d.lead, w.ws, ${WINDOW_CHARS + 1})
                ELSE substr(d.body, w.ws, ${WINDOW_CHARS + 1}) END AS win
            FROM search_docs d
            CROSS JOIN LATERAL (
              SELECT greatest(1, coalesce(
                ${firstToken(sql`coalesce(d.lead, d.body)`, windowTokens(tokens))},
                CASE WHEN d.lead IS NOT NULL THEN ${firstToken(sql`d.body`, windowTokens(tokens))} END,
                1) - ${WINDOW_BEFORE}) AS ws
              OFFSET 0
            ) w
            WHERE d.ord = ANY(${ords}::bigint[])`.execute(this.db);
    return hitsFromRows(ranked, rows, tokens, this.product);
  }
}

/**
 * Second transactions at work at once in this process. A search waiting for a second
 * connection holds its first one, so with more of them than the pool has connections less
 * one, searches could wait on each other for ever; and on a two-core server two searches
 * at once keep both cores busy anyway. Past this, a search reads in its own transaction.
 */
const MAX_SIDE_TRANSACTIONS = 1;
let sideTransactions = 0;

/**
 * `work` in a second read-only transaction, or undefined when MAX_SIDE_TRANSACTIONS are at
 * work. The slot is free again once `work` is done: the COMMIT waits on nothing.
 */
function sideTransaction<DB, T>(
  pool: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> | undefined {
  if (sideTransactions >= MAX_SIDE_TRANSACTIONS) {
    return undefined;
  }
  sideTransactions++;
  let busy = true;
  const release = () => {
    if (busy) {
      busy = false;
      sideTransactions--;
    }
  };
  const done = readTransaction(pool, async (trx) => {
    try {
      return await work(trx);
    } finally {
      release();
    }
  });
  // Also when the transaction never opened.
  done.then(release, release);
  return done;
}

/**
 * A second read-only transaction in which a scan reads its older periods while the first
 * transaction reads the newer ones. A failed query there fails the search through its own
 * promise; the transaction's end (close) is not waited for.
 */
class SideLane<DB> {
  private constructor(
    readonly db: Promise<Kysely<DB>>,
    readonly close: () => void,
  ) {}

  /** Opens one now, or returns undefined when MAX_SIDE_TRANSACTIONS are open. */
  static open<DB>(pool: Kysely<DB>): SideLane<DB> | undefined {
    let close = () => {};
    const released = new Promise<void>((resolve) => (close = resolve));
    let opened = (_trx: Kysely<DB>) => {};
    const db = new Promise<Kysely<DB>>((resolve) => (opened = resolve));
    const done = sideTransaction(pool, async (trx) => {
      opened(trx);
      await released;
    });
    if (!done) {
      return undefined;
    }
    // If it never opens (no connection), the queries waiting for it fail with its error.
    const failed = done.then(() => db);
    failed.catch(() => undefined);
    return new SideLane(Promise.race([db, failed]), close);
  }
}

/** The first position of any of `tokens` in `text` (ASCII tokens in lower-cased text), or NULL. */
function firstToken(text: RawBuilder<unknown>, tokens: readonly string[]): RawBuilder<unknown> {
  return sql`(SELECT min(nullif(strpos(CASE WHEN t ~ '[^a-z0-9]' THEN ${text} ELSE lower(${text}) END, t), 0))
    FROM unnest(${tokens}::text[]) t)`;
}

function capped(n: number, exact = true): Count {
  if (n > TOTAL_HITS_CAP) {
    return { total: TOTAL_HITS_CAP, totalRelation: 'gte' };
  }
  return { total: n, totalRelation: exact ? 'eq' : 'gte' };
}

function countOf(scan: Scan): Count {
  return capped(scan.counted, scan.exact);
}

/**
 * A rank is computed with each match, like the hot score, when the period is expected to hold
 * at most RANK_INLINE_FACTOR × the window's matches: reading the window's rows a second time
 * by primary key then costs more than ranking the few matches past the window.
 */
const RANK_INLINE_FACTOR = 2;

function inlineRank(value: Value, expectedMatches: number, window: number): Value {
  return value && !value.perMatch && expectedMatches <= RANK_INLINE_FACTOR * window
    ? { sql: value.sql, perMatch: true }
    : value;
}

/**
 * A body match's rank: on its words-only vector when it holds every query word as a token,
 * else on its full vector at GRAM_MATCH_RANK_FACTOR (pg-search-rank.ts). Evaluated beside a
 * `search_terms` row; the full vector is only read (out of line) for the second kind.
 */
function bodyRank(stage: MatchStage, words: string): RawBuilder<unknown> {
  const rank = (tsv: RawBuilder<unknown>) =>
    sql`ts_rank(${RANK_TEXT}::float4[], ${tsv}, ${words}::tsquery, ${RANK_NORMALIZATION})`;
  return sql`coalesce(
    (SELECT ${rank(sql`r.tsv`)} FROM search_rank r
     WHERE r.ord = search_terms.ord AND r.tsv @@ ${wholeWordsQuery(stage.terms, stage.mode)}::tsquery),
    ${sql.lit(GRAM_MATCH_RANK_FACTOR)} * ${rank(sql`search_terms.tsv`)})`;
}

/** Highest value first, newer first among equals. */
function byValue(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => b.value - a.value || b.ord - a.ord);
}
