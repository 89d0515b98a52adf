import { REPORT_PAGE_BUCKETS, type TFacets, type TFacetValue, type TReportFilters } from '@portal/contract';
import { Button, DatePicker, Flex, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { REPORT_LIST_TEXT as T } from './listTexts.ts';
import type { TReportView } from './useReportView.ts';
import './ReportList.css';

type TProps = {
  filters: TReportFilters;
  facets: TFacets | undefined;
  onChange: (filters: TReportFilters) => void;
  view: TReportView;
  onViewChange: (view: TReportView) => void;
};

/** A facet's values as options, each with its count; the chosen value stays listed at 0. */
function options(
  values: readonly TFacetValue[] | undefined,
  chosen: string | undefined,
  name?: (v: string) => string,
) {
  const list = [...(values ?? [])];
  if (chosen !== undefined && !list.some((v) => v.value === chosen)) {
    list.push({ value: chosen, count: 0 });
  }
  return list.map((v) => ({ value: v.value, label: T.withCount(name ? name(v.value) : v.value, v.count) }));
}

const bucketName = (id: string) => REPORT_PAGE_BUCKETS.find((b) => b.id === id)?.name ?? id;

/**
 * The report list's filters (issue 19): industry, publisher and page range with the count of
 * reports each would leave under the other filters, a publish date range, 清除筛选, and the
 * 封面 / 列表 view switch.
 */
export function ReportFilters({ filters, facets, onChange, view, onViewChange }: TProps) {
  // While the next first page loads, the last counts stay rather than the selects emptying.
  const last = useRef<TFacets | undefined>(undefined);
  last.current = facets ?? last.current;
  const shown = last.current;
  const set = (patch: TReportFilters) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some((v) => v !== undefined);
  return (
    <Flex className="report-filters" wrap gap={8} align="center" role="group" aria-label={T.filters}>
      <Select
        aria-label={T.industry}
        className="report-filters__select"
        allowClear
        placeholder={T.all(T.industry)}
        value={filters.industry ?? null}
        options={options(shown?.industry, filters.industry)}
        onChange={(v: string | null | undefined) => set({ industry: v ?? undefined })}
        popupMatchSelectWidth={false}
      />
      <Select
        aria-label={T.publisher}
        className="report-filters__select"
        allowClear
        showSearch
        placeholder={T.all(T.publisher)}
        value={filters.publisher ?? null}
        options={options(shown?.publisher, filters.publisher)}
        onChange={(v: string | null | undefined) => set({ publisher: v ?? undefined })}
        popupMatchSelectWidth={false}
      />
      <Select
        aria-label={T.pages}
        className="report-filters__select report-filters__select--short"
        allowClear
        placeholder={T.all(T.pages)}
        value={filters.pages ?? null}
        options={options(shown?.pages, filters.pages, bucketName)}
        onChange={(v) => set({ pages: (v ?? undefined) as TReportFilters['pages'] })}
        popupMatchSelectWidth={false}
      />
      <DatePicker.RangePicker
        aria-label={T.dates}
        className="report-filters__dates"
        placeholder={[T.dateFrom, T.dateTo]}
        allowEmpty={[true, true]}
        value={[
          filters.date_from ? dayjs(filters.date_from) : null,
          filters.date_to ? dayjs(filters.date_to) : null,
        ]}
        onChange={(range) =>
          set({
            date_from: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
            date_to: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
          })
        }
      />
      {any && (
        <Button type="link" onClick={() => onChange({})}>
          {T.clear}
        </Button>
      )}
      <Segmented<TReportView>
        className="report-filters__view"
        aria-label={T.view}
        value={view}
        onChange={onViewChange}
        options={[
          { value: 'grid', label: T.grid },
          { value: 'rows', label: T.rows },
        ]}
      />
    </Flex>
  );
}
