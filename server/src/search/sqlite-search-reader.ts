import type { Database, Statement } from 'better-sqlite3';
import { keywordMatch, kindMatch, type MatchColumns } from './fts5-match.ts';
import { BODY_LEAD_CHARS, WINDOW_BEFORE, WINDOW_CHARS, windowTokens } from './highlight.ts';
import { hitsFromRows, inAskedOrder, type HitRow } from './hit-rows.ts';
import { anyDocMatches, firstStage } from './sqlite-match-ids.ts';
import { cachedStatement } from './sqlite-statements.ts';
import {
  HOT_WINDOW,
  matchStages,
  RELEVANCE_WINDOW,
  TITLE_WINDOW,
  TOTAL_HITS_CAP,
  type MatchStage,
  type SearchPlan,
} from './search-plan.ts';
import { highlightTokens, type QueryTerm } from './segmenter.ts';
import { createSqlitePageReader } from './sqlite-page-index.ts';
import type { DocType, SearchHit, SearchResult } from './search.types.ts';

/**
 * bm25 column weights. search_fts and search_recent_fts (title, tags, body, kind, tgrams,
 * bgrams): a title or tag hit weighs ten body hits; the type token never scores; a gram hit
 * weighs a fifth of a word hit in the same place, so a document holding the word as a word
 * ranks above one that holds it only inside a longer word. Title-tier ranking counts title
 * and tags alone: search_title_fts (title, tags, kind, tgrams), or the recent table's.
 */
const BM25_TEXT = '10.0, 10.0, 1.0, 0.0, 2.0, 0.2';
const BM25_TITLE = '1.0, 1.0, 0.0, 0.2';
const BM25_RECENT_TITLE = '1.0, 1.0, 0.0, 0.0, 0.2, 0.0';
/** Added to tier-1 scores so `score` falls monotonically down the result list. */
const TITLE_TIER_BONUS = 1000;
/** A rowid bound below every `ord` (bound as INTEGER: see sqlite-search-index.ts on BigInt). */
const ALL_ROWS = -(2n ** 62n);

type FtsTable = 'search_fts' | 'search_title_fts' | 'search_recent_fts';
/** Up to this many matches, a window floor is located by counting forwards (see windowFloor). */
const SPARSE_COUNT = 20_000;
/** Newest documents on which scoreBy estimates word frequencies. */
const FREQUENCY_SAMPLE = 2_000;
/** A row scored through the SQL engine costs about as much as this many IDF posting entries. */
const ROW_COST_OVER_IDF_ENTRY = 12;

type Ranked = { ord: number; score: number | null };
/** Results kept per reader connection by default; the whole cache is dropped on any write (see `run`). */
export const RESULT_CACHE_ENTRIES = 256;
type Count = { total: number; totalRelation: 'eq' | 'gte' };
const NO_MATCHES: Count = { total: 0, totalRelation: 'eq' };
/**
 * Executes search plans against one SQLite connection. Runs on the main thread for small
 * indexes and tests, or inside reader worker threads (sqlite-reader-pool.ts), each with its
 * own read-only connection. Every statement touches a bounded number of rows: counts stop
 * at TOTAL_HITS_CAP, ranking sees at most TITLE_WINDOW + RELEVANCE_WINDOW rows.
 */
export class SqliteSearchReader {
  private readonly cache = new Map<string, SearchResult>();
  private cacheVersion = '';
  private readonly pages: ReturnType<typeof createSqlitePageReader>;

  constructor(
    private readonly db: Database,
    private readonly product: string,
    /** 0 turns the cache off (the benchmark measures the queries, not the cache). */
    private readonly cacheEntries = RESULT_CACHE_ENTRIES,
  ) {
    this.pages = createSqlitePageReader(db);
  }

  private stmt(source: string): Statement {
    return cachedStatement(this.db, source);
  }

  /**
   * Results are cached until the database changes: `PRAGMA data_version` moves when another
   * connection commits, `total_changes()` when this one writes. Home and list pages ask the
   * same few questions over and over; any write (new content, a view bumping `hot`) clears
   * the cache, so a result is never stale.
   */
  async run(plan: SearchPlan): Promise<SearchResult> {
    if (this.cacheEntries === 0) {
      return this.answer(plan);
    }
    const version = `${this.stmt('PRAGMA data_version').pluck().get() as number}:${
      this.stmt('SELECT total_changes()').pluck().get() as number
    }`;
    if (version !== this.cacheVersion) {
      this.cache.clear();
      this.cacheVersion = version;
    }
    const key = JSON.stringify(plan);
    const cached = this.cache.get(key);
    if (cached) {
      return cached;
    }
    const result = await this.answer(plan);
    if (this.cache.size >= this.cacheEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) {
        this.cache.delete(oldest);
      }
    }
    this.cache.set(key, result);
    return result;
  }

  /**
   * The page, with what the plan asks beside it (type totals, page hits): one call, so a
   * search page costs one trip to a reader thread and plans its keyword once.
   */
  private async answer(plan: SearchPlan): Promise<SearchResult> {
    const { result, stage, stageIndex } = this.compute(plan);
    if (plan.typeTotals.length > 0) {
      // Without a type filter the page's stage is the first that finds anything: the one the tabs count.
      const known =
        plan.types.length === 0 && stage
          ? { stage, total: { total: result.total, totalRelation: result.totalRelation } }
          : undefined;
      result.typeTotals = this.typeTotals(plan, known);
    }
    const reports = plan.pageHits ? result.hits.filter((h) => h.type === 'report') : [];
    if (reports.length > 0) {
      const found = await this.pages.pageHits(
        { keyword: '', docIds: reports.map((h) => h.id) },
        { terms: plan.terms, exactTerms: plan.exactTerms, firstStage: stageIndex },
      );
      for (const hit of reports) {
        const page = found.get(hit.id);
        if (page) {
          hit.pageHit = page;
        }
      }
    }
    return result;
  }

  /**
   * Each asked type's total as its own tab counts it (see `compute`): the matches of the first
   * stage that finds anything in any type, in that type. When that stage's matches were
   * counted exactly (at most TOTAL_HITS_CAP), one grouped pass over them counts every type;
   * otherwise each type is counted up to the cap, as its tab does.
   */
  private typeTotals(
    plan: SearchPlan,
    known?: { stage: MatchStage; total: Count },
  ): Partial<Record<DocType, number>> {
    const stage =
      known?.stage ??
      (plan.terms.length === 0
        ? undefined
        : matchStages(plan.terms, plan.exactTerms).find((s) => this.anyDocMatches(s)));
    const totals: Partial<Record<DocType, number>> = {};
    for (const type of plan.typeTotals) {
      totals[type] = 0;
    }
    if (!stage) {
      return totals;
    }
    const match = keywordMatch(stage.terms, stage.mode, 'text', []);
    const all = known?.total ?? this.countMatches(match);
    if (all.totalRelation === 'eq') {
      const rows = this.stmt(
        `SELECT d.type AS type, count(*) AS n FROM search_fts f JOIN search_docs d ON d.ord = f.rowid
         WHERE search_fts MATCH ? GROUP BY d.type`,
      ).all(match) as { type: DocType; n: number }[];
      for (const row of rows) {
        if (row.type in totals) {
          totals[row.type] = row.n;
        }
      }
      return totals;
    }
    for (const type of plan.typeTotals) {
      totals[type] = this.countMatches(keywordMatch(stage.terms, stage.mode, 'text', [type])).total;
    }
    return totals;
  }

  /** The page, and the stage that answered it (none when nothing matched or without terms). */
  private compute(plan: SearchPlan): { result: SearchResult; stage?: MatchStage; stageIndex?: number } {
    if (plan.terms.length === 0) {
      return {
        result: plan.hasKeyword ? this.result(plan, [], [], NO_MATCHES, false) : this.browse(plan),
      };
    }
    const stages = matchStages(plan.terms, plan.exactTerms);
    for (const [i, stage] of stages.entries()) {
      const before = stages[i - 1];
      if (before && plan.types.length > 0 && this.anyDocMatches(before)) {
        // The 全部 tab answers with the stage before, so a tab must not look further.
        break;
      }
      const found = this.keyword(plan, stage);
      if (found) {
        return { result: found, stage, stageIndex: i };
      }
    }
    return { result: this.result(plan, [], [], NO_MATCHES, false) };
  }

  private anyDocMatches(stage: MatchStage): boolean {
    return anyDocMatches(this.db, stage);
  }

  /** undefined when nothing matches, so the caller can try the next stage. */
  private keyword(plan: SearchPlan, stage: MatchStage): SearchResult | undefined {
    const match = keywordMatch(stage.terms, stage.mode, 'text', plan.types);
    const count = this.countMatches(match);
    if (count.total === 0) {
      return undefined;
    }
    if (plan.beyondWindow) {
      return this.result(plan, stage.terms, [], count, stage.fallback);
    }
    let ranked: Ranked[];
    if (plan.sort === 'new') {
      ranked = this.newest(match, plan.offset, plan.pageSize);
    } else if (plan.sort === 'hot') {
      ranked = this.hottestMatches(match, count, plan.offset, plan.pageSize);
    } else {
      ranked = this.relevant(plan, stage, match, count);
    }
    return this.result(plan, stage.terms, ranked, count, stage.fallback);
  }

  private browse(plan: SearchPlan): SearchResult {
    const typed = plan.types.length > 0;
    const count: Count = typed ? this.countMatches(kindMatch(plan.types)) : this.countAll();
    if (plan.beyondWindow || count.total === 0) {
      return this.result(plan, [], [], count, false);
    }
    let ranked: Ranked[];
    if (plan.sort === 'hot') {
      ranked = this.hottest(plan.types, plan.offset, plan.pageSize);
    } else if (typed) {
      ranked = this.newest(kindMatch(plan.types), plan.offset, plan.pageSize);
    } else {
      ranked = this.stmt(
        'SELECT ord FROM search_docs INDEXED BY search_docs_ord_hot ORDER BY ord DESC LIMIT ? OFFSET ?',
      )
        .pluck()
        .all(plan.pageSize, plan.offset)
        .map((ord) => ({ ord: ord as number, score: null }));
    }
    return this.result(plan, [], ranked, count, false);
  }

  private capped(n: number): Count {
    return n > TOTAL_HITS_CAP
      ? { total: TOTAL_HITS_CAP, totalRelation: 'gte' }
      : { total: n, totalRelation: 'eq' };
  }

  private countMatches(match: string): Count {
    const n = this.stmt('SELECT count(*) FROM (SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT ?)')
      .pluck()
      .get(match, TOTAL_HITS_CAP + 1) as number;
    return this.capped(n);
  }

  private countAll(): Count {
    const n = this.stmt(
      'SELECT count(*) FROM (SELECT 1 FROM search_docs INDEXED BY search_docs_ord_hot LIMIT ?)',
    )
      .pluck()
      .get(TOTAL_HITS_CAP + 1) as number;
    return this.capped(n);
  }

  /** Newest first: a backwards walk of the rowids, which are publish order. */
  private newest(match: string, offset: number, limit: number): Ranked[] {
    return this.stmt(
      'SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?',
    )
      .pluck()
      .all(match, limit, offset)
      .map((ord) => ({ ord: ord as number, score: null }));
  }

  /**
   * The rowid of the n-th newest match: everything from it upwards is the newest-n window.
   * FTS5 walks an AND backwards without skipping through its doclist indexes (measured:
   * 16 ms for 2,000 title matches of 新能源汽车 AND 宁德时代 at 200k documents, against
   * 2.5 ms to count them forwards). So the backwards walk is tried only over the recent
   * rows first, where dense matches find their window; sparser matches are counted
   * forwards and the floor located forwards too. Only more than SPARSE_COUNT matches that
   * are still too sparse for the recent rows take the long backwards walk. `exactTotal`:
   * the number of matches, when already counted.
   */
  private windowFloor(table: FtsTable, match: string, n: number, exactTotal?: number): bigint | undefined {
    const recent = exactTotal === undefined ? this.recentFloor() : undefined;
    if (recent !== undefined) {
      const floor = this.stmt(
        `SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND rowid >= ? ORDER BY rowid DESC LIMIT 1 OFFSET ?`,
      )
        .pluck()
        .get(match, recent, n - 1) as number | undefined;
      if (floor !== undefined) {
        return BigInt(floor);
      }
    }
    if (exactTotal !== undefined) {
      const floor = this.stmt(
        `SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid LIMIT 1 OFFSET ?`,
      )
        .pluck()
        .get(match, exactTotal - n) as number | undefined;
      return floor === undefined ? undefined : BigInt(floor);
    }
    // One forward pass lists the matches (rowids fit a JS number: see publish-order.ts).
    const rowids = this.stmt(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?`)
      .pluck()
      .all(match, SPARSE_COUNT + 1) as number[];
    if (rowids.length < n) {
      return undefined;
    }
    const floor =
      rowids.length <= SPARSE_COUNT
        ? rowids[rowids.length - n]
        : (this.stmt(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?`)
            .pluck()
            .get(match, n - 1) as number | undefined);
    return floor === undefined ? undefined : BigInt(floor);
  }

  /** bm25 over the matches at or above `floor` (all matches without one), best `limit`. */
  private bm25(
    table: FtsTable,
    weights: string,
    match: string,
    floor: bigint | undefined,
    limit: number,
    scoreBy = match,
  ): { ord: number; s: number }[] {
    if (scoreBy === match) {
      return this.stmt(
        `SELECT rowid AS ord, bm25(${table}, ${weights}) AS s FROM ${table}
         WHERE ${table} MATCH ? AND rowid >= ? ORDER BY s, rowid DESC LIMIT ?`,
      ).all(match, floor ?? ALL_ROWS, limit) as { ord: number; s: number }[];
    }
    // Scored by `scoreBy`, restricted to the rows matching `match`. The unary + keeps the
    // IN list a filter: offered to FTS5 as rowid lookups it would cost ~2 ms per row.
    return this.stmt(
      `SELECT rowid AS ord, bm25(${table}, ${weights}) AS s FROM ${table}
       WHERE ${table} MATCH ? AND rowid >= ?
         AND +rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND rowid >= ?)
       ORDER BY s, rowid DESC LIMIT ?`,
    ).all(scoreBy, floor ?? ALL_ROWS, match, floor ?? ALL_ROWS, limit) as { ord: number; s: number }[];
  }

  /**
   * What bm25 should score a window by. bm25 reads every scored word's whole posting list
   * for its IDF (~40 ns per entry), so with several required words where one is far more
   * common than another (星智澜科技 市场), it scores only the rarest, which carries nearly
   * all of bm25's weight anyway, restricted to the window's matches — at ~0.5 µs per row
   * of that word, since each goes through the SQL engine. Word frequencies are estimated
   * on the newest FREQUENCY_SAMPLE documents: counting each word exactly would cost more
   * than either choice.
   */
  private scoreBy(
    table: FtsTable,
    stage: MatchStage,
    columns: MatchColumns,
    types: readonly DocType[],
    match: string,
  ): string {
    if (stage.mode !== 'and' || stage.terms.length < 2) {
      return match;
    }
    const sampleFloor = this.stmt(
      'SELECT ord FROM search_docs INDEXED BY search_docs_ord_hot ORDER BY ord DESC LIMIT 1 OFFSET ?',
    )
      .pluck()
      .get(FREQUENCY_SAMPLE - 1) as number | undefined;
    if (sampleFloor === undefined) {
      // A small index: every posting list is shorter than the sample, so scoring cannot cost much.
      return match;
    }
    let rarest = match;
    let fewest = Number.POSITIVE_INFINITY;
    let all = 0;
    for (const term of stage.terms) {
      const single = keywordMatch([term], 'and', columns, types, table === 'search_title_fts');
      const n = this.stmt(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ? AND rowid >= ?`)
        .pluck()
        .get(single, BigInt(sampleFloor)) as number;
      all += n;
      if (n < fewest) {
        fewest = n;
        rarest = single;
      }
    }
    return fewest * ROW_COST_OVER_IDF_ENTRY < all ? rarest : match;
  }

  /** The oldest rowid in search_recent_fts, which holds every document from it onwards. */
  private recentFloor(): bigint | undefined {
    const first = this.stmt('SELECT rowid FROM search_recent_fts ORDER BY rowid LIMIT 1').pluck().get() as
      number | undefined;
    return first === undefined ? undefined : BigInt(first);
  }

  /**
   * Relevance over a bounded candidate set, in two tiers — never bm25 over every match
   * (DESIGN.md "Search at scale"):
   *  1. documents whose title or tags hold every word (any word, in fallback): the newest
   *     TITLE_WINDOW of them, ranked by bm25 over title and tags;
   *  2. when tier 1 cannot fill the page: the other matches among the newest
   *     RELEVANCE_WINDOW, ranked by bm25 with title and tags weighted 10× body.
   * TITLE_WINDOW exceeds MAX_OFFSET + MAX_PAGE_SIZE, so a tier-1 window that is full covers
   * every reachable page, and one that is not full holds every title match.
   *
   * Where each window is found and scored keeps the work bounded: title matches are found
   * in search_title_fts (posting lists of titles only). bm25 reads each word's whole posting
   * list for its IDF, so a window lying entirely among the newest RECENT_DOCS documents is
   * scored in search_recent_fts; a window reaching further back belongs to words with few
   * matches together, scored in the full tables by the rarest of them (scoreBy).
   */
  private relevant(plan: SearchPlan, stage: MatchStage, match: string, count: Count): Ranked[] {
    const wanted = plan.offset + plan.pageSize;
    const recent = this.recentFloor();
    const isRecent = (floor: bigint | undefined) =>
      floor !== undefined && recent !== undefined && floor >= recent;
    const titleMatch = keywordMatch(stage.terms, stage.mode, 'title', plan.types, true);
    // Title matches are matches: fewer than TITLE_WINDOW matches in all leave no floor to find.
    const titleFloor =
      count.totalRelation === 'eq' && count.total <= TITLE_WINDOW
        ? undefined
        : this.windowFloor('search_title_fts', titleMatch, TITLE_WINDOW);
    const titled = isRecent(titleFloor)
      ? this.bm25(
          'search_recent_fts',
          BM25_RECENT_TITLE,
          keywordMatch(stage.terms, stage.mode, 'title', plan.types),
          titleFloor,
          wanted,
        )
      : this.bm25(
          'search_title_fts',
          BM25_TITLE,
          titleMatch,
          titleFloor,
          wanted,
          this.scoreBy('search_title_fts', stage, 'title', plan.types, titleMatch),
        );
    const ranked: Ranked[] = titled.map((r) => ({ ord: r.ord, score: TITLE_TIER_BONUS - r.s }));
    if (ranked.length < wanted) {
      const inTitleTier = new Set(titled.map((r) => r.ord));
      const floor =
        count.totalRelation === 'gte'
          ? this.windowFloor('search_fts', match, RELEVANCE_WINDOW)
          : count.total > RELEVANCE_WINDOW
            ? this.windowFloor('search_fts', match, RELEVANCE_WINDOW, count.total)
            : undefined;
      const rows = isRecent(floor)
        ? this.bm25('search_recent_fts', BM25_TEXT, match, floor, wanted + inTitleTier.size)
        : this.bm25(
            'search_fts',
            BM25_TEXT,
            match,
            floor,
            wanted + inTitleTier.size,
            this.scoreBy('search_fts', stage, 'text', plan.types, match),
          );
      for (const r of rows) {
        if (!inTitleTier.has(r.ord)) {
          ranked.push({ ord: r.ord, score: -r.s });
        }
      }
    }
    return ranked.slice(plan.offset, wanted);
  }

  /** Hot order among the newest HOT_WINDOW matches (all of them when fewer). */
  private hottestMatches(match: string, count: Count, offset: number, limit: number): Ranked[] {
    const floor =
      count.totalRelation === 'gte' ? this.windowFloor('search_fts', match, HOT_WINDOW) : undefined;
    return this.stmt(
      `SELECT d.ord FROM search_fts f JOIN search_docs d INDEXED BY search_docs_ord_hot ON d.ord = f.rowid
       WHERE search_fts MATCH ? AND f.rowid >= ? ORDER BY d.hot DESC, d.ord DESC LIMIT ? OFFSET ?`,
    )
      .pluck()
      .all(match, floor ?? ALL_ROWS, limit, offset)
      .map((ord) => ({ ord: ord as number, score: null }));
  }

  /**
   * Hot order without a keyword: a walk of the (hot, ord) index, exact. With a type filter
   * the walk skips other types; every type is at least a few percent of the content, so a
   * page costs a few thousand index entries at most (a per-type index cost a third more
   * write time per document).
   */
  private hottest(types: readonly DocType[], offset: number, limit: number): Ranked[] {
    const rows =
      types.length === 0
        ? this.stmt(
            'SELECT ord FROM search_docs INDEXED BY search_docs_hot ORDER BY hot DESC, ord DESC LIMIT ? OFFSET ?',
          )
            .pluck()
            .all(limit, offset)
        : this.stmt(
            'SELECT ord FROM search_docs INDEXED BY search_docs_hot WHERE type IN (SELECT value FROM json_each(?)) ORDER BY hot DESC, ord DESC LIMIT ? OFFSET ?',
          )
            .pluck()
            .all(JSON.stringify(types), limit, offset);
    return rows.map((ord) => ({ ord: ord as number, score: null }));
  }

  /**
   * Loads the page's rows and highlights them. With query tokens the database cuts a body
   * window around the first token it finds (instr, lower-cased for ASCII tokens): in the
   * body's lead when it holds one, else in the body, so a long report body is read only when
   * its lead has no token, and never crosses into JavaScript. Browsing reads no body at all.
   */
  private result(
    plan: SearchPlan,
    terms: readonly QueryTerm[],
    ranked: readonly Ranked[],
    count: Count,
    fallback: boolean,
  ): SearchResult {
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
    return { hits: this.hitsOfOrds(ranked, highlightTokens(terms)), ...base };
  }

  /**
   * SearchIndex.hitsOf: documents known to match the keyword, highlighted with the terms of the
   * stage a search would answer with (the first that finds anything, as `typeTotals` picks it).
   */
  hitsOf(plan: SearchPlan, ids: readonly string[]): SearchHit[] {
    if (ids.length === 0) {
      return [];
    }
    const stage = firstStage(this.db, plan);
    const found = this.stmt(
      `SELECT doc_id, ord FROM search_docs WHERE doc_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as { doc_id: string; ord: number }[];
    return this.hitsOfOrds(inAskedOrder(ids, found), highlightTokens(stage?.terms ?? plan.terms));
  }

  /** The rows of these documents in this order, highlighted for `tokens` (none: browsing, no body read). */
  private hitsOfOrds(ranked: readonly Ranked[], tokens: readonly string[]): SearchHit[] {
    const ords = `[${ranked.map((r) => r.ord).join(',')}]`;
    const firstToken = (text: string) =>
      `(SELECT min(nullif(instr(CASE WHEN j.value GLOB '*[^a-z0-9]*' THEN ${text} ELSE lower(${text}) END, j.value), 0))
        FROM json_each(@tokens) j)`;
    const ws = `max(1, coalesce(w.pos, 1) - ${WINDOW_BEFORE})`;
    // `w` finds each row's first token once (OFFSET 0 keeps SQLite from merging it into the
    // outer query, which would search twice: once per use of ws) and passes no body on; the
    // outer query reads the body only to cut a window the lead does not hold.
    const rows = (
      tokens.length === 0
        ? this.stmt(
            `SELECT ord, doc_id, type, published_at, title, 0 AS win_start, NULL AS win
             FROM search_docs WHERE ord IN (SELECT value FROM json_each(?))`,
          ).all(ords)
        : this.stmt(
            `SELECT w.ord, w.doc_id, w.type, w.published_at, w.title, ${ws} - 1 AS win_start,
               CASE WHEN w.lead IS NOT NULL AND ${ws} + ${WINDOW_CHARS} <= ${BODY_LEAD_CHARS}
                 THEN substr(w.lead, ${ws}, ${WINDOW_CHARS + 1})
                 ELSE substr(b.body, ${ws}, ${WINDOW_CHARS + 1}) END AS win
             FROM (
               SELECT d.ord, d.doc_id, d.type, d.published_at, d.title, l.lead,
                 coalesce(${firstToken('coalesce(l.lead, d.body)')},
                   CASE WHEN l.lead IS NOT NULL THEN ${firstToken('d.body')} END) AS pos
               FROM search_docs d LEFT JOIN search_leads l ON l.ord = d.ord
               WHERE d.ord IN (SELECT value FROM json_each(@ords))
               LIMIT -1 OFFSET 0
             ) w JOIN search_docs b ON b.ord = w.ord`,
          ).all({ tokens: JSON.stringify(windowTokens(tokens)), ords })
    ) as HitRow[];
    return hitsFromRows(ranked, rows, tokens, this.product);
  }
}
