import { useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type TChange = (current: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams` whose change builds on the URL as the last change left it. react-router's
 * functional `setSearchParams` is handed the parameters of the last render (its documented
 * behaviour), so two changes before React renders again lose the first: a tab then a sort,
 * tapped quickly on a busy phone, left the URL with the sort alone and the tab sprang back
 * (seen in an e2e run on a loaded machine). Until the next render the pending URL is the base.
 */
export function useSearchParamsNow(): [
  URLSearchParams,
  (change: TChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  // Rendered with the new parameters: they are the base again.
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = (change: TChange, options?: NavigateOptions) => {
    const next = change(new URLSearchParams(pending.current ?? params));
    pending.current = next;
    setParams(next, options);
  };
  return [params, update];
}
