import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import { prepareDoc } from './prepare-doc.ts';
import type { PreparedDoc, SearchDoc, SearchIndex } from './search.types.ts';
import { fieldTokens, loadUserWords, queryTerms } from './segmenter.ts';
import { WordStamps, withCompleteWords, type WordStampStore } from './word-stamps.ts';

/**
 * User words the index holds wherever they occur are matched by their token; a document
 * segmented before its writer had loaded a word keeps the word on its bigram phrase, so it is
 * still found (word-stamps.ts).
 */
const backends = testBackends();

let day = 0;
const doc = (id: string, title: string, body = ''): SearchDoc => ({
  id,
  type: 'business',
  title,
  body,
  tags: [],
  publishedAt: new Date(Date.UTC(2026, 2, 1 + day++)),
  hot: 0,
});

/** `source` as a writer makes it that had not loaded `word` (its title lacks the token), stamped `dictId`. */
function segmentedWithout(source: SearchDoc, word: string, dictId: number): PreparedDoc {
  const prepared = prepareDoc(source);
  const drop = (tokens: string) =>
    tokens
      .split(' ')
      .filter((t) => t !== word)
      .join(' ');
  return {
    ...prepared,
    titleGrams: drop(prepared.titleGrams),
    titleTokens: drop(prepared.titleTokens),
    dictId,
  };
}

/** The ids a search for `keyword` finds, newest first, sorted. */
const foundIn = async (index: SearchIndex, keyword: string) =>
  (await index.search({ keyword, sort: 'new', page: 1, pageSize: 50 })).hits.map((h) => h.id).sort();

/** One level of the re-stamp pass, step by step (modules/search/search-restamp.ts walks the same). */
async function walkLevel(index: SearchIndex) {
  const steps = [];
  let after = 0;
  for (;;) {
    const step = await index.restampWords(after);
    steps.push(step);
    if (step.next === null) {
      return steps;
    }
    after = step.next;
  }
}

describe('user words in a field', () => {
  it('are indexed wherever they occur, after the bigrams, even where jieba cut across them', () => {
    loadUserWords(['宁德时代', '时代周报']);
    // jieba keeps 宁德时代 whole here and cuts 时代周报 apart (时代 | 周报).
    const { words, grams } = fieldTokens('宁德时代周报：时代周报');
    expect(words.split(' ').filter((w) => w === '时代周报')).toHaveLength(1);
    expect(grams.split(' ').slice(-3)).toEqual(['宁德时代', '时代周报', '时代周报']);
    expect(grams.split(' ').slice(0, 5)).toEqual(['宁德', '德时', '时代', '代周', '周报']);
  });

  it('a complete word keeps only itself as its gram; others keep their bigrams', () => {
    const terms = withCompleteWords(queryTerms('时代周报 宁德时代'), (w) => w === '时代周报');
    expect(terms.map((t) => [t.word, t.grams])).toEqual([
      ['时代周报', ['时代周报']],
      ['宁德时代', ['宁德', '德时', '时代']],
    ]);
  });
});

describe('WordStamps', () => {
  /** A registry in memory, and the documents' stamps. */
  const memoryStore = () => {
    const words: string[] = [];
    const stamps: number[] = [];
    const store: WordStampStore = {
      register: async (fresh) => {
        for (const w of fresh) {
          if (!words.includes(w)) {
            words.push(w);
          }
        }
      },
      wordsAfter: async (after) => words.map((word, i) => ({ id: i + 1, word })).filter((r) => r.id > after),
      minStamp: async () => (stamps.length === 0 ? null : Math.min(...stamps)),
    };
    return { store, stamps };
  };

  it('calls a registered word complete once every document carries a stamp at or above its id', async () => {
    const { store, stamps } = memoryStore();
    const stamped = new WordStamps(store, 0);
    loadUserWords(['比亚迪汽车']);
    stamps.push(-1);
    const stamp = await stamped.sync();
    expect(stamp).toBeGreaterThan(0);
    expect((await stamped.complete())('比亚迪汽车')).toBe(false);
    stamps[0] = stamp;
    expect((await stamped.complete())('比亚迪汽车')).toBe(true);
    // A word nobody registered, and a document written under an older stamp.
    expect((await stamped.complete())('比亚迪')).toBe(false);
    stamps.push(stamp - 1);
    expect((await stamped.complete())('比亚迪汽车')).toBe(false);
  });

  it('reads the smallest stamp again after its own writes, else after its time to live', async () => {
    const { store, stamps } = memoryStore();
    const stamped = new WordStamps(store, 60_000);
    loadUserWords(['长城汽车']);
    const stamp = await stamped.sync();
    stamps.push(stamp);
    expect((await stamped.complete())('长城汽车')).toBe(true);
    stamps.push(-1);
    expect((await stamped.complete())('长城汽车')).toBe(true);
    stamped.written();
    expect((await stamped.complete())('长城汽车')).toBe(false);
  });
});

// Each backend gets words of its own: the segmenter is shared, and a word must not be loaded
// before the document that should miss it is written.
const WORDS: Record<string, { outer: string; word: string; text: string; part: string }> = {
  SQLite: { outer: '中芯国际', word: '国际贸易', text: '中芯国际贸易摩擦加剧', part: '国际' },
  PostgreSQL: { outer: '跨境电商', word: '电商平台', text: '跨境电商平台迎来旺季', part: '电商' },
};

describe.each(backends)('word stamps on %s', (name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  const { outer, word, text, part } = WORDS[name] as (typeof WORDS)[string];
  const found = (keyword: string) => foundIn(index, keyword);

  beforeAll(async () => {
    loadUserWords([outer]);
    backend = await open();
    index = backend.index;
  });

  afterAll(async () => {
    await backend.dispose();
  });

  it('finds a document written before its word was loaded, and one written after', async () => {
    await index.upsert([doc('before', text)]);
    loadUserWords([word]);
    await index.upsert([doc('after', `据报道，${text}`)]);
    expect(await found(word)).toEqual(['after', 'before']);
    // Written again, the first document holds the word as a token too: still both.
    await index.upsert([doc('before', text)]);
    expect(await found(word)).toEqual(['after', 'before']);
  });

  it('finds a document a writer that had not loaded the word wrote, after the word was complete', async () => {
    expect(await found(word)).toEqual(['after', 'before']);
    // Another node, without the word: its tokens lack it, its stamp is lower.
    await index.upsertPrepared([segmentedWithout(doc('stale', `${text}。`), word, 0)]);
    expect(await found(word)).toEqual(['after', 'before', 'stale']);
    expect(await found(part)).toEqual(['after', 'before', 'stale']);
  });

  it('gives the stamp a thread needs for documents it segments', async () => {
    const stamp = await index.syncWords();
    expect(stamp).toBeGreaterThanOrEqual(2);
    loadUserWords([`${outer}集团`]);
    expect(await index.syncWords()).toBe(stamp + 1);
  });
});

const RESTAMP_WORDS: Record<string, { outer: string; word: string; text: string }> = {
  SQLite: { outer: '长城汽车', word: '汽车销量', text: '长城汽车销量回升' },
  PostgreSQL: { outer: '美团外卖', word: '外卖骑手', text: '美团外卖骑手增多' },
};

describe.each(backends)('the re-stamp pass on %s', (name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  const { outer, word, text } = RESTAMP_WORDS[name] as (typeof RESTAMP_WORDS)[string];
  const found = (keyword: string) => foundIn(index, keyword);
  /**
   * A document that claims the current stamp but lacks the word's token, as no honest writer
   * makes one: found only while the word still runs as its bigram phrase.
   */
  const probe = async () => {
    await index.upsertPrepared([segmentedWithout(doc('probe', `${text}。`), word, await index.syncWords())]);
  };
  beforeAll(async () => {
    loadUserWords([outer]);
    backend = await open();
    index = backend.index;
  });

  afterAll(async () => {
    await backend.dispose();
  });

  it('stamps the documents that cannot hold a later word, queues the one that may, then matches the word by its token', async () => {
    await index.upsert([doc('holds', text), doc('other', '新能源车企三季度财报')]);
    loadUserWords([word]);
    await index.upsert([doc('later', `据报道，${text}`)]);
    await probe();
    // The two early documents are below the word's id: the word keeps its phrase.
    expect(await found(word)).toEqual(['holds', 'later', 'probe']);

    const [first] = await walkLevel(index);
    expect(first).toMatchObject({ queued: 1, raised: 1 });
    // The queued one is written again, as the start-up rebuild does from the content tables.
    await index.upsert([doc('holds', text)]);
    expect((await walkLevel(index))[0]).toMatchObject({ level: null });
    // Every document now holds the word as a token wherever it occurs: the probe, which lacks
    // it, is no longer found, and the others still are.
    expect(await found(word)).toEqual(['holds', 'later']);
  });
});

// Built-in dictionary words of three characters or more, none loaded as a user word here.
const QUERY_WORDS: Record<string, { word: string; text: string }> = {
  SQLite: { word: '消费者', text: '广大消费者群体' },
  PostgreSQL: { word: '锂电池', text: '储能锂电池厂扩产' },
};

describe.each(backends)('words readers search for on %s', (name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  const { word, text } = QUERY_WORDS[name] as (typeof QUERY_WORDS)[string];
  const found = (keyword: string) => foundIn(index, keyword);

  beforeAll(async () => {
    backend = await open();
    index = backend.index;
  });

  afterAll(async () => {
    await backend.dispose();
  });

  it('registers a dictionary word once searched; after the re-stamp pass it is matched by its token', async () => {
    await index.upsert([doc('holds', text), doc('other', '新能源车企三季度财报')]);
    const before = await index.syncWords();
    expect(await found(word)).toEqual(['holds']);
    // The search loaded the word; this process's next sync registers it.
    expect(await index.syncWords()).toBe(before + 1);
    // Not complete yet: a document without the word's token but holding its text is still found.
    await index.upsertPrepared([segmentedWithout(doc('probe', `${text}。`), word, await index.syncWords())]);
    expect(await found(word)).toEqual(['holds', 'probe']);

    await walkLevel(index);
    await index.upsert([doc('holds', text)]);
    expect((await index.restampWords(0)).level).toBeNull();
    // Complete: matched by its token alone, which the probe lacks.
    expect(await found(word)).toEqual(['holds']);
  });

  it('leaves words jieba does not know as they are (they would change how text is cut)', async () => {
    const stamp = await index.syncWords();
    await found('蜜雪冰城');
    expect(await index.syncWords()).toBe(stamp);
  });
});
