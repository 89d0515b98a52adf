import { highlightSnippet, matchRanges, WINDOW_BEFORE, WINDOW_CHARS } from './highlight.ts';
import { matchStages, planSearch, type MatchStage, type SearchPlan } from './search-plan.ts';
import { highlightTokens } from './segmenter.ts';
import type { PageHit, PageHitsQuery } from './search.types.ts';

/**
 * A keyword already planned (a search answering its page hits in the same call), so it is not
 * segmented again. `firstStage`: the stages before it matched no document at all (the search
 * moved past them), so no page either.
 */
export type PlannedKeyword = Pick<SearchPlan, 'terms' | 'exactTerms'> & { firstStage?: number };

/** A page that matched, as either database ranks it (higher `score` is better). */
export type PageMatch = { docId: string; page: number; front: boolean; score: number };

/**
 * The best page of each document: a page that is not a cover or contents page if any matched,
 * then the best score, then the earliest page.
 */
export function bestPages(matches: readonly PageMatch[]): Map<string, PageMatch> {
  const best = new Map<string, PageMatch>();
  for (const m of matches) {
    const b = best.get(m.docId);
    if (
      !b ||
      (b.front && !m.front) ||
      (b.front === m.front && (m.score > b.score || (m.score === b.score && m.page < b.page)))
    ) {
      best.set(m.docId, m);
    }
  }
  return best;
}

/** A page's snippet: its text around the first matched token, highlighted like hit snippets. */
export function pageHit(page: number, text: string, tokens: readonly string[]): PageHit {
  const first = matchRanges(text, tokens)[0];
  const start = first ? Math.max(0, first[0] - WINDOW_BEFORE) : 0;
  const window = text.slice(start, start + WINDOW_CHARS);
  return {
    page,
    snippet: highlightSnippet({ window, start, more: start + WINDOW_CHARS < text.length }, tokens),
  };
}

/**
 * The page hits of `docIds` for `keyword`, through one database's two steps: `match` finds the
 * pages of some documents that a stage's words match, `texts` reads the chosen pages' text.
 * Stages as the search itself takes them (search-plan.ts `matchStages`); a document moves to
 * the next, looser stage only when no page of it matched the stricter one, so a page holding
 * every word always beats one holding some.
 */
export async function findPageHits(
  { keyword, docIds, synonyms }: PageHitsQuery,
  match: (stage: MatchStage, docIds: readonly string[]) => Promise<PageMatch[]>,
  texts: (pages: readonly PageMatch[]) => Promise<Map<string, string>>,
  plan: PlannedKeyword = planSearch({
    keyword,
    synonyms,
    sort: 'relevance',
    page: 1,
    pageSize: 1,
  }),
): Promise<Map<string, PageHit>> {
  const out = new Map<string, PageHit>();
  if (plan.terms.length === 0 || docIds.length === 0) {
    return out;
  }
  let left = [...new Set(docIds)];
  const chosen: { match: PageMatch; tokens: string[] }[] = [];
  for (const stage of matchStages(plan.terms, plan.exactTerms).slice(plan.firstStage ?? 0)) {
    if (left.length === 0) {
      break;
    }
    const best = bestPages(await match(stage, left));
    const tokens = highlightTokens(stage.terms);
    for (const m of best.values()) {
      // Words found only on the cover or contents (the title, mostly) name no page worth opening.
      if (!m.front) {
        chosen.push({ match: m, tokens });
      }
    }
    left = left.filter((id) => !best.has(id));
  }
  const text = await texts(chosen.map((c) => c.match));
  for (const { match: m, tokens } of chosen) {
    out.set(m.docId, pageHit(m.page, text.get(m.docId) ?? '', tokens));
  }
  return out;
}
