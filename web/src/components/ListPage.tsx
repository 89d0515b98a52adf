import type { ReactNode } from 'react';
import './ListPage.css';

const BRAND = '洞察门户';

type TListPageProps = {
  title: string;
  /** The heading stays for screen readers only (the home page leads with its carousel). */
  hideTitle?: boolean;
  /** The page renders its own visible h1 (a folder's name and actions): no second heading here. */
  ownHeading?: boolean;
  description?: ReactNode;
  children: ReactNode;
};

/** The frame of a list screen: document title, page heading, then the page's lists. */
export function ListPage({
  title,
  hideTitle = false,
  ownHeading = false,
  description,
  children,
}: TListPageProps) {
  return (
    <div className="list-page">
      <title>{`${title} - ${BRAND}`}</title>
      {!ownHeading && (
        <header className={hideTitle ? 'visually-hidden' : 'list-page__header'}>
          <h1 className="list-page__title">{title}</h1>
          {description && <p className="list-page__desc">{description}</p>}
        </header>
      )}
      {children}
    </div>
  );
}
