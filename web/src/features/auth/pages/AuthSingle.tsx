import type { CSSProperties, ReactNode } from 'react';
import { DEFAULT_THEME } from '@portal/contract';
import { AUTH_TEXT } from '../texts.ts';
import './LoginPage.css';
import './AuthSingle.css';

const THEME_STYLE = { '--brand': DEFAULT_THEME.theme_color } as CSSProperties;

/** The frame of the sign-in side screens: the login card, centred, with its title. */
export function AuthSingle({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-single" style={THEME_STYLE}>
      <title>{`${title} - ${AUTH_TEXT.brand}`}</title>
      <div className="login-card">
        <h1 className="login-card__title">{title}</h1>
        {subtitle && <p className="login-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
