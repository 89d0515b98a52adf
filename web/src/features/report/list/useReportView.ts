import { useState } from 'react';

export type TReportView = 'grid' | 'rows';
/** Kept in this browser's localStorage (per user of the browser), not on the server. */
const KEY = 'portal.reportListView';

function stored(): TReportView {
  try {
    return window.localStorage.getItem(KEY) === 'rows' ? 'rows' : 'grid';
  } catch {
    return 'grid';
  }
}

/** The report list's view (封面 cards or 列表 rows), remembered across visits. */
export function useReportView(): [TReportView, (view: TReportView) => void] {
  const [view, setView] = useState<TReportView>(stored);
  const choose = (next: TReportView) => {
    setView(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
  };
  return [view, choose];
}
