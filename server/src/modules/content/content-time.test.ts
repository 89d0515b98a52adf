import { describe, expect, it } from 'vitest';
import { shanghaiDateTime } from '@portal/contract';
import { relativeTime } from './content-time.ts';

describe('content times', () => {
  const now = Date.UTC(2026, 10, 22, 2, 0, 0);

  it('formats create_time in Asia/Shanghai', () => {
    expect(shanghaiDateTime(Date.UTC(2026, 10, 21, 16, 30, 5))).toBe('2026-11-22 00:30:05');
  });

  it('reads relative times in Chinese, then the date after 30 days', () => {
    expect(relativeTime(now - 20_000, now)).toBe('刚刚');
    expect(relativeTime(now + 60_000, now)).toBe('刚刚');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3小时前');
    expect(relativeTime(now - 2 * 86_400_000, now)).toBe('2天前');
    expect(relativeTime(now - 40 * 86_400_000, now)).toBe('2026-10-13');
  });
});
