import { readFileSync } from 'node:fs';

/** Latency samples in milliseconds → percentiles (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export type Summary = { n: number; p50: number; p95: number; p99: number };

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** The middle sample (nearest rank: the lower of the two middle ones for an even count). */
export function median(samples: readonly number[]): number {
  return summarize(samples).p50;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) {
    return '—';
  }
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function bytes(value: number): string {
  return value >= 2 ** 30 ? `${(value / 2 ** 30).toFixed(2)} GiB` : `${(value / 2 ** 20).toFixed(0)} MiB`;
}

/** A Markdown table, so the output can be pasted into RESULTS.md as is. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * CPU seconds the calling thread has used (Linux `/proc/thread-self/stat`, user + system),
 * NaN elsewhere. On a machine other jobs share, a stage's CPU time says what it costs where
 * its wall time mostly says how long it waited for a core.
 */
export function threadCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: /proc counts CPU time in these ticks (100 on every Linux build in use). */
const CLOCK_TICKS = 100;
