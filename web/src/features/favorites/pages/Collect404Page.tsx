import { Link, useSearchParams } from 'react-router';
import { FAVORITES_TEXT } from '../../../entities/favorites/texts.ts';
import '../../../components/Page.css';
import '../../../components/PagePlaceholder.css';
import '../favorites.css';

/**
 * /self/collect_404?tips=…: a favourite folder that is gone or not the user's, or a page that
 * needs authorization. Plain markup: antd's Empty and Button would add ~14 KiB to this screen.
 */
export function Collect404Page() {
  const [params] = useSearchParams();
  const tips = params.get('tips')?.trim() || FAVORITES_TEXT.goneDefaultTips;
  return (
    <section className="page">
      <title>{`${FAVORITES_TEXT.goneTitle} - 洞察门户`}</title>
      <div className="page__panel collect-404" role="status">
        <svg className="collect-404__art" viewBox="0 0 96 72" aria-hidden="true">
          <ellipse cx="48" cy="62" rx="36" ry="6" fill="#f0f1f4" />
          <path
            d="M22 22h52l8 18v18a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V40z"
            fill="#fafafa"
            stroke="#d9d9d9"
            strokeWidth="2"
          />
          <path d="M14 40h20l4 8h20l4-8h20" fill="none" stroke="#d9d9d9" strokeWidth="2" />
        </svg>
        <p className="collect-404__tips">{tips}</p>
        <Link className="fav-btn fav-btn--primary" to="/collection">
          {FAVORITES_TEXT.backToCollection}
        </Link>
      </div>
    </section>
  );
}
