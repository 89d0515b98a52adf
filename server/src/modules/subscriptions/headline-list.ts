import type { THeadlineListQuery, THeadlineListReply } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { hotScore } from '../../search/hot-score.ts';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../search/search-plan.ts';
import type { SearchHit, SearchIndex } from '../../search/search.types.ts';
import { createContentStatsRepo, ZERO_COUNTS } from '../content/content-stats.repo.ts';
import { parseSearchDocId } from '../content/content-types.ts';
import type { SearchService } from '../search/search.service.ts';
import type { SynonymSource } from '../search/synonym-source.ts';
import type { SynonymTable } from '../../search/synonyms.ts';
import type { SubscriptionsRepo } from './subscriptions.repo.ts';

export type HeadlineListDeps = {
  index: SearchIndex;
  search: SearchService;
  repo: SubscriptionsRepo;
  db: Db;
  clock: Clock;
  synonyms?: SynonymSource | undefined;
};

/** A headline a keyword matched, and the keyword whose words its highlights show. */
type Picked = { id: string; publishedAt: Date; keyword: string };

/** Headlines one keyword matched, newest first; `capped` when the walk stopped at the engine's paging bound. */
type KeywordMatches = { matches: Picked[]; capped: boolean };

const STATS_CHUNK = 500;
/** How far one keyword's matches are walked: the engine's own paging bound, as search pages. */
const WALK = MAX_OFFSET + MAX_PAGE_SIZE;

/**
 * The /headlines list: the headlines matching any of the user's shown keywords, without those
 * matching a hidden one, optionally narrowed by `keyword`, sorted new or hot. The search index
 * matches each keyword exactly as search does (the same stage, the same synonyms); the index
 * has no OR-of-keywords query, so each shown keyword's newest matches are read (ids and times
 * only, up to the engine's paging bound, as the search service's company tab pages) and merged
 * here; beyond that bound the total is reported as `gte`. Hidden keywords and the narrowing text
 * are tested on the merged headlines themselves. Only the page shown is highlighted, each row
 * for the keyword that brought it.
 */
export function createHeadlineList({ index, search, repo, db, clock, synonyms }: HeadlineListDeps) {
  const stats = createContentStatsRepo(db);

  /**
   * A keyword matches through its synonym groups, as in search and in the digest: a headline the
   * digest sent for 宁德时代 because it says CATL is listed under 宁德时代 here too.
   */
  async function matches(keyword: string, table?: SynonymTable): Promise<KeywordMatches> {
    const found = await index.newestMatches({
      keyword,
      types: ['business'],
      limit: WALK,
      ...(table ? { synonyms: table } : {}),
    });
    // A fallback answer matches only some of the words: not a match of this keyword.
    if (found.fallback) {
      return { matches: [], capped: false };
    }
    return {
      matches: found.matches.map((m) => ({ ...m, keyword })),
      capped: found.matches.length >= WALK,
    };
  }

  /** The page's rows as search hits, each highlighted for the keyword that brought it. */
  async function pageHits(page: readonly Picked[], table?: SynonymTable): Promise<SearchHit[]> {
    const byKeyword = new Map<string, string[]>();
    for (const p of page) {
      byKeyword.set(p.keyword, [...(byKeyword.get(p.keyword) ?? []), p.id]);
    }
    const hits = new Map<string, SearchHit>();
    for (const [keyword, ids] of byKeyword) {
      for (const hit of await index.hitsOf({ keyword, ids, ...(table ? { synonyms: table } : {}) })) {
        hits.set(hit.id, hit);
      }
    }
    // A headline removed since its keyword's walk is left out.
    return page.flatMap((p) => hits.get(p.id) ?? []);
  }

  async function hotScores(hits: readonly Picked[]): Promise<Map<string, number>> {
    const byId = new Map<number, Picked>();
    for (const h of hits) {
      const ref = parseSearchDocId(h.id);
      if (ref) {
        byId.set(ref.id, h);
      }
    }
    const ids = [...byId.keys()];
    const counts = new Map<number, typeof ZERO_COUNTS>();
    for (let i = 0; i < ids.length; i += STATS_CHUNK) {
      for (const row of await stats.many('business', ids.slice(i, i + STATS_CHUNK))) {
        counts.set(row.content_id, row);
      }
    }
    const now = clock.now();
    const scores = new Map<string, number>();
    for (const [id, hit] of byId) {
      scores.set(hit.id, hotScore({ ...(counts.get(id) ?? ZERO_COUNTS), publishedAt: hit.publishedAt, now }));
    }
    return scores;
  }

  return {
    async list(userId: number, q: THeadlineListQuery): Promise<THeadlineListReply> {
      const keywords = await repo.keywordsOf(userId);
      // Exclusions are the user's own keywords (sent hidden, or stored hidden): that bounds the
      // work of one request by the user's keyword count, whatever a client sends.
      const sent = new Set(q.subscribe_keyword);
      const excluded = new Set(
        keywords.filter((k) => sent.has(k.keyword) || Number(k.shown) === 0).map((k) => k.keyword),
      );
      const active = keywords.map((k) => k.keyword).filter((k) => !excluded.has(k));

      const table = await synonyms?.table();
      const picked = new Map<string, Picked>();
      let capped = false;
      for (const keyword of active) {
        const found = await matches(keyword, table);
        capped ||= found.capped;
        for (const hit of found.matches) {
          if (!picked.has(hit.id)) {
            picked.set(hit.id, hit);
          }
        }
      }
      // A hidden keyword and the narrowing text are tested on the headlines picked, not walked:
      // a hidden common word's newest matches would not reach back to every older headline
      // it holds.
      const among = async (keyword: string): Promise<Set<string>> => {
        const found = await index.matchesAmong({
          keyword,
          ids: [...picked.keys()],
          ...(table ? { synonyms: table } : {}),
        });
        // A fallback answer matches only some of the words: not a match of this keyword.
        return new Set(found.fallback ? [] : found.ids);
      };
      for (const keyword of excluded) {
        if (picked.size > 0) {
          for (const id of await among(keyword)) {
            picked.delete(id);
          }
        }
      }
      const text = q.keyword.trim();
      if (text !== '' && picked.size > 0) {
        // Narrowed by text: the rows left show the text's highlights.
        const kept = await among(text);
        for (const [id, hit] of picked) {
          if (kept.has(id)) {
            hit.keyword = text;
          } else {
            picked.delete(id);
          }
        }
      }

      let ordered = [...picked.values()];
      const idOf = (h: Picked) => parseSearchDocId(h.id)?.id ?? 0;
      const newest = (a: Picked, b: Picked) =>
        b.publishedAt.getTime() - a.publishedAt.getTime() || idOf(b) - idOf(a);
      if (q.psort === 'hot') {
        const hot = await hotScores(ordered);
        ordered = ordered.sort((a, b) => (hot.get(b.id) ?? 0) - (hot.get(a.id) ?? 0) || newest(a, b));
      } else {
        ordered = ordered.sort(newest);
      }
      const offset = (q.page - 1) * q.page_size;
      const page = ordered.slice(offset, offset + q.page_size);
      return {
        data: await search.hits(await pageHits(page, table), true, userId),
        total: { value: ordered.length, relation: capped ? 'gte' : 'eq' },
        page: q.page,
        page_size: q.page_size,
        psort: q.psort,
      };
    },
  };
}
