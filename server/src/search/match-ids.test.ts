import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import { MAX_OFFSET, MAX_PAGE_SIZE } from './search-plan.ts';
import type { SearchDoc } from './search.types.ts';
import { synonymTable } from './synonyms.ts';

/** More matching reports than a list can page through (MAX_OFFSET + a page): matchIds has no such bound. */
const REPORTS = MAX_OFFSET + MAX_PAGE_SIZE + 30;

const doc = (id: string, type: SearchDoc['type'], title: string, day: number): SearchDoc => ({
  id,
  type,
  title,
  body: title,
  publishedAt: new Date(Date.UTC(2026, 0, 1) + day * 60_000),
  hot: 0,
});

describe.each(testBackends())('matchIds on %s', (_name, open) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await open();
    const docs: SearchDoc[] = [];
    for (let n = 0; n < REPORTS; n++) {
      docs.push(doc(`report:${n + 1}`, 'report', `储能行业观察第${n + 1}期`, n));
    }
    docs.push(doc('report:9001', 'report', '宁德时代年报解读', REPORTS));
    docs.push(doc('report:9002', 'report', 'CATL海外工厂', REPORTS + 1));
    docs.push(doc('business:1', 'business', '储能项目签约', REPORTS + 2));
    docs.push(doc('business:2', 'business', '咖啡门店扩张', REPORTS + 3));
    await backend.index.upsert(docs);
  }, 60_000);
  afterAll(async () => {
    await backend.dispose();
  });

  it('answers every matching id of the asked types, beyond the paging bound', async () => {
    const { ids, fallback } = await backend.index.matchIds({ keyword: '储能', types: ['report'] });
    expect(fallback).toBe(false);
    expect(ids).toHaveLength(REPORTS);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: REPORTS }, (_, n) => `report:${n + 1}`)));
    // A search of the same tab counts the same set.
    const page = await backend.index.search({
      keyword: '储能',
      types: ['report'],
      sort: 'new',
      page: 1,
      pageSize: 1,
    });
    expect(page.total).toBe(REPORTS);
  });

  it('matches sub-words, synonyms and case as search does', async () => {
    expect((await backend.index.matchIds({ keyword: '时代', types: ['report'] })).ids).toEqual([
      'report:9001',
    ]);
    const synonyms = synonymTable([['宁德时代', 'CATL']]);
    const both = await backend.index.matchIds({ keyword: '宁德时代', synonyms, types: ['report'] });
    expect(both.ids.sort()).toEqual(['report:9001', 'report:9002']);
    expect((await backend.index.matchIds({ keyword: 'catl', types: ['report'] })).ids).toEqual([
      'report:9002',
    ]);
  });

  it('falls back to any word only when no document of any type holds every word, as the tab does', async () => {
    // 咖啡 储能 is held together by nothing: the tabs fall back to any word.
    const any = await backend.index.matchIds({ keyword: '咖啡 储能', types: ['report'] });
    expect(any.fallback).toBe(true);
    expect(any.ids).toHaveLength(REPORTS);
    // 签约 储能 is held by a headline: the report tab then lists nothing rather than any word.
    const none = await backend.index.matchIds({ keyword: '签约 储能', types: ['report'] });
    expect(none).toEqual({ ids: [], fallback: false });
    const tab = await backend.index.search({
      keyword: '签约 储能',
      types: ['report'],
      sort: 'new',
      page: 1,
      pageSize: 1,
    });
    expect(tab.total).toBe(0);
  });

  it('finds nothing for input without words', async () => {
    for (const keyword of ['！？', '', '😀', 'a'.repeat(10_000)]) {
      expect((await backend.index.matchIds({ keyword, types: ['report'] })).ids).toEqual([]);
    }
  });

  it('walks the newest matches down to a limit, with their publish times', async () => {
    const { matches, fallback } = await backend.index.newestMatches({
      keyword: '储能',
      types: ['report'],
      limit: 3,
    });
    expect(fallback).toBe(false);
    expect(matches.map((m) => m.id)).toEqual([
      `report:${REPORTS}`,
      `report:${REPORTS - 1}`,
      `report:${REPORTS - 2}`,
    ]);
    expect(matches[0]?.publishedAt.getTime()).toBe(Date.UTC(2026, 0, 1) + (REPORTS - 1) * 60_000);
    // Never past the engine's paging bound, whatever is asked; the same order as a search sorted by new.
    const deepest = await backend.index.newestMatches({ keyword: '储能', types: ['report'], limit: 100_000 });
    expect(deepest.matches).toHaveLength(MAX_OFFSET + MAX_PAGE_SIZE);
    const page2 = await backend.index.search({
      keyword: '储能',
      types: ['report'],
      sort: 'new',
      page: 2,
      pageSize: 50,
    });
    expect(deepest.matches.slice(50, 100).map((m) => m.id)).toEqual(page2.hits.map((h) => h.id));
    // The type filter and the synonyms apply as in matchIds.
    const synonyms = synonymTable([['宁德时代', 'CATL']]);
    const catl = await backend.index.newestMatches({
      keyword: '宁德时代',
      synonyms,
      types: ['report'],
      limit: 10,
    });
    expect(catl.matches.map((m) => m.id)).toEqual(['report:9002', 'report:9001']);
    expect(
      (await backend.index.newestMatches({ keyword: '储能', types: ['business'], limit: 10 })).matches.map(
        (m) => m.id,
      ),
    ).toEqual(['business:1']);
    expect(await backend.index.newestMatches({ keyword: '签约 储能', types: ['report'], limit: 10 })).toEqual(
      {
        matches: [],
        fallback: false,
      },
    );
    expect(
      (await backend.index.newestMatches({ keyword: '咖啡 储能', types: ['report'], limit: 10 })).fallback,
    ).toBe(true);
  });

  it('shows given documents as hits of a keyword: highlighted as search highlights them, in the order asked', async () => {
    const newest = `report:${REPORTS}`;
    const ids = ['report:2', 'report:9001', 'report:no-such', newest];
    const hits = await backend.index.hitsOf({ keyword: '储能', ids });
    expect(hits.map((h) => h.id)).toEqual(['report:2', 'report:9001', newest]);
    const searched = await backend.index.search({
      keyword: '储能',
      types: ['report'],
      sort: 'new',
      page: 1,
      pageSize: 1,
    });
    const one = searched.hits.find((h) => h.id === newest);
    expect(one?.highlight?.title).toContain('<em>储能</em>');
    expect(hits[2]?.highlight).toEqual(one?.highlight);
    expect(hits[2]?.publishedAt).toEqual(one?.publishedAt);
    expect(hits[2]?.score).toBeNull();
    // A document the keyword does not hold is still shown, with nothing to mark.
    expect(hits[1]?.highlight?.title).toBe('宁德时代年报解读');
    // Synonyms mark the other spellings.
    const synonyms = synonymTable([['宁德时代', 'CATL']]);
    const catl = await backend.index.hitsOf({ keyword: '宁德时代', synonyms, ids: ['report:9002'] });
    expect(catl[0]?.highlight?.title).toBe('<em>CATL</em>海外工厂');
    expect(await backend.index.hitsOf({ keyword: '储能', ids: [] })).toEqual([]);
  });

  it('tells which of given documents a keyword matches, however many others it matches', async () => {
    // 储能 matches more reports than a walk of its newest reaches; the oldest is still found.
    const among = await backend.index.matchesAmong({
      keyword: '储能',
      ids: ['report:1', 'report:9001', 'business:1', 'business:2', 'report:no-such'],
    });
    expect(among.fallback).toBe(false);
    expect(among.ids.sort()).toEqual(['business:1', 'report:1']);
    // Two documents far apart, with every other match between them: each is tested on its own.
    const apart = await backend.index.matchesAmong({
      keyword: '储能',
      ids: ['report:1', `report:${REPORTS}`],
    });
    expect(apart.ids.sort()).toEqual(['report:1', `report:${REPORTS}`].sort());
    const near = await backend.index.matchesAmong({
      keyword: '储能',
      ids: ['report:5', 'report:6', 'report:9001'],
    });
    expect(near.ids.sort()).toEqual(['report:5', 'report:6']);
    const synonyms = synonymTable([['宁德时代', 'CATL']]);
    const catl = await backend.index.matchesAmong({
      keyword: '宁德时代',
      synonyms,
      ids: ['report:9002', 'report:1'],
    });
    expect(catl.ids).toEqual(['report:9002']);
    // Words no document holds together: the any-word stage, which the caller may refuse.
    expect((await backend.index.matchesAmong({ keyword: '咖啡 储能', ids: ['report:1'] })).fallback).toBe(
      true,
    );
    expect(await backend.index.matchesAmong({ keyword: '储能', ids: [] })).toEqual({
      ids: [],
      fallback: false,
    });
    expect(await backend.index.matchesAmong({ keyword: '！？', ids: ['report:1'] })).toEqual({
      ids: [],
      fallback: false,
    });
  });
});
