import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MSG,
  daysBetween,
  isCalendarDay,
  ZAnalyticsQuery,
} from './analytics.ts';
import { maskEmail } from './mail.ts';

describe('analytics range', () => {
  it('names the longest range in its message and accepts exactly that many days', () => {
    expect(ANALYTICS_MSG.tooLong).toContain(String(ANALYTICS_MAX_DAYS));
    expect(daysBetween('2026-08-24', '2026-11-23')).toBe(ANALYTICS_MAX_DAYS);
    expect(ZAnalyticsQuery.safeParse({ from: '2026-08-24', to: '2026-11-23' }).success).toBe(true);
    expect(
      ZAnalyticsQuery.safeParse({ from: '2026-08-23', to: '2026-11-23' }).error?.issues[0]?.message,
    ).toBe(ANALYTICS_MSG.tooLong);
  });

  it('takes only calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});

describe('maskEmail', () => {
  it('keeps the domain and at most two characters of the name', () => {
    expect(maskEmail('reader@example.com')).toBe('re***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('')).toBe('');
  });
});
