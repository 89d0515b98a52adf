import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';
import './Page.css';
import './PagePlaceholder.css';

const BRAND = '洞察门户';

type TPagePlaceholderProps = {
  title: string;
  description?: ReactNode;
  /** Shown above the empty panel (a welcome line, the search text …). */
  children?: ReactNode;
  /** Shown inside the empty panel under 暂无数据 (a link onward). */
  action?: ReactNode;
};

/**
 * A page that is not built yet: its Chinese title and an empty 暂无数据 panel. Each feature
 * replaces its placeholder pages with the real ones.
 */
export function PagePlaceholder({ title, description, children, action }: TPagePlaceholderProps) {
  return (
    <section className="page">
      <title>{`${title} - ${BRAND}`}</title>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {description && <p className="page__desc">{description}</p>}
      </header>
      {children}
      <div className="page__panel">
        <EmptyState kind="noData">{action}</EmptyState>
      </div>
    </section>
  );
}
