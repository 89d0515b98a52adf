import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub.ts';
import { findInLayouts } from './findInLayouts.ts';
import { pageLayoutOf } from './pageLayouts.ts';

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

  it("reads every page's layout in one request when the report has the file, and the marks need no other", async () => {
    const urls = ['/r2/p1.json', '/r2/p2.json', '/r2/p3.json'];
    const calls = stubFetch((call) => ({
      body:
        call.url.pathname === '/r2/layouts.json'
          ? { pages: [layout('储能产业'), layout('目录'), layout('储能项目', '储能')] }
          : null,
    }));
    const find = findInLayouts(urls, '/r2/layouts.json');
    expect(await find(['储能'], new AbortController().signal)).toEqual([
      { page: 1, count: 1 },
      { page: 3, count: 2 },
    ]);
    expect(await find(['目录'], new AbortController().signal)).toEqual([{ page: 2, count: 1 }]);
    expect((await pageLayoutOf('/r2/p3.json'))?.runs.map((run) => run.s)).toEqual(['储能项目', '储能']);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/r2/layouts.json']);
  });

  it("reads the pages one by one when the report's one file cannot be read", async () => {
    const calls = stubFetch((call) => ({
      body: call.url.pathname === '/r3/p2.json' ? layout('储能') : null,
      status: call.url.pathname === '/r3/layouts.json' ? 404 : 200,
    }));
    const find = findInLayouts(['/r3/p1.json', '/r3/p2.json'], '/r3/layouts.json');
    expect(await find(['储能'], new AbortController().signal)).toEqual([{ page: 2, count: 1 }]);
    expect(calls.map((c) => c.url.pathname).sort()).toEqual([
      '/r3/layouts.json',
      '/r3/p1.json',
      '/r3/p2.json',
    ]);
  });
});
