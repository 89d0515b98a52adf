import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { reportHit, searchReply } from '../../../test/searchHits.ts';
import { ResourcePage } from './ResourcePage.tsx';

type TSearchBody = { tn: string; type: string; keyword: string; page: number };

/** A server with the resource screen's two tabs; it records the search bodies it got. */
function server() {
  const searches: TSearchBody[] = [];
  stubFetch((call: TStubCall) => {
    if (call.url.pathname === '/api/search/label') {
      expect(call.url.searchParams.get('pagetype')).toBe('resource');
      return ok([
        { tn: 'resource_all', name: '全部' },
        { tn: 'resource_report', name: '报告' },
      ]);
    }
    const body = call.body as TSearchBody;
    searches.push(body);
    return ok(searchReply([reportHit(searches.length)], 1, body.page));
  });
  return searches;
}

beforeEach(() => {
  sessionStore.reset('token-1');
  vi.stubGlobal('innerWidth', 1440);
  fakeIntersectionObserver();
  setNotifier(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResourcePage', () => {
  it('lists every kind under 全部 and reports under 报告, and searches within them', async () => {
    const searches = server();
    renderWithQuery(<ResourcePage />, '/all_material');
    expect(await screen.findByRole('heading', { name: '资源库', level: 1 })).toBeTruthy();
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ tn: 'resource_all', type: 'resource', keyword: '' }),
    );

    fireEvent.click(await screen.findByRole('tab', { name: '报告' }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ tn: 'resource_report', type: 'resource' }));

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' 新能源 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ tn: 'resource_report', type: 'resource', keyword: '新能源' }),
    );
    expect(screen.getByText('“新能源”的资源')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ tn: 'resource_report', keyword: '' }));
  });
});
