import { describe, expect, it } from 'vitest';
import { shanghaiDate, shanghaiDateTime, shanghaiMinute, shanghaiWallTimeMs } from './shanghai-time.ts';

describe('Asia/Shanghai times', () => {
  // 2026-12-03 16:30:05 UTC is already 12-04 in Shanghai.
  const ms = Date.UTC(2026, 11, 3, 16, 30, 5);

  it('formats an instant as Shanghai wall time, across the date line of UTC', () => {
    expect(shanghaiDateTime(ms)).toBe('2026-12-04 00:30:05');
    expect(shanghaiMinute(ms)).toBe('2026-12-04 00:30');
    expect(shanghaiDate(ms)).toBe('2026-12-04');
  });

  it('reads a Shanghai wall time back as the same instant', () => {
    expect(shanghaiWallTimeMs('2026-12-04 00:30:05')).toBe(ms);
    expect(shanghaiWallTimeMs('2026-12-04 00:30')).toBe(ms - 5_000);
    expect(shanghaiWallTimeMs('2026-12-04')).toBe(Date.UTC(2026, 11, 3, 16));
    expect(shanghaiWallTimeMs('2026/12/04')).toBeNaN();
  });
});
