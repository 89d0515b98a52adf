import Database from 'better-sqlite3';
import { Charset, Index } from 'flexsearch';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { join } from 'node:path';
import pg from 'pg';
import { openSqliteFile } from '../../server/src/db/database.ts';
import { businessWords } from '../../server/src/modules/search/search-dictionary.ts';
import { createRandom, seedFrom } from '../../server/src/demo/pdf/prng.ts';
import { createPgSearchIndex } from '../../server/src/search/pg-search-index.ts';
import { MAX_PAGE_SIZE } from '../../server/src/search/search-plan.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import type { SearchDoc, SearchIndex } from '../../server/src/search/search.types.ts';
import { indexTokens, loadUserWords } from '../../server/src/search/segmenter.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { removeDbFiles } from './bench-db.ts';
import { demoLibraryDocs } from './demo-library.ts';
import { ms, summarize, table } from './stats.ts';

/**
 * The recall table (issue 19): words a reader might type, drawn from the demo library's titles,
 * tags and bodies, searched in each engine over the same documents; each hit set is compared
 * with an exact substring scan of the same rows (a Latin word or code: the same word between
 * non-letters, so ai is not counted inside said). Recall and precision are summed over all
 * words (hits in both / hits expected, hits in both / hits returned).
 */
export type Kind =
  'common word' | 'rare word' | 'inside a dictionary word' | 'any substring' | 'Latin or code';
type Word = { word: string; kind: Kind };
type Engine = {
  name: string;
  build(docs: readonly SearchDoc[]): Promise<void>;
  /** Ids of every hit. */
  find(word: string): Promise<string[]>;
  /** One search as a reader's first page would run it (timed). */
  firstPage(word: string): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
};

/**
 * The same engine indexing reports without their pages: what the page index (issue 19: hits
 * inside report pages) costs in size and build rate, measured beside it in the same run.
 */
function withoutPages(engine: Engine): Engine {
  return {
    ...engine,
    name: `${engine.name}, no page index`,
    build: (docs) => engine.build(docs.map(({ pages: _pages, ...doc }) => doc)),
  };
}

/** The demo library's indexes are a few MiB: KiB shows the differences. */
function kib(value: number): string {
  return `${Math.round(value / 1024).toLocaleString('en')} KiB`;
}

const HAN_WORD = /^\p{Script=Han}{2,6}$/u;
const ASCII_WORD = /^[a-z0-9]{2,}$/;

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function docText(doc: SearchDoc): string {
  return normalise([doc.title, ...(doc.tags ?? []), doc.body].join('\n'));
}

export function contains(text: string, word: string): boolean {
  if (!ASCII_WORD.test(word)) {
    return text.includes(word);
  }
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + word.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) {
      return true;
    }
  }
  return false;
}

/** At least 500 words, deterministic: jieba words common and rare, sub-words of dictionary words, substrings, codes. */
export function drawWords(
  docs: readonly SearchDoc[],
  texts: readonly string[],
  dictionary: readonly string[] = businessWords(),
): Word[] {
  const random = createRandom(seedFrom('bench-recall-words'));
  const df = new Map<string, number>();
  for (const doc of docs) {
    for (const t of new Set(indexTokens(`${doc.title}\n${(doc.tags ?? []).join('\n')}\n${doc.body}`))) {
      df.set(t, (df.get(t) ?? 0) + 1);
    }
  }
  const taken = new Set<string>();
  const out: Word[] = [];
  const take = (pool: string[], kind: Kind, count: number) => {
    const shuffled = random.sample(pool, Math.min(pool.length, count * 2));
    let n = 0;
    for (const word of shuffled) {
      if (n >= count) {
        break;
      }
      if (!taken.has(word)) {
        taken.add(word);
        out.push({ word, kind });
        n++;
      }
    }
  };
  const han = [...df].filter(([w]) => HAN_WORD.test(w));
  take(
    han.filter(([, n]) => n >= 10).map(([w]) => w),
    'common word',
    130,
  );
  take(
    han.filter(([, n]) => n < 10).map(([w]) => w),
    'rare word',
    130,
  );
  const inside = new Set<string>();
  for (const word of dictionary.map(normalise)) {
    const chars = [...word];
    if (!HAN_WORD.test(word) || chars.length < 3) {
      continue;
    }
    for (let len = 2; len < chars.length; len++) {
      for (let at = 0; at + len <= chars.length; at++) {
        const sub = chars.slice(at, at + len).join('');
        if (texts.some((t) => t.includes(sub))) {
          inside.add(sub);
        }
      }
    }
  }
  take([...inside], 'inside a dictionary word', 130);
  const substrings = new Set<string>();
  for (let i = 0; i < 2_000 && substrings.size < 400; i++) {
    const text = random.pick(texts);
    const runs = text.match(/\p{Script=Han}{2,}/gu) ?? [];
    if (runs.length === 0) {
      continue;
    }
    const run = [...random.pick(runs)];
    const len = Math.min(run.length, random.int(2, 4));
    const at = random.int(0, run.length - len);
    substrings.add(run.slice(at, at + len).join(''));
  }
  take([...substrings], 'any substring', 100);
  take(
    [...df].filter(([w]) => ASCII_WORD.test(w) && w.length <= 8).map(([w]) => w),
    'Latin or code',
    30,
  );
  return out;
}

async function allHits(index: SearchIndex, word: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 21; page++) {
    const r = await index.search({ keyword: word, sort: 'new', page, pageSize: MAX_PAGE_SIZE });
    ids.push(...r.hits.map((h) => h.id));
    if (r.hits.length < MAX_PAGE_SIZE) {
      break;
    }
  }
  return ids;
}

function ourEngine(
  name: string,
  open: () => Promise<{ index: SearchIndex; size(): Promise<number>; close(): Promise<void> }>,
): Engine {
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  const index = () => {
    if (!opened) {
      throw new Error('not built');
    }
    return opened.index;
  };
  return {
    name,
    async build(docs) {
      opened = await open();
      for (let i = 0; i < docs.length; i += 100) {
        await opened.index.upsert(docs.slice(i, i + 100));
      }
    },
    find: (word) => allHits(index(), word),
    async firstPage(word) {
      const { hits } = await index().search({ keyword: word, sort: 'relevance', page: 1, pageSize: 20 });
      // As the portal answers a search page: its report hits with the page that holds the word.
      const reports = hits.filter((h) => h.type === 'report').map((h) => h.id);
      if (reports.length > 0) {
        await index().pageHits({ keyword: word, docIds: reports });
      }
    },
    size: () => opened?.size() ?? Promise.resolve(0),
    close: () => opened?.close() ?? Promise.resolve(),
  };
}

function oursOnSqlite(dir: string): Engine {
  return ourEngine('ours: SQLite FTS5, words + bigrams', async () => {
    const file = join(dir, 'search-recall-bench.db');
    removeDbFiles(file);
    // As the app opens its file (its page size and FTS5 leaves).
    const { file: db } = openSqliteFile(file);
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
    await createSearchSchema(kysely, 'sqlite');
    const index = createSqliteSearchIndex({ db, readers: 0, resultCache: 0 });
    return {
      index,
      async size() {
        return db
          .prepare(
            "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'search_%fts%' OR name LIKE 'search_docs_%' OR name LIKE 'search_pages%'",
          )
          .pluck()
          .get() as number;
      },
      async close() {
        await index.close();
        db.close();
        removeDbFiles(file);
      },
    };
  });
}

function oursOnPg(url: string): Engine {
  const schema = 'search_recall_bench';
  return ourEngine('ours: PostgreSQL tsvector, words + bigrams', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await createSearchSchema(db, 'postgres');
    const index = createPgSearchIndex({ db });
    return {
      index,
      async size() {
        // The page index (report pages' tsvectors, issue 19) is a table of its own, no GIN;
        // the documents' GIN is on search_terms (pg-search-terms.ts).
        const { rows } = await sql<{
          n: number;
        }>`SELECT (pg_indexes_size('search_docs') + pg_indexes_size('search_terms') + pg_total_relation_size('search_pages'))::float8 AS n`.execute(
          db,
        );
        return rows[0]?.n ?? 0;
      },
      async close() {
        await index.close();
        await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db);
        await db.destroy();
      },
    };
  });
}

/**
 * SQLite's own `trigram` tokenizer over the same normalised text: a MATCH finds every row
 * holding a string of three characters or more; shorter strings need LIKE, which the trigram
 * index cannot serve, so two-character words scan every row.
 */
function fts5Trigram(): Engine {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE tri_docs (id TEXT PRIMARY KEY, text TEXT NOT NULL)`);
  db.exec(`CREATE VIRTUAL TABLE tri USING fts5(text, content = 'tri_docs', tokenize = 'trigram')`);
  const match = db
    .prepare(`SELECT d.id FROM tri JOIN tri_docs d ON d.rowid = tri.rowid WHERE tri MATCH ?`)
    .pluck();
  const like = db.prepare(`SELECT id FROM tri_docs WHERE text LIKE ?`).pluck();
  const find = (word: string) =>
    ([...word].length >= 3
      ? match.all(`"${word.replaceAll('"', '""')}"`)
      : like.all(`%${word}%`)) as string[];
  return {
    name: 'SQLite FTS5 `trigram` (LIKE under 3 characters)',
    async build(docs) {
      const insert = db.prepare('INSERT INTO tri_docs (id, text) VALUES (?, ?)');
      db.transaction(() => {
        for (const doc of docs) {
          insert.run(doc.id, docText(doc));
        }
      })();
      db.exec(`INSERT INTO tri(tri) VALUES('rebuild')`);
    },
    find: async (word) => find(normalise(word)),
    async firstPage(word) {
      find(normalise(word)).slice(0, 20);
    },
    async size() {
      return db
        .prepare("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'tri%' AND name != 'tri_docs'")
        .pluck()
        .get() as number;
    },
    async close() {
      db.close();
    },
  };
}

/** FlexSearch with its CJK encoder (one term per Han character), the documented set-up for Chinese. */
function flexSearch(): Engine {
  const index = new Index({ encoder: Charset.CJK, tokenize: 'strict' });
  const ids: string[] = [];
  return {
    name: 'FlexSearch 0.8, Charset.CJK',
    async build(docs) {
      docs.forEach((doc, i) => {
        ids.push(doc.id);
        index.add(i, docText(doc));
      });
    },
    async find(word) {
      return (index.search(normalise(word), { limit: 100_000 }) as number[]).map((i) => ids[i] ?? '');
    },
    async firstPage(word) {
      index.search(normalise(word), { limit: 20 });
    },
    async size() {
      let total = 0;
      await index.export((key: string, data: unknown) => {
        total += key.length + (typeof data === 'string' ? data.length : JSON.stringify(data ?? '').length);
      });
      return total;
    },
    async close() {
      index.clear();
    },
  };
}

export async function recallReport(options: {
  dir: string;
  pgUrl?: string | undefined;
  samples: number;
}): Promise<string> {
  loadUserWords(businessWords());
  const docs = demoLibraryDocs(new Date('2026-11-25T00:00:00Z'));
  const texts = docs.map(docText);
  const words = drawWords(docs, texts);
  const truth = new Map(
    words.map(({ word }) => [
      word,
      docs.filter((_, i) => contains(texts[i] ?? '', normalise(word))).map((d) => d.id),
    ]),
  );
  const engines = [
    oursOnSqlite(options.dir),
    withoutPages(oursOnSqlite(options.dir)),
    ...(options.pgUrl ? [oursOnPg(options.pgUrl), withoutPages(oursOnPg(options.pgUrl))] : []),
    fts5Trigram(),
    flexSearch(),
  ];
  const rows: string[][] = [];
  const byKind: string[][] = [];
  for (const engine of engines) {
    const t = performance.now();
    await engine.build(docs);
    const buildSeconds = (performance.now() - t) / 1000;
    let expected = 0;
    let returned = 0;
    let both = 0;
    const kinds = new Map<Kind, { expected: number; both: number; returned: number }>();
    const misses: string[] = [];
    for (const { word, kind } of words) {
      const want = new Set(truth.get(word) ?? []);
      const got = new Set(await engine.find(word));
      const hit = [...got].filter((id) => want.has(id)).length;
      expected += want.size;
      returned += got.size;
      both += hit;
      const k = kinds.get(kind) ?? { expected: 0, both: 0, returned: 0 };
      k.expected += want.size;
      k.both += hit;
      k.returned += got.size;
      kinds.set(kind, k);
      if (hit < want.size || hit < got.size) {
        misses.push(`${word} ${hit}/${want.size}/${got.size}`);
      }
    }
    const times: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      const { word } = words[i % words.length] ?? { word: '' };
      const s = performance.now();
      await engine.firstPage(word);
      times.push(performance.now() - s);
    }
    const latency = summarize(times);
    rows.push([
      engine.name,
      (both / expected).toFixed(4),
      (both / returned).toFixed(4),
      ms(latency.p50),
      ms(latency.p95),
      kib(await engine.size()),
      `${Math.round(docs.length / buildSeconds).toLocaleString('en')} docs/s`,
    ]);
    byKind.push([
      engine.name,
      ...[...kinds.values()].map(
        (k) => `${(k.both / k.expected).toFixed(3)} / ${(k.both / k.returned).toFixed(3)}`,
      ),
    ]);
    console.error(
      `  recall: ${engine.name}: ${misses.length} words off, e.g. ${misses.slice(0, 8).join(', ')}`,
    );
    await engine.close();
  }
  const kindNames = [...new Set(words.map((w) => w.kind))];
  return [
    `## Recall — demo library (${docs.length} documents, ${words.length} words)`,
    '',
    table(['engine', 'recall', 'precision', 'p50 ms', 'p95 ms', 'index size', 'build'], rows),
    '',
    table(
      [
        'recall / precision by word',
        ...kindNames.map((k) => `${k} (${words.filter((w) => w.kind === k).length})`),
      ],
      byKind,
    ),
    '',
    `- Truth: an exact substring scan of each document's title, tags and body (NFKC, lower case); a Latin word or code counts only between non-letters. Hits: every page of the search (ours: sorted by new, 50 per page).`,
    `- Latency: ${options.samples} first pages (ours: relevance, 20 per page, through \`SearchIndex.search\`, then \`pageHits\` for its report hits), one at a time on this machine.`,
    '',
  ].join('\n');
}
