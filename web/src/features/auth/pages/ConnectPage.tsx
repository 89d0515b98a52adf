import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG, STATIC_ROUTES } from '@portal/contract';
import { wechatLogin } from '../../../entities/auth/api.ts';
import { finishThirdParty } from '../thirdParty.ts';
import { AUTH_TEXT } from '../texts.ts';
import { AuthSingle } from './AuthSingle.tsx';
import { errorMessage } from '../../../api/errorMessage.ts';

/** WeChat's redirect carries `code` and `state`; some entries pack them into one `data` query. */
function loginQuery(params: URLSearchParams): { code: string; state: string } | null {
  let source = params;
  const data = params.get('data');
  if (data) {
    try {
      const parsed = JSON.parse(data) as Record<string, unknown>;
      source = new URLSearchParams(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      source = new URLSearchParams(data);
    }
  }
  const code = source.get('code');
  const state = source.get('state');
  return code && state ? { code, state } : null;
}

/**
 * /connect (always reachable): passes its query to the messaging-app (WeChat) login action.
 * A website QR signs this browser in; an official-account QR scanned on a phone only confirms,
 * and the computer showing the QR signs in.
 */
export function ConnectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<{ text: string; error: boolean }>({
    text: AUTH_TEXT.connectHint,
    error: false,
  });
  const query = loginQuery(params);
  const key = query ? `${query.code}\n${query.state}` : '';

  useEffect(() => {
    if (key === '') {
      setStatus({ text: MSG.wechatExpired, error: true });
      return;
    }
    const [code = '', state = ''] = key.split('\n');
    let live = true;
    wechatLogin({ code, state })
      .then((reply) => {
        if (!live) {
          return;
        }
        if (!reply.login && !reply.bind) {
          setStatus({ text: AUTH_TEXT.connectConfirmed, error: false });
        } else {
          void navigate(finishThirdParty(reply), { replace: true });
        }
      })
      .catch((caught: unknown) => {
        if (live) {
          setStatus({ text: errorMessage(caught, MSG.wechatFailed), error: true });
        }
      });
    return () => {
      live = false;
    };
  }, [key, navigate]);

  return (
    <AuthSingle title={status.error ? AUTH_TEXT.connectFailedTitle : AUTH_TEXT.connectTitle}>
      <p
        className="auth-single__status"
        data-error={status.error ? '' : undefined}
        role={status.error ? 'alert' : 'status'}
      >
        {status.text}
      </p>
      {status.error && (
        <Link className="auth-single__link" to={STATIC_ROUTES.login.path}>
          {AUTH_TEXT.backToLogin}
        </Link>
      )}
    </AuthSingle>
  );
}
