import { gramTokens, indexTokens, queryTerms, type QueryTerm } from '../../search/segmenter.ts';
import { withSynonyms, type SynonymTable } from '../../search/synonyms.ts';
import { headlineText } from '../content/headline-html.ts';
import type { HeadlineRow, SubscriberRow } from './digest.repo.ts';

/** Headlines kept per keyword in one digest: the newest arrivals. */
export const MAX_HITS_PER_KEYWORD = 5;
/** A first digest covers the last day; a long-idle subscriber's at most the last week. */
export const FIRST_DIGEST_LOOKBACK_MS = 24 * 3600_000;
export const MAX_LOOKBACK_MS = 7 * 24 * 3600_000;

export type DigestGroup = { keyword: string; ids: number[] };
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
 * Every subscriber's digest: for each of their keywords (in their order) the newest
 * MAX_HITS_PER_KEYWORD headlines that arrived after their `since`, a headline shown once (under
 * its first keyword). Work per subscriber is bounded by their keywords × the hit cap, never by
 * the number of headlines. Subscribers without a match get no plan (no e-mail).
 */
export function planDigests(
  subscribers: readonly SubscriberRow[],
  index: HeadlineIndex,
  cutoffAt: number,
  maxPerKeyword = MAX_HITS_PER_KEYWORD,
): DigestPlan[] {
  const headlines = index.headlines;
  const plans: DigestPlan[] = [];
  for (const s of subscribers) {
    const sinceAt = sinceFor(s.lastCutoffAt, cutoffAt);
    // At most keywords × cap ids: a plain array is cheaper than a Set per subscriber.
    const used: number[] = [];
    const groups: DigestGroup[] = [];
    for (const keyword of s.keywords) {
      const ids: number[] = [];
      for (const i of index.hits(keyword)) {
        const h = headlines[i] as HeadlineRow;
        // Newest arrival first: once one arrived at or before `since`, all the rest did too.
        if (h.created_at <= sinceAt) {
          break;
        }
        if (used.includes(h.id)) {
          continue;
        }
        used.push(h.id);
        ids.push(h.id);
        if (ids.length >= maxPerKeyword) {
          break;
        }
      }
      if (ids.length > 0) {
        groups.push({ keyword, ids });
      }
    }
    if (groups.length > 0) {
      plans.push({ userId: s.userId, email: s.email, sinceAt, groups, count: used.length });
    }
  }
  return plans;
}
