import { afterEach, describe, expect, it } from 'vitest';
import { parseLsn, ReplicaMonitor } from './replica-monitor.ts';

/** A primary and a standby as the monitor sees them: two WAL positions, and whether the standby answers. */
function servers() {
  const state = { primary: 100n, replayed: 100n, standbyUp: true, primaryAsks: 0 };
  return {
    state,
    probe: {
      primaryLsn: () => {
        state.primaryAsks++;
        return Promise.resolve(state.primary);
      },
      replayedLsn: () =>
        state.standbyUp ? Promise.resolve(state.replayed) : Promise.reject(new Error('ECONNREFUSED')),
    },
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`not within 1 s: ${what}`);
}

const monitors: ReplicaMonitor[] = [];
function monitor(s: ReturnType<typeof servers>, events = {}) {
  const m = new ReplicaMonitor(s.probe, events, { pollMs: 2, maxPollMs: 10, healthMs: 20 });
  monitors.push(m);
  return m;
}
afterEach(() => monitors.splice(0).forEach((m) => m.close()));

describe('parseLsn', () => {
  it('orders WAL positions across the 4 GB boundary', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn(null)).toBe(0n);
  });
});

describe('the read replica monitor', () => {
  it('lets the standby answer only once it has replayed what the primary had when the node started', async () => {
    const s = servers();
    s.state.replayed = 50n;
    const m = monitor(s);
    expect(m.usable).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(m.usable).toBe(false);
    s.state.replayed = 100n;
    await until(() => m.usable, 'standby caught up');
  });

  it('sends reads to the primary from the moment of a write until the standby has replayed it', async () => {
    const s = servers();
    const m = monitor(s);
    await until(() => m.usable, 'ready');
    s.state.primary = 200n;
    m.changed();
    // At once, before any query could run: the next read must not miss the write.
    expect(m.usable).toBe(false);
    s.state.replayed = 150n;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(m.usable).toBe(false);
    s.state.replayed = 200n;
    await until(() => m.usable, 'standby replayed the write');
  });

  it('reads the fence once for a burst of writes', async () => {
    const s = servers();
    const m = monitor(s);
    await until(() => m.usable, 'ready');
    const asked = s.state.primaryAsks;
    for (let i = 0; i < 50; i++) {
      m.changed();
    }
    await until(() => m.usable, 'settled');
    expect(s.state.primaryAsks - asked).toBeLessThanOrEqual(2);
  });

  it('trusts no standby while write notifications are lost, and fences what was missed when they are back', async () => {
    const s = servers();
    const m = monitor(s);
    await until(() => m.usable, 'ready');
    m.deaf(true);
    expect(m.usable).toBe(false);
    s.state.primary = 300n;
    m.deaf(false);
    expect(m.usable).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(m.usable).toBe(false);
    s.state.replayed = 300n;
    await until(() => m.usable, 'caught up after the gap');
  });

  it('goes to the primary when the standby stops answering and back when it answers again', async () => {
    const s = servers();
    const events: string[] = [];
    const m = monitor(s, { onDown: () => events.push('down'), onUp: () => events.push('up') });
    await until(() => m.usable, 'ready');
    s.state.standbyUp = false;
    await until(() => m.down, 'noticed down');
    expect(m.usable).toBe(false);
    s.state.standbyUp = true;
    await until(() => m.usable, 'back');
    expect(events).toEqual(['up', 'down', 'up']);
  });

  it('stops at once when a query on the standby failed', async () => {
    const s = servers();
    const m = monitor(s);
    await until(() => m.usable, 'ready');
    m.failed(new Error('Connection terminated'));
    expect(m.usable).toBe(false);
    // The next health check finds it answering again.
    await until(() => m.usable, 'back');
  });
});
