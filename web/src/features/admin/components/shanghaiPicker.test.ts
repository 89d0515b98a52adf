import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from './formatTime.ts';
import { fromShanghaiPicker, shanghaiToday, toShanghaiPicker } from './shanghaiPicker.ts';

// An editor whose browser is in New York (UTC−5 in December): the back-office still speaks
// Shanghai time, as readers see it.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('back-office times are Asia/Shanghai in any browser zone', () => {
  // 2026-12-03 16:30 UTC: 11:30 in New York, already 12-04 00:30 in Shanghai.
  const ms = Date.UTC(2026, 11, 3, 16, 30);

  it('the tables show the Shanghai time', () => {
    expect(new Date(ms).getHours()).toBe(11); // the zone took effect
    expect(formatTime(ms)).toBe('2026-12-04 00:30');
    expect(formatTime(null)).toBe('—');
  });

  it('a picker shows the Shanghai wall time and its pick means that time in Shanghai', () => {
    expect(toShanghaiPicker(ms).format('YYYY-MM-DD HH:mm')).toBe('2026-12-04 00:30');
    // 08:00 picked for a banner's start is 08:00 in Shanghai, 00:00 UTC.
    expect(fromShanghaiPicker(dayjs('2026-12-04 08:00'))).toBe(Date.UTC(2026, 11, 4, 0, 0));
    expect(fromShanghaiPicker(toShanghaiPicker(ms))).toBe(ms);
  });

  it('today is the Shanghai day', () => {
    expect(shanghaiToday(ms).format('YYYY-MM-DD')).toBe('2026-12-04');
  });
});
