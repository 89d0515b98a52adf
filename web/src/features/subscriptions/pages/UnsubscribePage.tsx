import { useEffect, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_THEME, MSG, STATIC_ROUTES, type TUnsubscribeInfo } from '@portal/contract';
import { useSession } from '../../../app/session/sessionStore.ts';
import { unsubscribeApi } from '../unsubscribeApi.ts';
import { readUnsubscribeOrigin } from '../unsubscribeOrigin.ts';
import { UNSUBSCRIBE_TEXT as T } from '../unsubscribeTexts.ts';
import './UnsubscribePage.css';
import { errorMessage } from '../../../api/errorMessage.ts';

const THEME_STYLE = { '--brand': DEFAULT_THEME.theme_color } as CSSProperties;

type TState =
  | { kind: 'loading' }
  | { kind: 'ready'; info: TUnsubscribeInfo }
  | { kind: 'working'; info: TUnsubscribeInfo }
  | { kind: 'done'; info: TUnsubscribeInfo; justNow: boolean }
  | { kind: 'failed'; message: string };

/**
 * 退订 (/unsubscribe?from_where=&token=): the digest e-mail's link, which works logged out
 * through its signed token; a logged-in user without a token unsubscribes themselves. Shows the
 * receiving address, asks to confirm, stores where the visit came from (from_where, else 'others').
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const fromWhere = params.get('from_where')?.trim() || readUnsubscribeOrigin() || 'others';
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const loggedIn = useSession().token !== null;

  useEffect(() => {
    let live = true;
    unsubscribeApi
      .info(token)
      .then((info) => {
        if (live) {
          setState(info.subscribed ? { kind: 'ready', info } : { kind: 'done', info, justNow: false });
        }
      })
      .catch((caught: unknown) => {
        if (live) {
          setState({ kind: 'failed', message: errorMessage(caught, MSG.networkError) });
        }
      });
    return () => {
      live = false;
    };
  }, [token]);

  const confirm = (info: TUnsubscribeInfo) => {
    setState({ kind: 'working', info });
    unsubscribeApi
      .unsubscribe(token, fromWhere)
      .then((next) => setState({ kind: 'done', info: next, justNow: true }))
      .catch((caught: unknown) =>
        setState({ kind: 'failed', message: errorMessage(caught, MSG.networkError) }),
      );
  };

  const title = state.kind === 'done' ? T.doneTitle : state.kind === 'failed' ? T.failedTitle : T.title;
  return (
    <div className="unsubscribe" style={THEME_STYLE}>
      <title>{`${title} - ${T.brand}`}</title>
      <div className="unsubscribe__card">
        <h1 className="unsubscribe__title">{title}</h1>
        {state.kind === 'loading' && (
          <p className="unsubscribe__text" role="status">
            {T.loading}
          </p>
        )}
        {'info' in state && (
          <p className="unsubscribe__address">
            <span>{T.address}</span>
            {state.info.email || T.noAddress}
          </p>
        )}
        {(state.kind === 'ready' || state.kind === 'working') && (
          <>
            <p className="unsubscribe__text">{T.explain}</p>
            <button
              type="button"
              className="unsubscribe__button"
              disabled={state.kind === 'working'}
              onClick={() => confirm(state.info)}
            >
              {state.kind === 'working' ? T.working : T.confirm}
            </button>
          </>
        )}
        {state.kind === 'done' && (
          <>
            <p className="unsubscribe__text" data-done="" role="status">
              {state.justNow ? MSG.unsubscribed : T.already}
            </p>
            <p className="unsubscribe__text">{T.resubscribe}</p>
          </>
        )}
        {state.kind === 'failed' && (
          <p className="unsubscribe__text" data-error="" role="alert">
            {state.message}
          </p>
        )}
        {state.kind !== 'loading' && state.kind !== 'working' && (
          <div className="unsubscribe__links">
            {loggedIn ? (
              <>
                <Link to={STATIC_ROUTES.keywordSetting.path}>{T.settings}</Link>
                <Link to="/homepage">{T.home}</Link>
              </>
            ) : (
              <Link to={STATIC_ROUTES.login.path}>{T.login}</Link>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
