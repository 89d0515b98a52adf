import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manualClock.ts';
import type { DigestService } from './digest.service.ts';
import { startDigestScheduler, type DigestScheduler } from './scheduler.ts';

/** A digest service that records what the scheduler asks of it. */
function recorder(runDays: string[] = []) {
  const calls: string[] = [];
  const digest = {
    plan: async ({ trigger, day }: { trigger: string; day?: string }) => {
      calls.push(`plan ${trigger} ${day}`);
      return {} as Awaited<ReturnType<DigestService['plan']>>;
    },
    sendDue: async () => {
      calls.push('send');
      return { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    },
    hasRunForDay: async (day: string) => runDays.includes(day),
  } as unknown as DigestService;
  return { digest, calls };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 10));
  }
};

let scheduler: DigestScheduler | undefined;
afterEach(async () => {
  await scheduler?.stop();
  scheduler = undefined;
});

describe('digest scheduler', () => {
  it('plans the day and sends when the clock reaches 08:00 Shanghai', async () => {
    // 07:59:59.950 in Shanghai: the timer is armed for 50 ms.
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 0, 0, 0) - 50);
    const { digest, calls } = recorder();
    scheduler = startDigestScheduler({ digest, clock, time: '08:00', timeZone: 'Asia/Shanghai' });
    clock.advance(0.05);
    await until(() => calls.length >= 2);
    expect(calls.slice(0, 2)).toEqual(['plan schedule 2026-11-22', 'send']);
  });

  it('catches up a slot missed by a restart shortly after 08:00, once', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 0, 10, 0)); // 08:10 Shanghai
    const { digest, calls } = recorder();
    scheduler = startDigestScheduler({ digest, clock, time: '08:00', timeZone: 'Asia/Shanghai' });
    await until(() => calls.length >= 2);
    expect(calls).toEqual(['plan schedule 2026-11-22', 'send']);
  });

  it('does not run again when today already has a run, nor long after the slot', async () => {
    const early = recorder(['2026-11-22']);
    scheduler = startDigestScheduler({
      digest: early.digest,
      clock: new ManualClock(Date.UTC(2026, 10, 22, 0, 10, 0)),
      time: '08:00',
      timeZone: 'Asia/Shanghai',
    });
    await scheduler.stop();
    const late = recorder();
    scheduler = startDigestScheduler({
      digest: late.digest,
      clock: new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0)), // 12:00 Shanghai
      time: '08:00',
      timeZone: 'Asia/Shanghai',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect([...early.calls, ...late.calls]).toEqual([]);
  });

  it('sends what is due (retries) every poll', async () => {
    const { digest, calls } = recorder();
    scheduler = startDigestScheduler({
      digest,
      clock: new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0)),
      time: '08:00',
      timeZone: 'Asia/Shanghai',
      pollMs: 20,
    });
    await until(() => calls.filter((c) => c === 'send').length >= 2);
    expect(calls.every((c) => c === 'send')).toBe(true);
  });
});
