import { lazy, Suspense, useMemo, useState } from 'react';
import { getToken } from '../../../api/cookies.ts';
import { useToLogin } from '../../../app/session/useToLogin.ts';
import './CardFavorite.css';

/** Its own two labels: the feature's text module would ride along on every list screen. */
const LABEL = { add: '收藏到收藏夹', manage: '已收藏，管理收藏夹' } as const;

const CardCollectDialog = lazy(async () => ({
  default: (await import('./CardCollectDialog.tsx')).CardCollectDialog,
}));

/** The star on a content card: opens the collection dialog (loaded on first click); /login without a token. */
export function CardFavorite({ id, index, status }: { id: string; index: string; status: number }) {
  const toLogin = useToLogin();
  const [open, setOpen] = useState(false);
  const [on, setOn] = useState(status === 1);
  const item = useMemo(() => ({ id, index }), [id, index]);
  return (
    <>
      <button
        type="button"
        className={`card-favorite${on ? ' card-favorite--on' : ''}`}
        aria-label={on ? LABEL.manage : LABEL.add}
        aria-pressed={on}
        onClick={() => (getToken() ? setOpen(true) : toLogin())}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CardCollectDialog item={item} onClose={() => setOpen(false)} onChange={(s) => setOn(s === 1)} />
        </Suspense>
      )}
    </>
  );
}
