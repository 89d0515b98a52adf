import { shanghaiDateTime, shanghaiWallTimeMs } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * antd's pickers show and return times in the browser's zone; the portal's are Asia/Shanghai
 * (readers see banners go live, reports dated, by that clock). A picker is given the Shanghai wall
 * time as if it were local and its pick read back the same way, so 08:00 chosen in any zone
 * means 08:00 in Shanghai.
 */
export function toShanghaiPicker(ms: number): Dayjs {
  return dayjs(shanghaiDateTime(ms));
}

/** The instant a picker's value names, read as Shanghai wall time (see `toShanghaiPicker`). */
export function fromShanghaiPicker(value: Dayjs): number {
  return shanghaiWallTimeMs(value.format('YYYY-MM-DD HH:mm:ss'));
}

/** Today in Shanghai, as a picker's day (the back-office's day ranges are Shanghai days). */
export function shanghaiToday(now = Date.now()): Dayjs {
  return toShanghaiPicker(now).startOf('day');
}
