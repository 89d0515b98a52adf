import type { ReactNode } from 'react';
import { MSG } from '@portal/contract';
import './EmptyState.css';

type TEmptyStateProps = {
  /** `noResults`: 没有找到相关结果 + 请修改或者尝试其他搜索词; `noData`: 暂无数据. */
  kind?: 'noResults' | 'noData';
  children?: ReactNode;
};

/** The empty states of spec §8, with a light line drawing (no antd on list screens). */
export function EmptyState({ kind = 'noData', children }: TEmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <svg className="empty-state__art" viewBox="0 0 96 72" aria-hidden="true">
        <ellipse cx="48" cy="62" rx="36" ry="6" fill="#f0f1f4" />
        <path
          d="M22 22h52l8 18v18a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V40z"
          fill="#fafafa"
          stroke="#d9d9d9"
          strokeWidth="2"
        />
        <path d="M14 40h20l4 8h20l4-8h20" fill="none" stroke="#d9d9d9" strokeWidth="2" />
        {kind === 'noResults' && (
          <g stroke="#bfbfbf" strokeWidth="3" fill="none" strokeLinecap="round">
            <circle cx="68" cy="18" r="9" />
            <path d="m75 25 7 7" />
          </g>
        )}
      </svg>
      <p className="empty-state__title">{kind === 'noResults' ? MSG.noResults : MSG.noData}</p>
      {kind === 'noResults' && <p className="empty-state__hint">{MSG.noResultsHint}</p>}
      {children}
    </div>
  );
}
