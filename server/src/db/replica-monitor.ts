/**
 * Decides, query by query, whether the read replica (DATABASE_READ_URL, a streaming hot standby)
 * may answer: only when it is reachable and has replayed every write this node made or heard of.
 *
 * The rule is a fence, not a time window: after any write — this node's (db/read-routing.ts sees
 * every commit) or another node's (its NOTIFY, db/write-notify.ts) — the node asks the primary for
 * its WAL position, and reads go to the primary until the standby's replay position has passed
 * it. So a user reads their own writes at once, a cache emptied by a notification never refills
 * from a standby that has not yet replayed the change, and a standby that lags (or is down) only
 * sends reads to the primary, never an error.
 */

/** A PostgreSQL WAL position (`16/B374D848`) as one number. */
export function parseLsn(text: string | null | undefined): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text ?? '');
  if (!match) {
    return 0n;
  }
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export type ReplicaProbe = {
  /** The primary's flushed WAL position now: at or past every commit made so far. */
  primaryLsn(): Promise<bigint>;
  /** How far the standby has replayed. Rejects when it cannot be reached. */
  replayedLsn(): Promise<bigint>;
};

export type ReplicaEvents = {
  /** The standby stopped answering (reads go to the primary) or answers again. */
  onDown?: (err: unknown) => void;
  onUp?: () => void;
};

export type ReplicaTiming = {
  /** First wait between replay checks while the standby is behind (doubles up to maxPollMs). */
  pollMs?: number;
  maxPollMs?: number;
  /** How often a reachable or unreachable standby is checked when nothing happens. */
  healthMs?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class ReplicaMonitor {
  /** The primary's position after the newest write known here; the standby must reach it. */
  #fence = 0n;
  #replayed = 0n;
  #down = true;
  /** Failed checks and queries since the standby last answered. */
  #failures = 0;
  /** The write notifications are lost: other nodes' writes cannot be fenced. */
  #deaf = false;
  /** A write happened whose fence is not read yet (set synchronously, so the next read is safe). */
  #stale = true;
  #fencing = false;
  #catching = false;
  #closed = false;
  readonly #probe: ReplicaProbe;
  readonly #events: ReplicaEvents;
  readonly #pollMs: number;
  readonly #maxPollMs: number;
  readonly #health: ReturnType<typeof setInterval>;

  constructor(probe: ReplicaProbe, events: ReplicaEvents = {}, timing: ReplicaTiming = {}) {
    this.#probe = probe;
    this.#events = events;
    this.#pollMs = timing.pollMs ?? 5;
    this.#maxPollMs = timing.maxPollMs ?? 100;
    this.#health = setInterval(() => void this.#check(), timing.healthMs ?? 1000);
    this.#health.unref();
    // Writes made before this process started: the standby must reach today's position first.
    void this.#check();
    void this.#readFence();
  }

  /** Whether a read may go to the standby now. */
  get usable(): boolean {
    return !this.#down && !this.#deaf && !this.#stale && !this.#fencing && this.#replayed >= this.#fence;
  }

  get down(): boolean {
    return this.#down;
  }

  /** Something was written (here or, by notification, elsewhere): reads go to the primary until the standby has it. */
  changed(): void {
    if (this.#closed) {
      return;
    }
    this.#stale = true;
    void this.#readFence();
  }

  /** Write notifications lost (true) or heard again (false, and what was missed meanwhile is fenced). */
  deaf(lost: boolean): void {
    this.#deaf = lost;
    if (!lost) {
      this.changed();
    }
  }

  /** A query on the standby failed as an unreachable server's do: primary until a check succeeds. */
  failed(err: unknown): void {
    if (this.#closed) {
      return;
    }
    const wasUp = !this.#down;
    this.#down = true;
    this.#failures++;
    // Told when an answering standby stops, or when one that never answered fails twice running
    // (a first connection at start-up can time out while loading the app keeps the event loop busy).
    if (wasUp || this.#failures === 2) {
      this.#events.onDown?.(err);
    }
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#health);
  }

  async #readFence(): Promise<void> {
    if (this.#fencing) {
      return; // the loop in flight reads again: `#stale` was set after it began
    }
    this.#fencing = true;
    try {
      while (this.#stale && !this.#closed) {
        this.#stale = false;
        try {
          const lsn = await this.#probe.primaryLsn();
          if (lsn > this.#fence) {
            this.#fence = lsn;
          }
        } catch {
          // The primary is unreachable: every read fails there anyway; try again later.
          this.#stale = true;
          await sleep(this.#maxPollMs);
        }
      }
    } finally {
      this.#fencing = false;
    }
    void this.#catchUp();
  }

  /** Checks the standby's replay position often while it is behind the fence. */
  async #catchUp(): Promise<void> {
    if (this.#catching) {
      return;
    }
    this.#catching = true;
    try {
      let wait = this.#pollMs;
      while (!this.#closed && !this.#down && this.#replayed < this.#fence) {
        if (!(await this.#check())) {
          break;
        }
        if (this.#replayed < this.#fence) {
          await sleep(wait);
          wait = Math.min(wait * 2, this.#maxPollMs);
        }
      }
    } finally {
      this.#catching = false;
    }
  }

  /** Reads the standby's replay position; false when it cannot be reached. */
  async #check(): Promise<boolean> {
    if (this.#closed) {
      return false;
    }
    try {
      const replayed = await this.#probe.replayedLsn();
      if (replayed > this.#replayed) {
        this.#replayed = replayed;
      }
      this.#failures = 0;
      if (this.#down) {
        this.#down = false;
        this.#events.onUp?.();
        void this.#catchUp();
      }
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }
}
