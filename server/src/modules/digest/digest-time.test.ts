import { describe, expect, it } from 'vitest';
import { localDay, nextRunAt, zonedInstant } from './digest-time.ts';

const SH = 'Asia/Shanghai';

describe('digest time', () => {
  it('puts 08:00 Shanghai at 00:00 UTC and uses the Shanghai calendar date', () => {
    expect(zonedInstant('2026-11-22', '08:00', SH).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // 23:30 UTC on the 21st is already the 22nd in Shanghai.
    expect(localDay(new Date('2026-11-21T23:30:00Z'), SH)).toBe('2026-11-22');
  });

  it('schedules today before the slot and tomorrow after it', () => {
    expect(nextRunAt(new Date('2026-11-21T23:59:00Z'), '08:00', SH)).toEqual({
      day: '2026-11-22',
      at: new Date('2026-11-22T00:00:00Z'),
    });
    const after = nextRunAt(new Date('2026-11-22T00:00:00Z'), '08:00', SH);
    expect(after.day).toBe('2026-11-23');
    expect(after.at.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Month and year ends roll over.
    expect(nextRunAt(new Date('2026-12-31T06:00:00Z'), '08:00', SH).day).toBe('2027-01-01');
  });

  it('follows daylight saving time in zones that have it', () => {
    const ny = 'America/New_York';
    // Winter (UTC-5) and summer (UTC-4).
    expect(zonedInstant('2026-01-15', '08:00', ny).toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(zonedInstant('2026-07-15', '08:00', ny).toISOString()).toBe('2026-07-15T12:00:00.000Z');
    // The day DST starts (2026-03-08): 08:00 is already summer time; 02:30 does not exist → 03:30 EDT.
    expect(zonedInstant('2026-03-08', '08:00', ny).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(zonedInstant('2026-03-08', '02:30', ny).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // The day DST ends (2026-11-01): 01:30 happens twice; the first one (EDT) is taken.
    expect(zonedInstant('2026-11-01', '01:30', ny).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Across the change the next slot is 25 hours after the previous one.
    const before = nextRunAt(new Date('2026-10-31T13:00:00Z'), '08:00', ny);
    expect(before.at.toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });
});
