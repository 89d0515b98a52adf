// Report dates are shown in Asia/Shanghai (UTC+8, no daylight saving); computing the offset
// by hand keeps the PDF bytes independent of the machine's time zone and ICU data.
const OFFSET_MS = 8 * 3_600_000;

export function shanghaiYear(date: Date): number {
  return new Date(date.getTime() + OFFSET_MS).getUTCFullYear();
}

/** e.g. `2026年3月15日` */
export function shanghaiDateText(date: Date): string {
  const local = new Date(date.getTime() + OFFSET_MS);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
}
