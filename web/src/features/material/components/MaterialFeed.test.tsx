import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { reportHit, searchReply } from '../../../test/searchHits.ts';
import { MaterialFeed } from './MaterialFeed.tsx';

type TSearchBody = { tn: string; type: string; page: number; min_length?: number; max_length?: number };

/** A server answering one page of 3 hits; it records the search bodies it got. */
function server() {
  const searches: TSearchBody[] = [];
  stubFetch((call: TStubCall) => {
    if (call.url.pathname === '/api/search/label') {
      return ok([{ tn: 'material', name: '素材' }]);
    }
    if (call.url.pathname === '/api/search') {
      const body = call.body as TSearchBody;
      searches.push(body);
      return ok(
        searchReply(
          [1, 2, 3].map((n) => reportHit(n)),
          3,
          body.page,
        ),
      );
    }
    return { status: 404, body: { code: -1, message: 'not found', data: null } };
  });
  return searches;
}

const minBox = () => screen.getByLabelText('最短 (秒)');
const maxBox = () => screen.getByLabelText('最长 (秒)');
const apply = () => fireEvent.click(screen.getByRole('button', { name: '筛选' }));

beforeEach(() => {
  vi.stubGlobal('innerWidth', 1440);
  fakeIntersectionObserver();
  setNotifier(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MaterialFeed length range', () => {
  it.each([
    ['0', '', MSG.materialLength],
    ['abc', '', MSG.materialLength],
    ['', '1.5', MSG.materialLength],
    ['60', '15', MSG.materialLengthOrder],
  ])('refuses min %j max %j inline and sends nothing', async (min, max, message) => {
    const searches = server();
    renderWithQuery(<MaterialFeed />);
    await waitFor(() => expect(searches).toHaveLength(1));
    fireEvent.change(minBox(), { target: { value: min } });
    fireEvent.change(maxBox(), { target: { value: max } });
    apply();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(MSG.materialLength).toBe('素材时间请输入正整数');
    // Give a stray request the chance to go out: none does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searches).toHaveLength(1);
    expect(searches[0]).not.toHaveProperty('min_length');
    expect(searches[0]).not.toHaveProperty('max_length');
    // Typing again clears the message.
    fireEvent.change(minBox(), { target: { value: '5' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a valid range as min_length / max_length from page 1', async () => {
    const searches = server();
    renderWithQuery(<MaterialFeed />);
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ tn: 'material', type: 'material', page: 1 });
    expect(searches[0]).not.toHaveProperty('min_length');

    fireEvent.change(minBox(), { target: { value: ' 10 ' } });
    fireEvent.change(maxBox(), { target: { value: '30' } });
    apply();
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(searches[1]).toMatchObject({
      tn: 'material',
      type: 'material',
      page: 1,
      min_length: 10,
      max_length: 30,
    });

    // One bound alone is a range too; the other is not sent.
    fireEvent.change(minBox(), { target: { value: '' } });
    apply();
    await waitFor(() => expect(searches).toHaveLength(3));
    expect(searches[2]).toMatchObject({ page: 1, max_length: 30 });
    expect(searches[2]).not.toHaveProperty('min_length');
  });
});
