import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/sessionStore.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { LIST_SORTS } from '../../../entities/content/sorts.ts';
import { menuTitleFor } from '../menuTitleFor.ts';
import { ANALYSIS_TEXT } from '../texts.ts';

/**
 * 洞察专题列表 (/analysis?anal_type=…): the sidebar's category links land here; the heading is
 * the category's menu title. The list is keyed by the category so each one starts afresh.
 */
export function AnalysisPage() {
  const [params] = useSearchParams();
  const { menu } = useSession();
  const analType = params.get('anal_type') ?? '';
  const category = analType ? menuTitleFor(menu, '/analysis', 'anal_type', analType) : null;
  return (
    <ListPage
      title={category ?? ANALYSIS_TEXT.listTitle}
      description={category ? ANALYSIS_TEXT.listTitle : undefined}
    >
      <ContentFeed
        key={analType}
        analType={analType || undefined}
        pageType="insight"
        defaultTab="insight"
        sorts={LIST_SORTS}
        label={ANALYSIS_TEXT.listLabel}
      />
    </ListPage>
  );
}
