import { useEffect, useState, type FormEvent } from 'react';
import { NEW_HOT_SORTS, ORGAN_FILTER_MAX, SORT_LABELS, type TNewHotSort } from '@portal/contract';
import type { TOrganListFilter } from '@portal/contract';
import { ORGAN_TEXT } from '../texts.ts';
import '../../../components/ContentList.css';

type TOrganFiltersProps = {
  filter: TOrganListFilter;
  industries: readonly string[];
  onChange: (next: TOrganListFilter) => void;
};

/**
 * The directory's toolbar: a name search (Enter or 搜索 runs it; an empty box lists all),
 * an industry choice and the 最新/最热 sort of spec §9.
 */
export function OrganFilters({ filter, industries, onChange }: TOrganFiltersProps) {
  const [text, setText] = useState(filter.keyword);
  // A back/forward step changes the filter from outside: the box follows it.
  useEffect(() => setText(filter.keyword), [filter.keyword]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filter, keyword: text.trim() });
  };

  return (
    <div className="organ-filters content-list__toolbar">
      <form className="organ-filters__search" role="search" onSubmit={submit}>
        <input
          type="search"
          className="organ-filters__input"
          value={text}
          maxLength={ORGAN_FILTER_MAX}
          placeholder={ORGAN_TEXT.searchPlaceholder}
          aria-label={ORGAN_TEXT.searchLabel}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="organ-filters__go">
          {ORGAN_TEXT.search}
        </button>
        <select
          className="organ-filters__industry"
          aria-label={ORGAN_TEXT.industryLabel}
          value={filter.industry}
          onChange={(e) => onChange({ ...filter, industry: e.target.value })}
        >
          <option value="">{ORGAN_TEXT.allIndustries}</option>
          {industries.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </form>
      <div className="content-list__sorts" role="group" aria-label={ORGAN_TEXT.sortLabel}>
        {NEW_HOT_SORTS.map((key: TNewHotSort) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === filter.psort}
            className={
              key === filter.psort ? 'content-list__sort content-list__sort--active' : 'content-list__sort'
            }
            onClick={() => onChange({ ...filter, psort: key })}
          >
            {SORT_LABELS[key]}
          </button>
        ))}
      </div>
    </div>
  );
}
