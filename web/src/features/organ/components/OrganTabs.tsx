import { useState } from 'react';
import { gridPageSize } from '../../../components/gridPageSize.ts';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import {
  COMPANY_LIST_TABS,
  MSG,
  type TCompanyListTab,
  type TOrganDetail,
  type TOrganReport,
  type TProductCard,
  type TRelatedContent,
} from '@portal/contract';
import { useCompanyContent, useOrganTabs } from '../api.ts';
import { ORGAN_TEXT } from '../texts.ts';
import { Pager } from './Pager.tsx';
import { ProductCard } from './ProductCard.tsx';
import { RelatedContentGrid } from './RelatedContentGrid.tsx';
import '../../../components/ContentList.css';
import { ReportTile } from './ReportTile.tsx';

const isListTab = (tn: string): tn is TCompanyListTab =>
  (COMPANY_LIST_TABS as readonly string[]).includes(tn);

function TabItems({ organ, tn }: { organ: TOrganDetail; tn: TCompanyListTab }) {
  const [pageSize] = useState(() => gridPageSize());
  const [page, setPage] = useState(1);
  const query = useCompanyContent(organ.company_id, tn, page, pageSize);
  if (query.isPending) {
    return (
      <p className="organ-status" role="status">
        {MSG.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="organ-status" role="alert">
        {ORGAN_TEXT.loadFailed}
      </p>
    );
  }
  const { data, total_size } = query.data;
  if (data.length === 0) {
    return <EmptyState />;
  }
  let grid;
  if (tn === 'company_product_es') {
    grid = (
      <RelatedContentGrid
        items={data as TRelatedContent[]}
        companyId={organ.company_id}
        organName={organ.name}
        isAuthorize={organ.is_authorize}
      />
    );
  } else if (tn === 'company_report') {
    const reports = data as TOrganReport[];
    grid = (
      <CardGrid
        items={reports}
        getKey={(r) => r.detail_id}
        renderItem={(r) => <ReportTile report={r} />}
        label={ORGAN_TEXT.report}
      />
    );
  } else {
    const products = data as TProductCard[];
    grid = (
      <CardGrid
        items={products}
        getKey={(p) => p.product_id}
        renderItem={(p) => <ProductCard product={p} />}
        label={ORGAN_TEXT.moreProducts}
      />
    );
  }
  return (
    <>
      {grid}
      <Pager page={page} pageSize={pageSize} total={total_size} onChange={setPage} />
    </>
  );
}

/** The organisation's content under the tabs the label call gives (产品, 报告, 产品内容, 关于). */
export function OrganTabs({ organ }: { organ: TOrganDetail }) {
  const tabs = useOrganTabs(organ.company_id);
  const list = tabs.data ?? [];
  const [active, setActive] = useState<string | null>(null);
  const current = active ?? list[0]?.tn ?? null;
  if (list.length === 0) {
    return null;
  }
  return (
    <section className="detail-card organ-tabs">
      <div className="content-list__tabs" role="tablist" aria-label={ORGAN_TEXT.detailTitle}>
        {list.map((tab) => (
          <button
            key={tab.tn}
            type="button"
            role="tab"
            aria-selected={tab.tn === current}
            className={
              tab.tn === current ? 'content-list__tab content-list__tab--active' : 'content-list__tab'
            }
            onClick={() => setActive(tab.tn)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="organ-tabs__panel">
        {current !== null && isListTab(current) ? (
          <TabItems key={current} organ={organ} tn={current} />
        ) : (
          <p className="organ-about">{organ.introduction || ORGAN_TEXT.noIntroduction}</p>
        )}
      </div>
    </section>
  );
}
