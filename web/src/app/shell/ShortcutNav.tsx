import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TShortcut } from '@portal/contract';
import { detailApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { SHORTCUTS_QUERY_KEY } from '../../features/analysis/shortcutsApi.ts';

/**
 * GET /api/insight_topic/shortcut/list (newest first) through the query cache. Not useQuery:
 * its observer adds ~3 KiB gzip to screens of the shell that have no useQuery, over the
 * 180 KiB budget. Fetched when the sidebar mounts unless fresh, kept (`gcTime` Infinity) until
 * logout clears the cache; re-renders whenever the cached list changes. No toast on failure.
 */
const LABEL = '我的快捷方式';

function useShortcuts(): TShortcut[] | undefined {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery({
      queryKey: SHORTCUTS_QUERY_KEY,
      queryFn: ({ signal }) => call(detailApi.shortcuts, undefined, { signal, notify: false }),
      gcTime: Infinity,
    });
  }, [client]);
  const read = () => client.getQueryData<TShortcut[]>(SHORTCUTS_QUERY_KEY);
  // The server renders from the same cache (entry-server.tsx): its snapshot is the same read.
  return useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
}

/**
 * 我的快捷方式 under the menu: the analyses the user pinned on their detail page, each a link
 * to /analysis/analysis_details/{id}?id&index&anal_type. Left out while loading, on failure
 * and when there are none.
 */
export function ShortcutNav({ onNavigate }: { onNavigate?: () => void }) {
  const shortcuts = useShortcuts();
  if (!shortcuts?.length) {
    return null;
  }
  return (
    <div className="side-nav side-nav__shortcuts" role="group" aria-label={LABEL}>
      <div className="side-nav__label" aria-hidden="true">
        {LABEL}
      </div>
      <ul className="side-nav__sub">
        {shortcuts.map(({ id, title, index, anal_type }) => (
          <li key={id}>
            <Link
              to={`/analysis/analysis_details/${encodeURIComponent(id)}?${new URLSearchParams({ id, index, anal_type }).toString()}`}
              title={title}
              className="side-nav__link"
              onClick={onNavigate}
            >
              <span className="side-nav__text">{title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
