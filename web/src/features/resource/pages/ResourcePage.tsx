import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { SearchForm } from '../../../entities/content/components/SearchForm.tsx';
import { LIST_SORTS } from '../../../entities/content/sorts.ts';
import { RESOURCE_TEXT } from '../texts.ts';
import './ResourcePage.css';
import { useSearchParamsNow } from '../../../components/useSearchParamsNow.ts';

/** The keyword of the resource screen, kept in the address with the tab and sort. */
const KEYWORD_PARAM = 'q';

/**
 * 资源库 (/all_material, the spec's "all materials" view): the resource screen of spec §2 with
 * tabs resource_all (every kind: reports, headlines, insight topics, materials) and
 * resource_report (reports), a keyword box that searches within them, and the list sorts.
 */
export function ResourcePage() {
  const [params, setParams] = useSearchParamsNow();
  const keyword = params.get(KEYWORD_PARAM)?.trim() ?? '';
  const setKeyword = (text: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (text === '') {
        next.delete(KEYWORD_PARAM);
      } else {
        next.set(KEYWORD_PARAM, text);
      }
      return next;
    });
  return (
    <ListPage title={RESOURCE_TEXT.title} description={RESOURCE_TEXT.description}>
      <SearchForm value={keyword} onSearch={setKeyword} />
      {keyword && (
        <p className="resource-keyword">
          {RESOURCE_TEXT.searchingFor(keyword)}
          <button type="button" className="resource-keyword__clear" onClick={() => setKeyword('')}>
            {RESOURCE_TEXT.clear}
          </button>
        </p>
      )}
      <ContentFeed
        // A new keyword starts the list again from its first page.
        key={keyword}
        pageType="resource"
        defaultTab="resource_all"
        sorts={LIST_SORTS}
        keyword={keyword}
        label={RESOURCE_TEXT.listLabel}
        empty={keyword ? <EmptyState kind="noResults" /> : undefined}
      />
    </ListPage>
  );
}
