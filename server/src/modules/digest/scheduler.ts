import type { Clock } from '../../platform/clock.ts';
import type { DigestLog, DigestService } from './digest.service.ts';
import { localDay, nextRunAt, zonedInstant } from './digest-time.ts';

/** setTimeout's longest delay (about 24.8 days); longer waits re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Retries and lapsed claims are picked up this often. */
export const POLL_MS = 60_000;
/** A server started within this long after today's slot, with no run yet today, runs it at once. */
export const CATCH_UP_MS = 60 * 60_000;

export type DigestScheduler = { stop(): Promise<void> };

/**
 * Runs the digest every day at `time` in `timeZone` (plan, then send), and every POLL_MS sends
 * whatever is due (retries after back-off, digests of a worker that died). Every server process
 * may run one: planning is unique per user and day, and sending claims each digest once.
 */
export function startDigestScheduler({
  digest,
  clock,
  time,
  timeZone,
  log = () => {},
  pollMs = POLL_MS,
}: {
  digest: DigestService;
  clock: Clock;
  time: string;
  timeZone: string;
  log?: DigestLog;
  pollMs?: number;
}): DigestScheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // One job at a time in this process: a slot's run and the poller never overlap.
  let busy: Promise<void> = Promise.resolve();
  const exclusive = (job: () => Promise<unknown>) => {
    busy = busy
      .then(async () => {
        if (!stopped) {
          await job();
        }
      })
      .catch((err: unknown) =>
        log('error', 'digest job failed', { error: err instanceof Error ? err.message : String(err) }),
      );
    return busy;
  };
  const runSlot = (day: string) =>
    exclusive(async () => {
      await digest.plan({ trigger: 'schedule', day });
      await digest.sendDue();
    });

  const arm = () => {
    if (stopped) {
      return;
    }
    const next = nextRunAt(clock.now(), time, timeZone);
    const delay = Math.min(Math.max(0, next.at.getTime() - clock.now().getTime()), MAX_TIMER_MS);
    timer = setTimeout(() => {
      const due = clock.now().getTime() >= next.at.getTime();
      void (due ? runSlot(next.day) : Promise.resolve()).finally(arm);
    }, delay);
    timer.unref();
  };

  const poller = setInterval(() => void exclusive(() => digest.sendDue()), pollMs);
  poller.unref();

  // A restart just after the slot (deploy at 08:00) must not skip the day.
  const now = clock.now();
  const today = localDay(now, timeZone);
  const slot = zonedInstant(today, time, timeZone).getTime();
  if (now.getTime() >= slot && now.getTime() - slot < CATCH_UP_MS) {
    void exclusive(async () => {
      if (!(await digest.hasRunForDay(today))) {
        await digest.plan({ trigger: 'schedule', day: today });
        await digest.sendDue();
      }
    });
  }
  arm();

  return {
    async stop() {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
      }
      clearInterval(poller);
      await busy;
    },
  };
}
