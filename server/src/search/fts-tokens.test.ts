import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, FIXTURE_USER_WORDS } from './fixtures/search-corpus.ts';
import { kindToken } from './fts5-match.ts';
import { prepareDoc } from './prepare-doc.ts';
import { createSearchSchema } from './search.schema.ts';
import type { SearchDoc } from './search.types.ts';
import { loadUserWords } from './segmenter.ts';

// Full-width Latin, accents, Greek and Cyrillic capitals, a Han extension B pair, mixed scripts,
// circled and super-script digits, a code with a hyphen, emoji.
const EDGES = [
  'ＡＩ芯片 GPT-4o 5G Café naïve ΑΒΓ Привет 𠀀𠀁 ai芯片 ①②③ ½ ℃ x² 👍🏽',
  '蜜雪冰城 300750 宁德时代 CATL，瑞幸咖啡（Luckin）同比增长 12.5%',
];

const COLUMNS = ['title', 'tags', 'body', 'kind', 'tgrams', 'bgrams'] as const;

/** FTS5 must keep each of our tokens (segmenter.ts) as it is: one term per token, same bytes, same place. */
describe('search_fts tokenizer', () => {
  it('stores every prepared token byte for byte, at its column and position', async () => {
    loadUserWords(FIXTURE_USER_WORDS);
    const edges: SearchDoc[] = EDGES.map((text, i) => ({
      id: `edge${i}`,
      type: 'business',
      title: text,
      body: text,
      tags: [text],
      publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      hot: 0,
    }));
    const docs = [...FIXTURE_DOCS, ...edges].map(prepareDoc);
    const db = new Database(':memory:');
    await createSearchSchema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
    db.exec("CREATE VIRTUAL TABLE temp.fts_terms USING fts5vocab(main, 'search_fts', 'instance')");
    const insert = db.prepare(
      'INSERT INTO search_fts (rowid, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const ours: string[] = [];
    docs.forEach((d, i) => {
      const columns = [
        d.titleTokens,
        d.tagTokens,
        d.bodyTokens,
        kindToken(d.type),
        d.titleGrams,
        d.bodyGrams,
      ];
      insert.run(i + 1, ...columns);
      columns.forEach((text, c) =>
        text
          .split(' ')
          .filter((t) => t !== '')
          .forEach((token, offset) => ours.push(`${i + 1} ${COLUMNS[c]} ${offset} ${token}`)),
      );
    });
    const stored = (
      db.prepare('SELECT doc, col, offset, term FROM temp.fts_terms').all() as {
        doc: number;
        col: string;
        offset: number;
        term: string;
      }[]
    ).map((r) => `${r.doc} ${r.col} ${r.offset} ${r.term}`);
    expect(stored.sort()).toEqual(ours.sort());
    // The edge cases did reach the index as tokens of their own.
    expect(stored).toEqual(expect.arrayContaining([`${docs.length - 1} title 0 ai`]));
    expect(stored.some((t) => t.startsWith(`${docs.length - 1} title `) && t.endsWith(' 𠀀𠀁'))).toBe(true);
  });
});
