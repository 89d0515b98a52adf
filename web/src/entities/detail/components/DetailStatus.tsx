import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@portal/contract';
import type { TDetailFailure } from '../detailError.ts';
import { DETAIL_TEXT } from '../texts.ts';
import './Detail.css';

type TDetailStatusProps = {
  kind: TDetailFailure | 'loading';
  onRetry?: () => void;
  /** A way on besides 返回首页 (the shared headline's 登录后查看). */
  action?: ReactNode;
};

const TITLES: Readonly<Record<TDetailFailure, string>> = {
  noPermission: MSG.noPermission,
  notFound: MSG.contentNotFound,
  error: DETAIL_TEXT.errorTitle,
};

/** A detail page that has nothing to show yet or at all: loading, 暂无查看权限, not found, failed. */
export function DetailStatus({ kind, onRetry, action }: TDetailStatusProps) {
  if (kind === 'loading') {
    return (
      <div className="detail-status" role="status" aria-live="polite">
        <span className="detail-status__spinner" aria-hidden="true" />
        <p className="detail-status__hint">{MSG.loading}</p>
      </div>
    );
  }
  return (
    <div className="detail-status" role={kind === 'error' ? 'alert' : 'status'}>
      <svg className="detail-status__art" viewBox="0 0 96 72" aria-hidden="true">
        <ellipse cx="48" cy="62" rx="36" ry="6" fill="#f0f1f4" />
        <rect x="26" y="10" width="44" height="48" rx="4" fill="#fafafa" stroke="#d9d9d9" strokeWidth="2" />
        {kind === 'noPermission' ? (
          <g fill="none" stroke="#bfbfbf" strokeWidth="3" strokeLinecap="round">
            <rect x="38" y="32" width="20" height="16" rx="2" />
            <path d="M42 32v-5a6 6 0 0 1 12 0v5" />
          </g>
        ) : (
          <path d="M36 24h24M36 34h24M36 44h14" stroke="#d9d9d9" strokeWidth="3" strokeLinecap="round" />
        )}
      </svg>
      <h1 className="detail-status__title">{TITLES[kind]}</h1>
      {kind === 'error' && <p className="detail-status__hint">{DETAIL_TEXT.errorHint}</p>}
      <div className="detail-status__actions">
        {kind === 'error' && onRetry && (
          <button type="button" className="detail-btn detail-btn--primary" onClick={onRetry}>
            {DETAIL_TEXT.retry}
          </button>
        )}
        {action}
        <Link to="/" className="detail-btn">
          {DETAIL_TEXT.backHome}
        </Link>
      </div>
    </div>
  );
}
