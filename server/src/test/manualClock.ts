import type { Clock } from '../platform/clock.ts';

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start = Date.UTC(2026, 10, 22, 2, 0, 0)) {
    this.ms = start;
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}
