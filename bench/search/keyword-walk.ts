/**
 * `npx tsx bench/search/keyword-walk.ts [--n 200000] [--rounds 5] [--dir /tmp] [--pg-url URL]`:
 * what the 商业头条 list (server/src/modules/subscriptions/headline-list.ts) pays per keyword on
 * a large index, two ways, alternating on the same index in the same run:
 * - paging: `search` sorted by new, pages of 50 (each highlighted and counted) until a short page
 *   or the engine's paging bound (21 pages) — how the list read a keyword's matches before;
 * - newest: `newestMatches` (ids and times, up to the same bound) and `hitsOf` for a page of 20 —
 *   how it reads them now;
 * - and, as a hidden keyword or the narrowing text is now tested, `matchesAmong` over the 1,050
 *   headlines another keyword (增长) brought.
 * Builds N generated documents (bench/search/corpus.ts; 45 % headlines) into SQLite (or, with
 * --pg-url, a `search_bench` schema made afresh in that database and dropped after) and prints the median per keyword.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../server/src/search/search-plan.ts';
import { loadUserWords } from '../../server/src/search/segmenter.ts';
import type { SearchIndex } from '../../server/src/search/search.types.ts';
import { buildIndex } from './build-index.ts';
import { benchUserWords } from './corpus.ts';
import { openPgTarget } from './pg-target.ts';
import { COMMON_WORDS, RARE_WORDS } from './queries.ts';
import { openSqliteTarget } from './sqlite-target.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    dir: { type: 'string', default: tmpdir() },
    'pg-url': { type: 'string' },
  },
});
const n = Number(values.n);
const words = benchUserWords();
loadUserWords(words);
mkdirSync(values.dir, { recursive: true });
const dir = mkdtempSync(join(values.dir, 'keyword-walk-'));
const target = values['pg-url']
  ? await openPgTarget(values['pg-url'], false)
  : await openSqliteTarget(dir, n, false);
const index: SearchIndex = target.index;

async function paging(keyword: string): Promise<number> {
  let listed = 0;
  for (let page = 1; (page - 1) * MAX_PAGE_SIZE <= MAX_OFFSET; page++) {
    const r = await index.search({
      keyword,
      types: ['business'],
      sort: 'new',
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    listed += r.hits.length;
    if (r.fallback || r.hits.length < MAX_PAGE_SIZE) {
      break;
    }
  }
  return listed;
}

async function newest(keyword: string): Promise<number> {
  const { matches, fallback } = await index.newestMatches({
    keyword,
    types: ['business'],
    limit: MAX_OFFSET + MAX_PAGE_SIZE,
  });
  if (!fallback) {
    await index.hitsOf({ keyword, ids: matches.slice(0, 20).map((m) => m.id) });
  }
  return fallback ? 0 : matches.length;
}

try {
  const built = await buildIndex(index, { n, seed: 42, words, threads: 2 });
  await target.afterBuild();
  console.log(`${target.name}: ${n.toLocaleString('en')} documents built in ${built.seconds.toFixed(0)} s`);
  const keywords = [...COMMON_WORDS, ...RARE_WORDS.slice(0, 4)];
  const times = new Map(
    keywords.map((k) => [
      k,
      { paging: [] as number[], newest: [] as number[], among: [] as number[], listed: 0 },
    ]),
  );
  const picked = (
    await index.newestMatches({ keyword: '增长', types: ['business'], limit: MAX_OFFSET + MAX_PAGE_SIZE })
  ).matches.map((m) => m.id);
  const timed = async (work: () => Promise<number>) => {
    const t = performance.now();
    const listed = await work();
    return { ms: performance.now() - t, listed };
  };
  for (let round = 0; round <= Number(values.rounds); round++) {
    for (const keyword of keywords) {
      const row = times.get(keyword);
      const ways = round % 2 === 0 ? (['paging', 'newest'] as const) : (['newest', 'paging'] as const);
      for (const way of ways) {
        const { ms, listed } = await timed(() => (way === 'paging' ? paging(keyword) : newest(keyword)));
        if (row && round > 0) {
          row[way].push(ms);
          row.listed = listed;
        }
      }
      const among = await timed(async () => (await index.matchesAmong({ keyword, ids: picked })).ids.length);
      if (row && round > 0) {
        row.among.push(among.ms);
      }
    }
  }
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    `| keyword | headlines walked | paging ms | newest + page ms | paging / newest | tested on ${picked.length} ids, ms |\n| --- | ---: | ---: | ---: | ---: | ---: |`,
  );
  for (const [keyword, row] of times) {
    const a = median(row.paging);
    const b = median(row.newest);
    console.log(
      `| ${keyword} | ${row.listed} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(1)}× | ${median(row.among).toFixed(1)} |`,
    );
  }
} finally {
  await target.dispose(false);
  rmSync(dir, { recursive: true, force: true });
}
