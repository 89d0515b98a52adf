import { gramTokens, indexTokens, queryTerms, type QueryTerm } from '../../search/segmenter.ts';
import { withSynonyms, type SynonymTable } from '../../search/synonyms.ts';
import { headlineText } from '../content/headline-html.ts';
import type { HeadlineRow, SubscriberRow } from './digest.repo.ts';

/** Headlines kept per keyword in one digest: the newest arrivals. */
export const MAX_HITS_PER_KEYWORD = 5;
/** A first digest covers the last day; a long-idle subscriber's at most the last week. */
export const FIRST_DIGEST_LOOKBACK_MS = 24 * 3600_000;
export const MAX_LOOKBACK_MS = 7 * 24 * 3600_000;

/**
 * One section of a digest, as recorded in `digests.items` (JSON). Digests planned before
 * issue 21 hold only `keyword` and `ids`.
 */
export type DigestGroup = {
  /** The keyword, or the alert's query. */
  keyword: string;
  /** Headline ids. */
  ids: number[];
  /** Report ids (alerts that follow reports). */
  reports?: number[];
  /** Every new match in the window, not only the ones sent: the section's 查看全部 N 条. */
  total?: number;
  /** Set on a search alert's section. */
  alert?: { id: number; tn: string };
};
export type DigestPlan = {
  userId: number;
  email: string;
  sinceAt: number;
  groups: DigestGroup[];
  count: number;
};

/** Where a subscriber's digest starts: after their last digest, within the look-back bounds. */
export function sinceFor(lastCutoffAt: number | null, cutoffAt: number): number {
  const floor = cutoffAt - MAX_LOOKBACK_MS;
  return lastCutoffAt === null ? cutoffAt - FIRST_DIGEST_LOOKBACK_MS : Math.max(lastCutoffAt, floor);
}

/** The text a headline is matched on: title, description and the readable body. */
export function headlineMatchText(h: Pick<HeadlineRow, 'title' | 'description' | 'content'>): string {
  return `${h.title}\n${h.description}\n${headlineText(h.content)}`;
}

/**
 * An inverted index of one window of headlines: each headline is segmented once (jieba, the
 * search index's own tokens), and every term lists the headlines holding it, newest first.
 */
export class HeadlineIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly hitsByKeyword = new Map<string, number[]>();
  /** Each headline's match text as the segmenter normalises it (NFKC, lower case), for gram matches. */
  private readonly texts: string[] = [];

  /** `headlines` newest arrival first (as `headlinesArrivedBetween` returns them). */
  constructor(
    readonly headlines: readonly HeadlineRow[],
    /** Search's synonym groups (back-office catalogue): a keyword also matches its group's other words. */
    private readonly synonyms?: SynonymTable,
  ) {
    headlines.forEach((h, i) => {
      const text = headlineMatchText(h);
      this.texts.push(text.normalize('NFKC').toLowerCase());
      // Grams are keyed with a `^`, which no word holds (words are letters and digits).
      for (const term of new Set([...indexTokens(text), ...gramTokens(text).map((g) => `^${g}`)])) {
        let list = this.postings.get(term);
        if (!list) {
          this.postings.set(term, (list = []));
        }
        list.push(i);
      }
    });
  }

  /** Headline positions (newest first) matching a keyword as the portal's search would: every word, as a word or as text. */
  hits(keyword: string): number[] {
    let hits = this.hitsByKeyword.get(keyword);
    if (hits === undefined) {
      hits = this.match(withSynonyms(queryTerms(keyword), this.synonyms).terms);
      this.hitsByKeyword.set(keyword, hits);
    }
    return hits;
  }

  private match(terms: readonly QueryTerm[]): number[] {
    if (terms.length === 0) {
      return [];
    }
    // Every term must match; a term matches through its word or, a Han word, wherever the text holds it.
    const perTerm = terms.map((term) => {
      const docs = new Set<number>(this.wordDocs(term));
      // A synonym (all of its own words) is one more way for the term to match, as in search.
      for (const alt of term.alts ?? []) {
        for (const i of intersect(alt.map((a) => this.wordDocs(a)))) {
          docs.add(i);
        }
      }
      return [...docs];
    });
    return intersect(perTerm).sort((a, b) => a - b);
  }

  /** Headlines holding one word: as a word or, a Han word, wherever the text holds it. */
  private wordDocs(term: QueryTerm): number[] {
    const docs = new Set<number>(this.postings.get(term.word) ?? []);
    if (term.grams.length > 0) {
      for (const i of intersect(term.grams.map((g) => this.postings.get(`^${g}`) ?? []))) {
        if (this.texts[i]?.includes(term.word)) {
          docs.add(i);
        }
      }
    }
    return [...docs];
  }
}

function intersect(lists: readonly number[][]): number[] {
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  if (!first) {
    return [];
  }
  const sets = rest.map((l) => new Set(l));
  return first.filter((i) => sets.every((s) => s.has(i)));
}

/**
 * How many of `hits` (positions, newest arrival first) arrived after `sinceAt`: they lead the
 * list, so a binary search finds the first that did not.
 */
function countArrivedAfter(index: HeadlineIndex, hits: readonly number[], sinceAt: number): number {
  let lo = 0;
  let hi = hits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.headlines[hits[mid] as number] as HeadlineRow).created_at > sinceAt) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/** Up to `max` ids of `query`'s hits that arrived after `sinceAt` and are not in `used` (which they join). */
function takeNew(
  index: HeadlineIndex,
  query: string,
  sinceAt: number,
  used: number[],
  max: number,
): { ids: number[]; total: number } {
  const hits = index.hits(query);
  const total = countArrivedAfter(index, hits, sinceAt);
  const ids: number[] = [];
  for (let n = 0; n < total && ids.length < max; n++) {
    const id = (index.headlines[hits[n] as number] as HeadlineRow).id;
    // At most keywords × cap ids: a plain array is cheaper than a Set per subscriber.
    if (!used.includes(id)) {
      used.push(id);
      ids.push(id);
    }
  }
  return { ids, total };
}

/**
 * Every subscriber's digest: for each of their keywords (in their order) the newest
 * MAX_HITS_PER_KEYWORD headlines that arrived after their `since`, a headline shown once (under
 * its first keyword); then for each active search alert its newest headlines and, when it
 * follows reports and `reports` is given, reports, within the same cap. Each section records
 * how many new matches there were in all. Work per subscriber is bounded by their keywords ×
 * the hit cap (plus a binary search for the count), never by the number of headlines.
 * Subscribers without a match get no plan (no e-mail).
 */
export function planDigests(
  subscribers: readonly SubscriberRow[],
  index: HeadlineIndex,
  cutoffAt: number,
  maxPerKeyword = MAX_HITS_PER_KEYWORD,
  reports?: HeadlineIndex,
): DigestPlan[] {
  const plans: DigestPlan[] = [];
  for (const s of subscribers) {
    const sinceAt = sinceFor(s.lastCutoffAt, cutoffAt);
    const used: number[] = [];
    const usedReports: number[] = [];
    const groups: DigestGroup[] = [];
    for (const keyword of s.keywords) {
      const { ids, total } = takeNew(index, keyword, sinceAt, used, maxPerKeyword);
      if (ids.length > 0) {
        groups.push({ keyword, ids, total });
      }
    }
    for (const alert of s.alerts ?? []) {
      const fromHeadlines =
        alert.tn === 'report'
          ? { ids: [], total: 0 }
          : takeNew(index, alert.query, sinceAt, used, maxPerKeyword);
      const fromReports =
        alert.tn === 'business' || !reports
          ? { ids: [], total: 0 }
          : takeNew(reports, alert.query, sinceAt, usedReports, maxPerKeyword - fromHeadlines.ids.length);
      if (fromHeadlines.ids.length + fromReports.ids.length > 0) {
        groups.push({
          keyword: alert.query,
          ids: fromHeadlines.ids,
          ...(fromReports.ids.length > 0 ? { reports: fromReports.ids } : {}),
          total: fromHeadlines.total + fromReports.total,
          alert: { id: alert.id, tn: alert.tn },
        });
      }
    }
    if (groups.length > 0) {
      plans.push({
        userId: s.userId,
        email: s.email,
        sinceAt,
        groups,
        count: used.length + usedReports.length,
      });
    }
  }
  return plans;
}
