import { Link } from 'react-router';
import { SYSTEM_TEXT } from '../texts.ts';
import './NotFoundPage.css';

/** /404: where unknown paths (and /admin for non-admins) end up. */
export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <title>{`${SYSTEM_TEXT.notFoundTitle} - 洞察门户`}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {SYSTEM_TEXT.notFoundTitle}
      </h1>
      <p className="not-found__hint">{SYSTEM_TEXT.notFoundHint}</p>
      <Link to="/" className="not-found__home">
        {SYSTEM_TEXT.backHome}
      </Link>
    </section>
  );
}
