import { Link, useNavigate } from 'react-router';
import { MSG, STATIC_ROUTES } from '@portal/contract';
import { startSession } from '../../../app/session/session.ts';
import { bindPhone } from '../../../entities/auth/api.ts';
import { clearBindInfo, readBindInfo } from '../bindInfo.ts';
import { LoginForm } from '../components/LoginForm.tsx';
import { landingAfterLogin } from '../landingAfterLogin.ts';
import { AUTH_TEXT } from '../texts.ts';
import { AuthSingle } from './AuthSingle.tsx';

/** 绑定手机号 (/phone_verify, anonymous): binds a phone to the WeChat or SSO account just verified. */
export function PhoneVerifyPage() {
  const navigate = useNavigate();
  const info = readBindInfo();

  if (!info) {
    return (
      <AuthSingle title={AUTH_TEXT.phoneVerifyTitle}>
        <p className="auth-single__status" data-error="">
          {MSG.bindExpired}
        </p>
        <Link className="auth-single__link" to={STATIC_ROUTES.login.path}>
          {AUTH_TEXT.backToLogin}
        </Link>
      </AuthSingle>
    );
  }
  return (
    <AuthSingle title={AUTH_TEXT.phoneVerifyTitle} subtitle={AUTH_TEXT.phoneVerifySubtitle}>
      {info.nickname !== '' && (
        <p className="auth-single__who">
          <span>{AUTH_TEXT.bindAs(info.nickname)}</span>
        </p>
      )}
      <LoginForm
        submit={(phone, code) => bindPhone(info, phone, code)}
        submitLabel={AUTH_TEXT.bindSubmit}
        onLoggedIn={(reply) => {
          clearBindInfo();
          startSession(reply);
          void navigate(landingAfterLogin(reply), { replace: true });
        }}
      />
    </AuthSingle>
  );
}
