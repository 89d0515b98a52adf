import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompiledPortal, type CompiledPortal } from '../src/compiled-portal.ts';
import { runLoad, send, type Outcome } from '../src/http-load.ts';
import { childrenOf, commandOf, groupMembers, killGroup, waitFor } from '../src/processes.ts';

// The compiled portal (`npm start`, or `node server/dist/main.js` from `npm test`'s build) with a
// cluster of two workers, stopped in the ways an operator or a crash stops it. One data folder
// serves every case: the first start seeds it (one demo report), later ones start in seconds.

let dataDir: string;
const groups: number[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-lifecycle-'));
});

afterAll(() => {
  // Only after a failure is anything left; a passing case has checked its group is empty.
  for (const group of groups) {
    killGroup(group);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(how: 'npm start' | 'node'): Promise<CompiledPortal> {
  const portal = await startCompiledPortal(how, dataDir);
  groups.push(portal.pid);
  return portal;
}

const describeGroup = (pgid: number) =>
  groupMembers(pgid)
    .map((p) => `${p.pid} ${commandOf(p.pid)}`)
    .join('\n');

/** Waits until no process of the group is left; returns how long that took. */
async function groupGone(pgid: number, withinMs: number): Promise<number> {
  try {
    return await waitFor(`process group ${pgid} gone`, () => groupMembers(pgid).length === 0, withinMs);
  } catch (error) {
    throw new Error(`${String(error)}; still there:\n${describeGroup(pgid)}`, { cause: error });
  }
}

async function login(portal: CompiledPortal, phone: string): Promise<string> {
  await fetch(`${portal.url}/api/sendCode?phone=${phone}`, { headers: { source: '1' } });
  const code = await portal.smsCode(phone);
  const r = await fetch(`${portal.url}/api/login?phone=${phone}&code=${code}`, { headers: { source: '1' } });
  const reply = (await r.json()) as { data: { token: string } };
  return reply.data.token;
}

/**
 * A session per phone, kept for the whole file: sessions live in the shared data folder, so a
 * later portal (or a retried test, which could not get a second code within the minute) reuses it.
 */
const sessions = new Map<string, string>();
async function session(portal: CompiledPortal, phone: string): Promise<string> {
  const token = sessions.get(phone) ?? (await login(portal, phone));
  sessions.set(phone, token);
  return token;
}

const failed = (o: Outcome) => o.error !== null || o.status === null || o.status >= 500;

/**
 * Keeps 8 keep-alive connections busy and 4 slow requests in flight (head and half the body
 * sent, the rest 1.5 s after the signal), sends the signal, and checks that every request sent
 * before it got a proper answer and that the whole group is gone within 10 s.
 */
async function stopUnderLoad(portal: CompiledPortal, phone: string, signal: () => void): Promise<void> {
  // A phone per case: one phone gets one code a minute.
  const headers = { token: await session(portal, phone), source: '1' };
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const slowAgent = new Agent({ keepAlive: true, maxSockets: 4 });
  let signalled = () => {};
  const signalSent = new Promise<void>((resolve) => (signalled = resolve));
  let release = () => {};
  const bodiesDone = new Promise<void>((resolve) => (release = resolve));

  let answered = 0;
  const load = runLoad(portal.url, agent, headers, 8, signalSent, (n) => (answered = n));
  const slow = Array.from({ length: 4 }, (_, i) =>
    send(
      portal.url,
      slowAgent,
      headers,
      {
        label: 'slow search',
        method: 'POST',
        path: '/api/search',
        body: JSON.stringify({ tn: 'all', keyword: '新能源汽车 动力电池', page: i + 1 }),
      },
      bodiesDone,
    ),
  );
  // Enough traffic that a reset or a 5xx would show: at least 1.5 s of it and 48 answers (a
  // loaded machine answers fewer in 1.5 s).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await waitFor('48 answers under load', () => answered >= 48, 30_000);
  const signalAt = Date.now();
  signal();
  signalled();
  setTimeout(release, 1500);

  const outcomes = await load;
  const slowOutcomes = await Promise.all(slow);
  const sentBefore = outcomes.filter((o) => o.sentAt !== null && o.sentAt < signalAt);
  const after = outcomes.length - sentBefore.length;
  console.log(`${sentBefore.length} requests sent before the signal, ${after} around or after it`);
  expect(sentBefore.length).toBeGreaterThan(40);
  expect(sentBefore.filter(failed)).toEqual([]);
  expect(slowOutcomes.map((o) => o.status)).toEqual([200, 200, 200, 200]);
  agent.destroy();
  slowAgent.destroy();
  expect(await groupGone(portal.pid, 10_000 - (Date.now() - signalAt))).toBeLessThan(10_000);
}

describe('stopping the compiled portal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the pid of npm start stops every process of its group within 10 s',
    async (signal) => {
      const portal = await start('npm start');
      // npm's child is scripts/start.mjs (the script execs it), which runs the server and passes
      // npm's forwarded signal on.
      const starters = childrenOf(portal.pid);
      expect(starters.map((c) => commandOf(c.pid))).toEqual([expect.stringContaining('scripts/start.mjs')]);
      const servers = childrenOf(starters[0]?.pid ?? -1);
      expect(servers.map((c) => commandOf(c.pid))).toEqual([expect.stringContaining('server/dist/main.js')]);
      expect(portal.servers()).toHaveLength(3);

      process.kill(portal.pid, signal);
      expect(await groupGone(portal.pid, 10_000)).toBeLessThan(10_000);
    },
    120_000,
  );

  it("kill -9 of npm start's script leaves no server behind: it stops within 10 s", async () => {
    const portal = await start('npm start');
    const starter = childrenOf(portal.pid)[0]?.pid ?? -1;
    expect(commandOf(starter)).toContain('scripts/start.mjs');

    // Nothing passes a signal on: the server hears its IPC channel to start.mjs close.
    process.kill(starter, 'SIGKILL');
    expect(await groupGone(portal.pid, 10_000)).toBeLessThan(10_000);
  }, 120_000);

  it('kill -9 of the primary leaves no worker behind: they exit on their own within 5 s', async () => {
    const portal = await start('node');
    const workers = childrenOf(portal.pid);
    expect(workers).toHaveLength(2);

    process.kill(portal.pid, 'SIGKILL');
    expect(await groupGone(portal.pid, 5_000)).toBeLessThan(5_000);
  }, 60_000);

  it('SIGTERM to the primary under load: every request sent before it is answered, none with 5xx', async () => {
    const portal = await start('node');
    await stopUnderLoad(portal, '13800000001', () => process.kill(portal.pid, 'SIGTERM'));
  }, 60_000);

  it('a primary told to stop while a worker restart is pending does not fork it', async () => {
    const portal = await start('node');
    const headers = { token: await session(portal, '13800000009'), source: '1' };
    const [first] = childrenOf(portal.pid);
    if (!first) {
      throw new Error('no worker');
    }
    // One worker exits (the primary schedules its restart 1 s later); the other is held by slow
    // requests, so the primary is still stopping when that restart would be due.
    process.kill(first.pid, 'SIGTERM');
    await waitFor(
      'the first worker gone',
      () => !groupMembers(portal.pid).some((p) => p.pid === first.pid),
      5_000,
    );
    let release = () => {};
    const bodiesDone = new Promise<void>((resolve) => (release = resolve));
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // Two connections the remaining worker has answered on, which the slow requests then reuse:
    // they are the worker's before the primary hears SIGTERM. A fixed wait once fell short on a
    // loaded CI machine (both requests without a reply), and a connection still on its way from
    // the primary to a worker when it stops is not what this test is about.
    const warm = await Promise.all(
      Array.from({ length: 2 }, () =>
        send(portal.url, agent, headers, { label: 'warm', method: 'GET', path: '/api/health' }),
      ),
    );
    expect(warm.map((o) => o.status ?? o.error)).toEqual([200, 200]);
    const slow = Array.from({ length: 2 }, () =>
      send(
        portal.url,
        agent,
        headers,
        {
          label: 'slow',
          method: 'POST',
          path: '/api/search',
          body: JSON.stringify({ tn: 'all', keyword: '储能' }),
        },
        bodiesDone,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = new Set(groupMembers(portal.pid).map((p) => p.pid));
    const forked = new Set<number>();
    const watch = setInterval(() => {
      for (const p of groupMembers(portal.pid)) {
        if (!before.has(p.pid)) {
          forked.add(p.pid);
        }
      }
    }, 20);
    process.kill(portal.pid, 'SIGTERM');
    setTimeout(release, 2000);
    try {
      await groupGone(portal.pid, 10_000);
    } finally {
      clearInterval(watch);
    }
    expect((await Promise.all(slow)).map((o) => o.status ?? o.error)).toEqual([200, 200]);
    agent.destroy();
    expect([...forked]).toEqual([]);
  }, 60_000);

  it('SIGTERM to the whole process group of npm start under load: the same, and nothing is forked meanwhile', async () => {
    const portal = await start('npm start');
    const before = new Set(groupMembers(portal.pid).map((p) => p.pid));
    const forked: number[] = [];
    const watch = setInterval(() => {
      forked.push(
        ...groupMembers(portal.pid)
          .filter((p) => !before.has(p.pid))
          .map((p) => p.pid),
      );
    }, 20);
    try {
      await stopUnderLoad(portal, '13800000002', () => process.kill(-portal.pid, 'SIGTERM'));
    } finally {
      clearInterval(watch);
    }
    expect(forked).toEqual([]);
  }, 120_000);
});
