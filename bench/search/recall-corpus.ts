import type { SearchDoc, SearchIndex } from '../../server/src/search/search.types.ts';
import { MAX_PAGE_SIZE } from '../../server/src/search/search-plan.ts';
import { benchUserWords, makeDoc } from './corpus.ts';
import { contains, docText, drawWords, normalise, type Kind } from './recall.ts';
import { table } from './stats.ts';

/**
 * The recall table on the generated corpus (`--corpus-recall`, issue 19): at least 500 words
 * drawn from a sample of its documents (the same kinds as the demo library's table), each
 * searched in an engine that holds the whole corpus, sorted by new, every page the search
 * gives (at most 21 × 50 = 1,050 hits, MAX_OFFSET). Each hit is checked against its own text
 * (precision, exact). Recall compares the hits with an exact substring scan of the scanned
 * rows: every `scanEvery`-th document (1 = all of them; the scan of 1M texts per word is the
 * slow part), and for a word with more matches than the search pages through, only the scanned
 * rows published after its oldest hit (the hits are the newest matches).
 */
export type CorpusRecall = { engine: string; recall: number; precision: number; byKind: string[] };

type Truth = { words: { word: string; kind: Kind }[]; matches: Map<string, number[]>; scanned: number };

/** Draws the words and scans the sampled rows once for all engines. */
export function corpusTruth(n: number, seed: number, scanEvery: number): Truth {
  const sample: SearchDoc[] = [];
  for (let i = 0; i < n; i += Math.max(1, Math.floor(n / 2_000))) {
    sample.push(makeDoc(i, n, seed));
  }
  // Sub-words of the industries, famous names and the first company names (all 20,000 names'
  // substrings against every sampled text would take longer than the searches).
  const dictionary = benchUserWords().slice(0, 400);
  const words = drawWords(sample, sample.map(docText), dictionary);
  const needles = words.map(({ word }) => normalise(word));
  const matches = new Map<string, number[]>(words.map(({ word }) => [word, []]));
  let scanned = 0;
  for (let i = 0; i < n; i += scanEvery) {
    const text = docText(makeDoc(i, n, seed));
    scanned++;
    for (const [k, needle] of needles.entries()) {
      if (contains(text, needle)) {
        matches.get(words[k]?.word ?? '')?.push(i);
      }
    }
  }
  return { words, matches, scanned };
}

const docNumber = (id: string) => Number(id.slice(1));

export async function corpusRecall(
  name: string,
  index: SearchIndex,
  truth: Truth,
  n: number,
  seed: number,
): Promise<CorpusRecall> {
  let expected = 0;
  let found = 0;
  let returned = 0;
  let correct = 0;
  const kinds = new Map<Kind, { expected: number; found: number; returned: number; correct: number }>();
  const misses: string[] = [];
  for (const { word, kind } of truth.words) {
    const hits: number[] = [];
    let complete = false;
    for (let page = 1; page <= 21; page++) {
      const r = await index.search({ keyword: word, sort: 'new', page, pageSize: MAX_PAGE_SIZE });
      hits.push(...r.hits.map((h) => docNumber(h.id)));
      if (r.hits.length < MAX_PAGE_SIZE) {
        complete = true;
        break;
      }
    }
    const needle = normalise(word);
    const good = hits.filter((i) => contains(docText(makeDoc(i, n, seed)), needle)).length;
    // The newest matches only, when the search could not page through all of them.
    const oldest = complete
      ? Number.NEGATIVE_INFINITY
      : Math.min(...hits.map((i) => makeDoc(i, n, seed).publishedAt.getTime()));
    const want = (truth.matches.get(word) ?? []).filter(
      (i) => complete || makeDoc(i, n, seed).publishedAt.getTime() > oldest,
    );
    const got = new Set(hits);
    const hit = want.filter((i) => got.has(i)).length;
    expected += want.length;
    found += hit;
    returned += hits.length;
    correct += good;
    const k = kinds.get(kind) ?? { expected: 0, found: 0, returned: 0, correct: 0 };
    k.expected += want.length;
    k.found += hit;
    k.returned += hits.length;
    k.correct += good;
    kinds.set(kind, k);
    if (hit < want.length || good < hits.length) {
      misses.push(`${word} ${hit}/${want.length}, ${good}/${hits.length}`);
    }
  }
  console.error(
    `  corpus recall: ${name}: ${misses.length} words off, e.g. ${misses.slice(0, 8).join('; ')}`,
  );
  return {
    engine: name,
    recall: found / Math.max(1, expected),
    precision: correct / Math.max(1, returned),
    byKind: [...kinds.values()].map(
      (k) =>
        `${(k.found / Math.max(1, k.expected)).toFixed(3)} / ${(k.correct / Math.max(1, k.returned)).toFixed(3)}`,
    ),
  };
}

export function corpusRecallTable(truth: Truth, n: number, scanEvery: number, rows: CorpusRecall[]): string {
  const kindNames = [...new Set(truth.words.map((w) => w.kind))];
  return [
    `## Recall — generated corpus (${n.toLocaleString('en')} documents, ${truth.words.length} words)`,
    '',
    table(
      ['engine', 'recall', 'precision'],
      rows.map((r) => [r.engine, r.recall.toFixed(4), r.precision.toFixed(4)]),
    ),
    '',
    table(
      [
        'recall / precision by word',
        ...kindNames.map((k) => `${k} (${truth.words.filter((w) => w.kind === k).length})`),
      ],
      rows.map((r) => [r.engine, ...r.byKind]),
    ),
    '',
    `- Words drawn from ${Math.min(n, 2_000).toLocaleString('en')} sampled documents; hits: every page of the search sorted by new (at most 1,050).`,
    `- Precision: each hit's own text holds the word. Recall: against an exact substring scan of ${truth.scanned.toLocaleString('en')} documents (every ${scanEvery === 1 ? 'one' : `${scanEvery}th`}); for a word with more than 1,050 matches, the scanned documents published after its oldest hit.`,
    '',
  ].join('\n');
}
