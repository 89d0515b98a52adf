import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from './returnPath.ts';

/**
 * Sends the visitor to /login naming the page they are on, so that the login returns here — what
 * every "log in first" button does (收藏 without a token, for one).
 */
export function useToLogin(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => void navigate(loginPathFor(pathname, search));
}
