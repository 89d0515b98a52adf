import { Role } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/sessionStore.ts';

/**
 * `?preview=1` from the back-office's 预览: honoured for admins only (the server checks it again:
 * the preview call is role 2 only). Anyone else reads the page as usual, so an unpublished item
 * stays "not found" for them.
 */
export function usePreview(): boolean {
  const [search] = useSearchParams();
  const { roles } = useSession();
  return search.get('preview') === '1' && roles.includes(Role.admin);
}
