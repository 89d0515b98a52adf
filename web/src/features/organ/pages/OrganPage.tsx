import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, organListOfAddress, organListSearch } from '@portal/contract';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import type { TOrganListFilter } from '@portal/contract';
import { useOrganIndustries, useOrganList } from '../api.ts';
import { organListPageSize } from '../organListPageSize.ts';
import { OrganCard } from '../components/OrganCard.tsx';
import { OrganFilters } from '../components/OrganFilters.tsx';
import { Pager } from '../components/Pager.tsx';
import { ORGAN_TEXT } from '../texts.ts';
import '../../../entities/detail/components/Detail.css';
import '../components/Organ.css';

/** 机构列表 (/organ): the directory as cards, sorted 最新 or 最热, searched and filtered, page by page. */
export function OrganPage() {
  // Read once: resizing must not move the user to other offsets mid-list.
  const [pageSize] = useState(() => organListPageSize());
  const [params, setParams] = useSearchParams();
  const { filter, page } = organListOfAddress(params);
  const query = useOrganList(filter, page, pageSize);
  const industries = useOrganIndustries();
  const filtered = filter.keyword !== '' || filter.industry !== '';

  const show = (next: TOrganListFilter, nextPage: number) => {
    setParams(organListSearch(next, nextPage), { replace: nextPage === page });
    window.scrollTo({ top: 0 });
  };

  return (
    <ListPage title={ORGAN_TEXT.listTitle} description={ORGAN_TEXT.listDesc}>
      <OrganFilters filter={filter} industries={industries.data ?? []} onChange={(next) => show(next, 1)} />
      {query.isPending ? (
        <p className="organ-status" role="status">
          {MSG.loading}
        </p>
      ) : query.isError ? (
        <div className="organ-status" role="alert">
          <p>{ORGAN_TEXT.loadFailed}</p>
          <button type="button" className="detail-btn" onClick={() => void query.refetch()}>
            {ORGAN_TEXT.retry}
          </button>
        </div>
      ) : query.data.data.length === 0 ? (
        filtered ? (
          <div className="organ-status" role="status">
            <p>{ORGAN_TEXT.noMatch}</p>
            <button
              type="button"
              className="detail-btn"
              onClick={() => show({ psort: filter.psort, keyword: '', industry: '' }, 1)}
            >
              {ORGAN_TEXT.clearFilters}
            </button>
          </div>
        ) : (
          <EmptyState />
        )
      ) : (
        <>
          <CardGrid
            items={query.data.data}
            getKey={(o) => o.company_id}
            renderItem={(o) => <OrganCard organ={o} />}
            label={ORGAN_TEXT.listTitle}
          />
          <Pager
            page={page}
            pageSize={pageSize}
            total={query.data.total_size}
            onChange={(next) => show(filter, next)}
          />
        </>
      )}
    </ListPage>
  );
}
