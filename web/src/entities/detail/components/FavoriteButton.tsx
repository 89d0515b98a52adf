import { useId } from 'react';
import { useToLogin } from '../../../app/session/useToLogin.ts';
import { useSession } from '../../../app/session/sessionStore.ts';
import { DETAIL_TEXT } from '../texts.ts';

type TFavoriteButtonProps = {
  status: number;
  /**
   * The favourite action (issue 5: opens the folder dialog). Until it exists the button is
   * disabled with 即将上线 for signed-in users.
   */
  onFavorite?: () => void;
};

/** 收藏: without a token it leads to /login (spec §6), which returns here; with one it calls `onFavorite`. */
export function FavoriteButton({ status, onFavorite }: TFavoriteButtonProps) {
  const { token } = useSession();
  const toLogin = useToLogin();
  const hintId = useId();
  const on = status === 1;
  const label = on ? DETAIL_TEXT.favorited : DETAIL_TEXT.favorite;
  const icon = (
    <svg className="detail-btn__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
  if (!token) {
    return (
      <button type="button" className="detail-btn" onClick={toLogin}>
        {icon}
        {label}
      </button>
    );
  }
  if (onFavorite) {
    return (
      <button
        type="button"
        className={`detail-btn${on ? ' detail-btn--on' : ''}`}
        aria-pressed={on}
        onClick={onFavorite}
      >
        {icon}
        {label}
      </button>
    );
  }
  return (
    <span className="detail-tip" title={DETAIL_TEXT.comingSoon}>
      <button type="button" className="detail-btn" disabled aria-describedby={hintId}>
        {icon}
        {label}
      </button>
      <span id={hintId} role="tooltip" className="detail-tip__bubble">
        {DETAIL_TEXT.comingSoon}
      </span>
    </span>
  );
}
