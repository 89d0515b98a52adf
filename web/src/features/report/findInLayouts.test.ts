import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub.ts';
import { findInLayouts } from './findInLayouts.ts';

afterEach(() => vi.unstubAllGlobals());

const layout = (...lines: string[]) => ({
  runs: lines.map((s, i) => ({ s, x: 0.1, y: 0.1 + i * 0.03, w: 0.5, h: 0.02, eol: true as const })),
});

describe('findInLayouts', () => {
  it('finds the pages that show the words, reading each layout once, and a search cut short by a newer one loses nothing', async () => {
    const pages: Record<string, unknown> = {
      '/p1.json': layout('储能产业年度观察'),
      '/p2.json': layout('目录'),
      '/p3.json': layout('工商业储能成为新的增长', '点，储能项目'),
      '/p4.json': layout('钠离子电池在储', '能领域'),
    };
    // As a browser does, a read whose signal aborts fails.
    const calls = stubFetch(async (call) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return call.signal?.aborted
        ? new DOMException('aborted', 'AbortError')
        : { body: pages[call.url.pathname] ?? null };
    });
    const find = findInLayouts(Object.keys(pages));
    const first = new AbortController();
    const cut = find(['储能'], first.signal);
    first.abort();
    await cut;
    const found = await find(['储能'], new AbortController().signal);
    expect(found).toEqual([
      { page: 1, count: 1 },
      { page: 3, count: 2 },
      { page: 4, count: 1 },
    ]);
    expect(await find(['钠离子'], new AbortController().signal)).toEqual([{ page: 4, count: 1 }]);
    expect(calls.map((c) => c.url.pathname).sort()).toEqual(Object.keys(pages).sort());
  });
});
