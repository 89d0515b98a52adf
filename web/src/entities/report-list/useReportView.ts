import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReportView } from '@portal/contract';
import { accountApi } from '@portal/contract';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { readCookie, writeCookie } from '../../api/cookies.ts';
import { useSession } from '../../app/session/sessionStore.ts';

export type { TReportView };

/**
 * This browser's copy of the last choice: the list opens in it before the server answers. A
 * cookie, not localStorage, so the server's render of the page (entry-server.tsx) reads it too
 * and draws the same view the browser's first render hydrates.
 */
const COOKIE = 'report_view';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const preferencesKey = ['user-preferences'] as const;

function stored(): TReportView {
  return readCookie(COOKIE) === 'rows' ? 'rows' : 'grid';
}

function remember(view: TReportView): void {
  writeCookie(COOKIE, view, YEAR_SECONDS);
}

/**
 * The report list's view (封面 cards or 列表 rows), remembered per user on the server
 * (/api/user/preferences), so it follows the user to another browser or device; this browser's
 * last choice shows first, and the server's replaces it when they differ.
 */
export function useReportView(): [TReportView, (view: TReportView) => void] {
  const loggedIn = useSession().token !== null;
  const queryClient = useQueryClient();
  const [view, setView] = useState<TReportView>(stored);
  const { data } = useQuery({
    queryKey: preferencesKey,
    queryFn: () => call(accountApi.preferences, undefined, { notify: false }),
    enabled: loggedIn,
    staleTime: Infinity,
  });
  const saved = data?.report_view;
  useEffect(() => {
    if (saved) {
      setView(saved);
      remember(saved);
    }
  }, [saved]);

  const choose = (next: TReportView) => {
    setView(next);
    remember(next);
    if (loggedIn) {
      call(accountApi.savePreferences, { report_view: next }, { notify: false })
        .then((prefs) => queryClient.setQueryData(preferencesKey, prefs))
        // Not saved (offline): this browser keeps the choice; the server's copy stays as it was.
        .catch(() => undefined);
    }
  };
  return [view, choose];
}
