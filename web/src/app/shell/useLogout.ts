import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@portal/contract';
import { showDomToast } from '../../components/toast/domToast.ts';
import { logout } from '../../entities/auth/api.ts';
import { LOGIN_PATH } from '../guard/decideNavigation.ts';
import { endSession } from '../session/session.ts';

/** 退出登录: revoke the token, forget the session, back to /login (spec §4). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    endSession();
    await navigate(LOGIN_PATH, { replace: true });
    // The login page has no antd: its own toast says it.
    showDomToast('success', MSG.loggedOut);
  }, [navigate]);
}
