import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TDetailReply } from '@portal/contract';
import { getToken } from '../../../api/cookies.ts';
import { useToLogin } from '../../../app/session/useToLogin.ts';
import { detailKeys } from '../../detail/api.ts';
import { LazyCollectionDialog } from './LazyCollectionDialog.tsx';

/**
 * The 收藏 button's action on a detail page: opens the collection dialog for the page's item
 * and keeps the page's favourite state (the detail reply) in step with the dialog. The token is
 * checked at the click (spec §6: no stored token → /login, which returns here), so a logout in
 * another tab counts.
 */
export function useDetailCollect(id: string, index: string): { open: () => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const toLogin = useToLogin();
  const [open, setOpen] = useState(false);
  const item = useMemo(() => ({ id, index }), [id, index]);
  const onChange = (favoriteStatus: number) =>
    queryClient.setQueryData<TDetailReply>(detailKeys.item(id, index), (reply) =>
      reply ? { ...reply, favorite_status: favoriteStatus } : reply,
    );
  return {
    open: () => (getToken() ? setOpen(true) : toLogin()),
    dialog: (
      <LazyCollectionDialog item={open ? item : null} onClose={() => setOpen(false)} onChange={onChange} />
    ),
  };
}
