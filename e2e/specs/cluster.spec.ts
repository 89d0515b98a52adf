import { CONTENT_INDEXES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, listHits } from '../src/api.ts';
import { apiLogin } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/** Enough calls that both workers answer some (the cluster deals connections round-robin). */
const CALLS = 16;

let portal: PortalServer;

beforeAll(async () => {
  portal = await startPortal({ WORKERS: '2', DEMO_REPORTS: '4' });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
});

/** `n` calls on fresh connections, so the cluster spreads them over its workers. */
async function spread(n: number, call: () => Promise<number>): Promise<number[]> {
  return Promise.all(Array.from({ length: n }, () => call()));
}

describe('npm start with WORKERS=2', () => {
  it('runs two server processes behind one port', async () => {
    const servers = () =>
      new Set(
        portal
          .output()
          .split('\n')
          .filter((line) => line.includes('洞察门户 running at'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
    // The portal answers once the first worker listens; the second follows.
    for (let i = 0; i < 100 && servers().size < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(servers().size).toBe(2);
  });

  it('shows a favourite made through one worker on every list at once, and ends a session everywhere on logout', async () => {
    const { token } = await apiLogin(portal, '13800000001');
    const [report] = await listHits(portal, token, 'report');
    if (!report) {
      throw new Error('no demo report');
    }
    const favoriteStatus = async () => {
      const r = await fetch(`${portal.url}/api/search`, {
        method: 'POST',
        headers: { token, source: '1', 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ tn: 'report', psort: 'new', page_size: 50 }),
      });
      const reply = (await r.json()) as { data: { data: { _id: string; favorite_status: number }[] } };
      return reply.data.data.find((h) => h._id === report._id)?.favorite_status ?? -1;
    };
    expect(await spread(CALLS, favoriteStatus)).toEqual(Array(CALLS).fill(0));

    await apiPost(portal, token, '/api/user/favorite', {
      data_id: report._id,
      data_type: CONTENT_INDEXES.report,
      status: 1,
    });
    expect(await spread(CALLS, favoriteStatus)).toEqual(Array(CALLS).fill(1));

    const menu = async () =>
      (await fetch(`${portal.url}/api/menu`, { headers: { token, source: '1', connection: 'close' } }))
        .status;
    expect(await spread(CALLS, menu)).toEqual(Array(CALLS).fill(200));
    await fetch(`${portal.url}/api/logout`, { method: 'POST', headers: { token, source: '1' } });
    expect(await spread(CALLS, menu)).toEqual(Array(CALLS).fill(401));
  });
});
