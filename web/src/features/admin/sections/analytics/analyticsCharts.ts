import type {
  TAnalyticsCounter,
  TAnalyticsDay,
  TAnalyticsQueryCount,
  TAnalyticsTypeCounts,
} from '@portal/contract';
import type { TChartOption } from './EChart.tsx';
import { ANALYTICS_TEXT } from './analyticsTexts.ts';

const GRID = { left: 48, right: 16, top: 36, bottom: 28, containLabel: true };

/** Lines per day, one per counter; the day axis shows MM-DD. */
export function dailyLines(
  days: readonly TAnalyticsDay[],
  counters: readonly TAnalyticsCounter[],
): TChartOption {
  return {
    grid: GRID,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: counters.map((c) => ({
      type: 'line',
      name: ANALYTICS_TEXT.counter[c],
      data: days.map((d) => d[c]),
      smooth: false,
      showSymbol: days.length <= 31,
    })),
  };
}

/** Horizontal bars, most frequent on top. */
export function queryBars(rows: readonly TAnalyticsQueryCount[], name: string): TChartOption {
  const top = [...rows].reverse();
  return {
    grid: { ...GRID, left: 8, top: 8 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: top.map((r) => r.query) },
    series: [{ type: 'bar', name, data: top.map((r) => r.count), barMaxWidth: 18 }],
  };
}

/** Views, downloads and favourites side by side per content type. */
export function typeBars(rows: readonly TAnalyticsTypeCounts[]): TChartOption {
  const counters = ['views', 'downloads', 'favorites'] as const;
  return {
    grid: GRID,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: rows.map((r) => ANALYTICS_TEXT.typeLabel[r.type]) },
    yAxis: { type: 'value', minInterval: 1 },
    series: counters.map((c) => ({
      type: 'bar',
      name: ANALYTICS_TEXT.counter[c],
      data: rows.map((r) => r[c]),
      barMaxWidth: 24,
    })),
  };
}
