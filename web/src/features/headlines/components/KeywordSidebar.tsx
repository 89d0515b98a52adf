import { Link } from 'react-router';
import { STATIC_ROUTES, type THeadlineKeyword } from '@portal/contract';
import { HEADLINES_TEXT } from '../texts.ts';

type TProps = {
  keywords: readonly THeadlineKeyword[];
  onToggle: (keyword: string, shown: boolean) => void;
  onEdit: () => void;
  busy: string | null;
};

/** The subscription keyword filter: each keyword is shown (1) or hidden (0); hidden ones leave the list. */
export function KeywordSidebar({ keywords, onToggle, onEdit, busy }: TProps) {
  return (
    <aside className="hl-sidebar" aria-labelledby="hl-sidebar-title">
      <div className="hl-sidebar__head">
        <h2 id="hl-sidebar-title" className="hl-sidebar__title">
          {HEADLINES_TEXT.myKeywords}
        </h2>
        <button type="button" className="hl-link" onClick={onEdit}>
          {HEADLINES_TEXT.editKeywords}
        </button>
      </div>
      {keywords.length === 0 ? (
        <p className="hl-sidebar__empty">{HEADLINES_TEXT.noKeywords}</p>
      ) : (
        <ul className="hl-sidebar__list">
          {keywords.map((k) => {
            const shown = k.status === 1;
            return (
              <li key={k.keyword} className="hl-keyword" data-hidden={shown ? undefined : ''}>
                <span className="hl-keyword__name">{k.keyword}</span>
                <button
                  type="button"
                  role="switch"
                  aria-checked={shown}
                  aria-label={k.keyword}
                  title={shown ? HEADLINES_TEXT.hideKeyword : HEADLINES_TEXT.showKeyword}
                  className="hl-switch"
                  disabled={busy === k.keyword}
                  onClick={() => onToggle(k.keyword, !shown)}
                >
                  <span className="hl-switch__knob" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {/* The keywords also drive the daily e-mail: its settings (address, 退订 / 重新订阅) are one click away. */}
      <Link className="hl-link hl-sidebar__settings" to={STATIC_ROUTES.keywordSetting.path}>
        {HEADLINES_TEXT.digestSettings}
      </Link>
    </aside>
  );
}
