import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReportView } from '@portal/contract';
import { accountApi } from '@portal/contract';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { useSession } from '../../app/session/sessionStore.ts';

export type { TReportView };

/** This browser's copy of the last choice: the list opens in it before the server answers. */
const KEY = 'portal.reportListView';
const preferencesKey = ['user-preferences'] as const;

function stored(): TReportView {
  try {
    return window.localStorage.getItem(KEY) === 'rows' ? 'rows' : 'grid';
  } catch {
    return 'grid';
  }
}

function remember(view: TReportView): void {
  try {
    window.localStorage.setItem(KEY, view);
  } catch {
    // Private mode without storage: the server's copy still holds it.
  }
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
