import { REPORT_PAGE_BUCKETS, type TFacets, type TFacetValue, type TReportFilters } from '@portal/contract';
import { useId, useRef } from 'react';
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

type TFacetSelectProps = {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  short?: boolean;
};

function FacetSelect({ label, value, options: list, onChange, short = false }: TFacetSelectProps) {
  return (
    <select
      aria-label={label}
      className={`report-filters__select${short ? ' report-filters__select--short' : ''}`}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    >
      <option value="">{T.all(label)}</option>
      {list.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The report list's filters (issue 19): industry, publisher and page range with the count of
 * reports each would leave under the other filters, a publish date range, 清除筛选, and the
 * 封面 / 列表 view switch. Native controls: the phone's own pickers, and no antd on a reader's
 * screen (its JavaScript belongs to the back-office's chunk).
 */
export function ReportFilters({ filters, facets, onChange, view, onViewChange }: TProps) {
  // While the next first page loads, the last counts stay rather than the selects emptying.
  const last = useRef<TFacets | undefined>(undefined);
  last.current = facets ?? last.current;
  const shown = last.current;
  const set = (patch: TReportFilters) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some((v) => v !== undefined);
  const datesId = useId();
  return (
    <div className="report-filters" role="group" aria-label={T.filters}>
      <FacetSelect
        label={T.industry}
        value={filters.industry}
        options={options(shown?.industry, filters.industry)}
        onChange={(industry) => set({ industry })}
      />
      <FacetSelect
        label={T.publisher}
        value={filters.publisher}
        options={options(shown?.publisher, filters.publisher)}
        onChange={(publisher) => set({ publisher })}
      />
      <FacetSelect
        label={T.pages}
        short
        value={filters.pages}
        options={options(shown?.pages, filters.pages, bucketName)}
        onChange={(pages) => set({ pages: pages as TReportFilters['pages'] })}
      />
      <span className="report-filters__dates" role="group" aria-labelledby={datesId}>
        {/* Seen, not only announced: an empty date input shows only the browser's format (年/月/日). */}
        <span id={datesId} className="report-filters__caption">
          {T.dates}
        </span>
        <input
          type="date"
          aria-label={T.dateFrom}
          value={filters.date_from ?? ''}
          max={filters.date_to}
          onChange={(event) => set({ date_from: event.target.value || undefined })}
        />
        <span aria-hidden="true">–</span>
        <input
          type="date"
          aria-label={T.dateTo}
          value={filters.date_to ?? ''}
          min={filters.date_from}
          onChange={(event) => set({ date_to: event.target.value || undefined })}
        />
      </span>
      {any && (
        <button type="button" className="report-filters__clear" onClick={() => onChange({})}>
          {T.clear}
        </button>
      )}
      <span className="report-filters__view" role="radiogroup" aria-label={T.view}>
        {(['grid', 'rows'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={view === v}
            className="report-filters__view-option"
            onClick={() => onViewChange(v)}
          >
            {v === 'grid' ? T.grid : T.rows}
          </button>
        ))}
      </span>
    </div>
  );
}
