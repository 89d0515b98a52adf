import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MSG, STATIC_ROUTES } from '@portal/contract';
import { ucossLogin } from '../../../entities/auth/api.ts';
import { finishThirdParty } from '../thirdParty.ts';
import { AUTH_TEXT } from '../texts.ts';
import { AuthSingle } from './AuthSingle.tsx';
import { errorMessage } from '../../../api/errorMessage.ts';

/**
 * 第三方单点登录入口 (/ucoss/:id?uc_toolid&uc_userid&uc_token, anonymous): the server checks the
 * three parameters with the configured SSO; then a session, a phone binding, or the reason.
 * The path id stands for uc_toolid when the query has none.
 */
export function UcossPage() {
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const query = {
    uc_toolid: params.get('uc_toolid') ?? id,
    uc_userid: params.get('uc_userid') ?? '',
    uc_token: params.get('uc_token') ?? '',
  };
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    // `key` is the query's identity: the effect runs once per distinct entry link.
    ucossLogin(JSON.parse(key) as typeof query)
      .then((reply) => {
        if (live) {
          void navigate(finishThirdParty(reply), { replace: true });
        }
      })
      .catch((caught: unknown) => {
        if (live) {
          setError(errorMessage(caught, MSG.ssoFailed));
        }
      });
    return () => {
      live = false;
    };
  }, [key, navigate]);

  return (
    <AuthSingle title={error ? AUTH_TEXT.ssoFailedTitle : AUTH_TEXT.ucossTitle}>
      <p
        className="auth-single__status"
        data-error={error ? '' : undefined}
        role={error ? 'alert' : 'status'}
      >
        {error ?? AUTH_TEXT.ucossHint}
      </p>
      {error && (
        <Link className="auth-single__link" to={STATIC_ROUTES.login.path}>
          {AUTH_TEXT.backToLogin}
        </Link>
      )}
    </AuthSingle>
  );
}
