import { useState } from 'react';
import { MSG } from '@portal/contract';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { useOrganList } from '../api.ts';
import { organListPageSize } from '../organListPageSize.ts';
import { OrganCard } from '../components/OrganCard.tsx';
import { Pager } from '../components/Pager.tsx';
import { ORGAN_TEXT } from '../texts.ts';
import '../../detail/components/Detail.css';
import '../components/Organ.css';

/** 机构列表 (/organ): the directory as cards, page by page. */
export function OrganPage() {
  // Read once: resizing must not move the user to other offsets mid-list.
  const [pageSize] = useState(() => organListPageSize());
  const [page, setPage] = useState(1);
  const query = useOrganList(page, pageSize);

  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <ListPage title={ORGAN_TEXT.listTitle} description={ORGAN_TEXT.listDesc}>
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
        <EmptyState />
      ) : (
        <>
          <CardGrid
            items={query.data.data}
            getKey={(o) => o.company_id}
            renderItem={(o) => <OrganCard organ={o} />}
            label={ORGAN_TEXT.listTitle}
          />
          <Pager page={page} pageSize={pageSize} total={query.data.total_size} onChange={goTo} />
        </>
      )}
    </ListPage>
  );
}
