import { useNavigate } from 'react-router';
import type { TSearchHit, TSearchReply } from '@portal/contract';
import { STATIC_ROUTES } from '@portal/contract';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { COMPONENT_TEXT } from '../../../components/texts.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { filtersFromParams, withFilters } from '../../../entities/report-list/reportFilterParams.ts';
import { ReportFilters } from '../../../entities/report-list/ReportFilters.tsx';
import { ReportRow } from '../../../entities/report-list/ReportRow.tsx';
import { useReportView } from '../../../entities/report-list/useReportView.ts';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { SearchForm } from '../../../entities/content/components/SearchForm.tsx';
import { OrganHitRow } from '../components/OrganHitRow.tsx';
import { SubscribeSearchButton } from '../components/SubscribeSearchButton.tsx';
import { SEARCH_SORTS } from '../../../entities/content/sorts.ts';
import { SEARCH_TEXT } from '../texts.ts';
import { useSearchParamsNow } from '../../../components/useSearchParamsNow.ts';

const typeName = (type: string) => (COMPONENT_TEXT.contentTypes as Record<string, string>)[type] ?? type;

/** What a notice holds before the first page lands: the count line and a type per content type. */
const PENDING_REPLY: TSearchReply = {
  data: [],
  total: { value: 0, relation: 'eq' },
  page: 1,
  page_size: 0,
  psort: 'relevance',
  fallback: false,
  facets: { types: ['report', 'business', 'insight', 'material'].map((value) => ({ value, count: 0 })) },
};

function SearchNotice({ reply }: { reply: TSearchReply }) {
  if (reply.data.length === 0 && reply !== PENDING_REPLY) {
    return null;
  }
  return (
    <div className="search-notice">
      <span role="status">{SEARCH_TEXT.total(reply.total.value, reply.total.relation === 'gte')}</span>
      {reply.facets?.types && (
        <span className="search-notice__types" aria-label={SEARCH_TEXT.typeCounts}>
          {reply.facets.types.map((f) => SEARCH_TEXT.typeCount(typeName(f.value), f.count)).join(' · ')}
        </span>
      )}
      {reply.fallback && (
        <span className="search-notice__fallback" role="note">
          {SEARCH_TEXT.fallback}
        </span>
      )}
      {/* Its own row, kept while loading and when empty, so the cards do not move when it lands. */}
      {reply.synonyms && reply.synonyms.length > 0 ? (
        <span className="search-notice__synonyms" role="note">
          {SEARCH_TEXT.synonyms(reply.synonyms)}
        </span>
      ) : (
        <span className="search-notice__synonyms" aria-hidden="true" />
      )}
    </div>
  );
}

const renderNotice = (reply: TSearchReply | undefined) => <SearchNotice reply={reply ?? PENDING_REPLY} />;
const renderReportRow = (hit: TSearchHit) => <ReportRow hit={hit} />;
const renderOrganRow = (hit: TSearchHit) => <OrganHitRow hit={hit} />;

/**
 * /searchpage/searchpage?search=…: a keyword box kept in step with the URL (and so with the
 * top bar's box), tabs 全部, 报告 and 机构 from the label call, and hits with the matched terms
 * highlighted (spec §2 "Search and list screens"); the 报告 tab has the report list's filters,
 * counts and 列表 view.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParamsNow();
  const [view, setView] = useReportView();
  // The 报告 tab filters and counts reports as the report list does (issue 19).
  const reportTab = params.get('tab') === 'report';
  const organTab = params.get('tab') === 'organisation';
  const filters = reportTab ? filtersFromParams(params) : undefined;
  const navigate = useNavigate();
  const keyword = params.get('search')?.trim() ?? '';
  const search = (text: string) => {
    void navigate(`${STATIC_ROUTES.searchPage.path}?${new URLSearchParams({ search: text }).toString()}`);
  };
  return (
    <ListPage title={keyword ? SEARCH_TEXT.titleFor(keyword) : SEARCH_TEXT.title} hideTitle>
      <SearchForm value={keyword} onSearch={search} />
      {keyword && <SubscribeSearchButton query={keyword} tab={params.get('tab') ?? 'all'} />}
      {keyword ? (
        <ContentFeed
          pageType="search"
          defaultTab="all"
          sorts={SEARCH_SORTS}
          keyword={keyword}
          label={SEARCH_TEXT.listLabel}
          empty={<EmptyState kind="noResults" />}
          renderNotice={renderNotice}
          filters={filters}
          renderRow={organTab ? renderOrganRow : reportTab && view === 'rows' ? renderReportRow : undefined}
          renderExtra={
            filters
              ? (first) => (
                  <ReportFilters
                    filters={filters}
                    facets={first?.facets}
                    onChange={(next) => setParams((current) => withFilters(current, next), { replace: true })}
                    view={view}
                    onViewChange={setView}
                  />
                )
              : undefined
          }
        />
      ) : (
        <p className="list-page__desc">{SEARCH_TEXT.prompt}</p>
      )}
    </ListPage>
  );
}
