import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/sessionStore.ts';
import { APP_TEXT } from '../texts.ts';

/**
 * The session's logo (a wordmark, e.g. /brand/logo.svg) linking home; until it loads, or when
 * there is none, our mark with the product name (just the mark when compact).
 */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { logo } = useSession();
  const [failed, setFailed] = useState<string | null>(null);
  const showLogo = logo !== '' && failed !== logo;
  return (
    <Link to="/homepage" className={compact ? 'brand brand--compact' : 'brand'} aria-label={APP_TEXT.brand}>
      {showLogo ? (
        <img className="brand__logo" src={logo} alt="" onError={() => setFailed(logo)} />
      ) : (
        <>
          <span className="brand__mark" aria-hidden="true">
            洞
          </span>
          {!compact && <span className="brand__name">{APP_TEXT.brand}</span>}
        </>
      )}
    </Link>
  );
}
