import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BODY_LEAD_CHARS, WINDOW_BEFORE, WINDOW_CHARS, windowTokens } from './highlight.ts';
import { hitsFromRows, type HitRow } from './hit-rows.ts';
import { kindsQuery, periodQuery, wordsQuery } from './pg-lexemes.ts';
import { secondOfOrd } from './publish-order.ts';
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
import type { DocType, SearchResult } from './search.types.ts';

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
/** A rest of the index expected to hold at most this many matches is read in one query. */
const REST_AT_ONCE_ROWS = 12_000;
/** Counting always goes far enough for every reachable page to be known to exist. */
const MIN_COUNT = MAX_OFFSET + MAX_PAGE_SIZE + 1;
/** Documents in the first publish period a keyword query reads (see scan). */
export const FIRST_PERIOD_DOCS = 4_000;

// Queries return `ord::float8` (pg hands int8 over as a string) and sort by
// `search_docs.ord`: a bare `ord` in ORDER BY would name the float8 output column.
type Ranked = { ord: number; score: number | null };
type Count = { total: number; totalRelation: 'eq' | 'gte' };
type Entry = { ord: number; value: number };
/** `counted` is exact unless `exact` is false (counting stopped early: a lower bound). */
type Scan = { entries: Entry[]; counted: number; exact: boolean };
const NO_MATCHES: Count = { total: 0, totalRelation: 'eq' };
type Column = 'tsv' | 'title_tsv';
/**
 * Executes a search plan on PostgreSQL.
 *
 * GIN finds matches but cannot return them in publish order; a plan that walks the `ord`
 * index backwards testing `tsv @@ q` on each row reads the whole table for a rare word
 * (seconds at 1M rows), and counting, ranking or sorting every match of a word found in
 * 300,000 rows is as slow. So a keyword query reads its matches newest-first one publish
 * period at a time — `tsv @@ (q & period)`, the period being year/month/day lexemes that GIN
 * intersects with the words — and stops once it has the rows it needs and has counted to
 * TOTAL_HITS_CAP. Ranks and hot scores are computed in the same pass, on rows the scan is
 * reading anyway.
 *
 * Each search runs in a read-only transaction with sequential scans disabled: over a long
 * period the planner otherwise prefers a seq scan that tests every row's tsvector
 * (measured: 395 ms instead of 4 ms at 200k rows). Every query here has an index path.
 */
export async function runPgSearch<DB>(
  db: Kysely<DB>,
  product: string,
  plan: SearchPlan,
  firstPeriodDocs = FIRST_PERIOD_DOCS,
): Promise<SearchResult> {
  return readTransaction(db, (trx) => new PgSearch(db, trx, product, firstPeriodDocs).run(plan));
}

function readTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
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
    for (const stage of matchStages(plan.terms)) {
      const found = await this.keyword(plan, stage);
      if (found) {
        return found;
      }
    }
    return this.result(plan, [], [], NO_MATCHES, false);
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
      const scan = await this.scan('tsv', query, plan.beyondWindow ? 0 : wanted, sql`0`);
      count = countOf(scan);
      ranked = scan.entries.slice(plan.offset).map((e) => ({ ord: e.ord, score: null }));
    } else if (plan.sort === 'hot') {
      const scan = await this.scan(
        'tsv',
        query,
        plan.beyondWindow ? 0 : HOT_WINDOW,
        sql`hot`,
        TOTAL_HITS_CAP + 1,
        this.db,
        wanted,
      );
      count = countOf(scan);
      ranked = [...scan.entries]
        .sort((a, b) => b.value - a.value || b.ord - a.ord)
        .slice(plan.offset, wanted)
        .map((e) => ({ ord: e.ord, score: null }));
    } else {
      ({ ranked, count } = await this.relevant(plan, words, query));
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
   * The title tier and the count are independent scans of similar cost: the count runs in
   * a second read-only transaction at the same time, so the server works on both on two
   * cores. The body tier, when needed, then only collects its window.
   */
  private async relevant(
    plan: SearchPlan,
    words: string,
    query: string,
  ): Promise<{ ranked: Ranked[]; count: Count }> {
    const wanted = plan.offset + plan.pageSize;
    const rankTitle = sql`ts_rank(${RANK_TITLE}::float4[], title_tsv, ${words}::tsquery, ${RANK_NORMALIZATION})`;
    await this.span();
    const [titled, counted] = await Promise.all([
      plan.beyondWindow
        ? { entries: [], counted: 0, exact: true }
        : this.scan('title_tsv', query, TITLE_WINDOW, rankTitle, TITLE_WINDOW, this.db, wanted),
      readTransaction(this.pool, (trx) => this.scan('tsv', query, 0, sql`0`, TOTAL_HITS_CAP + 1, trx)),
    ]);
    const ranked: Ranked[] = byValue(titled.entries)
      .slice(0, wanted)
      .map((e) => ({ ord: e.ord, score: TITLE_TIER_BONUS + e.value }));
    if (!plan.beyondWindow && ranked.length < wanted) {
      const rankText = sql`ts_rank(${RANK_TEXT}::float4[], tsv, ${words}::tsquery, ${RANK_NORMALIZATION})`;
      // Title-tier documents are skipped below, so that many more may be needed.
      const window = await this.scan(
        'tsv',
        query,
        RELEVANCE_WINDOW,
        rankText,
        RELEVANCE_WINDOW,
        this.db,
        wanted + titled.entries.length,
      );
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
   * the newest `want` of them with `value` (0, a rank or the hot score), and a count that
   * stops at `countTo`. A period yielding rows returns them from one aggregate (thousands
   * of one-column rows cost more to parse in node than the query takes); once enough rows
   * are in, later periods are only counted. The first period holds about firstPeriodDocs
   * documents; each next one is sized from the match rate so far, growing at most
   * MAX_PERIOD_GROWTH× — a rare word reaches the oldest document in a few steps, a common
   * one stops soon.
   */
  private async scan(
    column: Column,
    query: string,
    want: number,
    value: RawBuilder<unknown>,
    countTo = TOTAL_HITS_CAP + 1,
    db = this.db,
    top?: number,
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
    while (to > span.oldest && counted < countTo) {
      // Once the rows are in and the count covers every reachable page, counting on stops
      // after COUNT_BUDGET_DOCS documents: the total is then a lower bound ('gte').
      if (taken >= want && counted >= MIN_COUNT && countedDocs >= COUNT_BUDGET_DOCS) {
        exact = false;
        break;
      }
      // GIN reads every document of a period (its lexemes' posting lists) whatever the
      // words, so a period holds at most MAX_PERIOD_DOCS. When the match rate says the rest
      // of the index holds few matches, it is read in one go as "not what was already
      // read": GIN then walks the rarest word's posting list instead of periods.
      const restDays = to - span.oldest;
      const expectedRest = covered > 0 ? (counted / covered) * restDays : Number.POSITIVE_INFINITY;
      const last = days >= restDays || expectedRest <= REST_AT_ONCE_ROWS;
      const longest = Math.max(1, Math.floor(MAX_PERIOD_DOCS / span.docsPerDay));
      const from = last ? span.oldest : to - Math.min(days, longest);
      const period = !last
        ? `${query} & ${periodQuery(from, to)}`
        : covered > 0
          ? `${query} & !${periodQuery(to, span.newest + 1)}`
          : query;
      if (taken < want) {
        // MATERIALIZED: GIN finds the period's matches first, sorting comes after. Given
        // ORDER BY ord LIMIT directly, the planner may walk the ord index instead.
        // With `top`, only the best `top` values of the period's window rows come back:
        // the caller pages through at most that many, so the rest need not cross the wire.
        const order = top === undefined ? sql`ord DESC` : sql`v DESC, ord DESC`;
        const limit = top === undefined ? sql`` : sql`ORDER BY v DESC, ord DESC LIMIT ${top}`;
        const { rows } = await sql<{ n: number; taken: number; found: string }>`
          WITH m AS MATERIALIZED (SELECT ord, ${value} AS v FROM search_docs WHERE ${sql.ref(column)} @@ ${period}::tsquery),
            newest AS (SELECT ord, v FROM m ORDER BY m.ord DESC LIMIT ${want - taken})
          SELECT (SELECT count(*) FROM m)::int AS n, (SELECT count(*) FROM newest)::int AS taken,
            (SELECT coalesce(string_agg(ord::text || ':' || v::text, ',' ORDER BY ${order}), '')
             FROM (SELECT ord, v FROM newest ${limit}) kept) AS found`.execute(db);
        counted += rows[0]?.n ?? 0;
        taken += rows[0]?.taken ?? 0;
        for (const pair of (rows[0]?.found ?? '').split(',')) {
          const colon = pair.indexOf(':');
          if (colon > 0) {
            entries.push({ ord: Number(pair.slice(0, colon)), value: Number(pair.slice(colon + 1)) });
          }
        }
      } else {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM (
            SELECT 1 FROM search_docs WHERE ${sql.ref(column)} @@ ${period}::tsquery LIMIT ${countTo - counted}
          ) s`.execute(db);
        counted += rows[0]?.n ?? 0;
      }
      if (taken >= want) {
        countedDocs += (to - from) * span.docsPerDay;
      }
      covered += to - from;
      to = from;
      const rate = counted / covered;
      const remaining = Math.max(countTo - counted, want - taken);
      days = Math.max(
        1,
        Math.min(MAX_PERIOD_GROWTH * covered, rate > 0 ? Math.ceil((remaining / rate) * 1.25) : 2 * covered),
      );
    }
    return { entries, counted, exact };
  }

  private async browse(plan: SearchPlan): Promise<SearchResult> {
    const wanted = plan.offset + plan.pageSize;
    if (plan.types.length > 0 && plan.sort !== 'hot') {
      const scan = await this.scan('tsv', kindsQuery(plan.types), plan.beyondWindow ? 0 : wanted, sql`0`);
      const ranked = scan.entries.slice(plan.offset).map((e) => ({ ord: e.ord, score: null }));
      return this.result(plan, [], ranked, countOf(scan), false);
    }
    const count =
      plan.types.length > 0
        ? countOf(await this.scan('tsv', kindsQuery(plan.types), 0, sql`0`))
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
    const tokens = highlightTokens(terms);
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
    const hits = hitsFromRows(ranked, rows, tokens, this.product);
    return { hits, ...base };
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

/** Highest value first, newer first among equals. */
function byValue(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => b.value - a.value || b.ord - a.ord);
}
