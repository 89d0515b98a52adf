import { useEffect, type CSSProperties } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TLoginReply } from '@portal/contract';
import { DEFAULT_THEME } from '@portal/contract';
import { rememberReturnPath, returnPathIn } from '../../../app/session/returnPath.ts';
import { startSession } from '../../../app/session/session.ts';
import { LoginForm } from '../components/LoginForm.tsx';
import { WechatEntry } from '../components/WechatEntry.tsx';
import { landingAfterLogin } from '../landingAfterLogin.ts';
import { AUTH_TEXT } from '../texts.ts';
import './LoginPage.css';

/** The theme is not known before login: the default colour, as CSS variables. */
const THEME_STYLE = { '--brand': DEFAULT_THEME.theme_color } as CSSProperties;

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.22" />
      <path
        d="M6 10.2l2.6 2.6L14 7.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** /login: brand panel and the phone + code form (no antd on this route). */
export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  // Kept for whichever way in the user picks: SSO and WeChat leave the site and come back.
  useEffect(() => rememberReturnPath(returnPathIn(search)), [search]);
  const onLoggedIn = (reply: TLoginReply) => {
    startSession(reply);
    void navigate(landingAfterLogin(reply), { replace: true });
  };

  return (
    <div className="login" style={THEME_STYLE}>
      <title>{`登录 - ${AUTH_TEXT.brand}`}</title>
      <section className="login-hero" aria-labelledby="login-brand">
        <div className="login-hero__inner">
          <div className="login-hero__brand">
            <span className="login-hero__mark" aria-hidden="true">
              洞
            </span>
            <h1 id="login-brand" className="login-hero__title">
              {AUTH_TEXT.brand}
            </h1>
          </div>
          <p className="login-hero__tagline">{AUTH_TEXT.tagline}</p>
          <p className="login-hero__intro">{AUTH_TEXT.intro}</p>
          <ul className="login-hero__features">
            {AUTH_TEXT.features.map((feature) => (
              <li key={feature.title}>
                <CheckIcon />
                <span>
                  <strong>{feature.title}</strong>
                  {feature.detail}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <main className="login-main">
        <div className="login-card">
          <h2 className="login-card__title">{AUTH_TEXT.formTitle}</h2>
          <p className="login-card__subtitle">{AUTH_TEXT.formSubtitle}</p>
          <LoginForm onLoggedIn={onLoggedIn} />
          <WechatEntry />
        </div>
        <p className="login-main__footer">{AUTH_TEXT.copyright}</p>
      </main>
    </div>
  );
}
