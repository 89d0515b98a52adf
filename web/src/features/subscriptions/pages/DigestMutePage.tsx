import { useEffect, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_THEME, MSG, STATIC_ROUTES, type TDigestMuteInfo } from '@portal/contract';
import { errorMessage } from '../../../api/errorMessage.ts';
import { useSession } from '../../../app/session/sessionStore.ts';
import { digestMuteApi } from '../alertsApi.ts';
import { MUTE_TEXT as T } from '../muteTexts.ts';
import './UnsubscribePage.css';

const THEME_STYLE = { '--brand': DEFAULT_THEME.theme_color } as CSSProperties;

type TState =
  | { kind: 'loading' }
  | { kind: 'ready'; info: TDigestMuteInfo }
  | { kind: 'working'; info: TDigestMuteInfo }
  | { kind: 'done'; info: TDigestMuteInfo; justNow: boolean }
  | { kind: 'failed'; message: string };

/**
 * 不再接收 (/digest_mute?token=): a digest section's link. The signed token names the user and
 * the keyword or search alert, so it works logged out. Opening it changes nothing (mail
 * scanners open links); the one button mutes the keyword or pauses the alert. A forged or
 * stale token shows the server's words and changes nothing. Undone on /keyword_setting.
 */
export function DigestMutePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const loggedIn = useSession().token !== null;

  useEffect(() => {
    let live = true;
    digestMuteApi
      .info(token)
      .then((info) => {
        if (live) {
          setState(info.muted ? { kind: 'done', info, justNow: false } : { kind: 'ready', info });
        }
      })
      .catch((caught: unknown) => {
        if (live) {
          setState({ kind: 'failed', message: errorMessage(caught, MSG.muteLinkInvalid) });
        }
      });
    return () => {
      live = false;
    };
  }, [token]);

  const confirm = (info: TDigestMuteInfo) => {
    setState({ kind: 'working', info });
    digestMuteApi
      .mute(token)
      .then((next) => setState({ kind: 'done', info: next, justNow: true }))
      .catch((caught: unknown) =>
        setState({ kind: 'failed', message: errorMessage(caught, MSG.networkError) }),
      );
  };

  const title = state.kind === 'failed' ? T.failedTitle : state.kind === 'done' ? T.doneTitle : T.title;
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
            <span>{state.info.kind === 'alert' ? T.alert : T.keyword}</span>
            {state.info.label}
          </p>
        )}
        {(state.kind === 'ready' || state.kind === 'working') && (
          <>
            <p className="unsubscribe__text">
              {state.info.kind === 'alert' ? T.explainAlert : T.explainKeyword}
            </p>
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
              {state.justNow ? (state.info.kind === 'alert' ? MSG.alertPaused : MSG.keywordMuted) : T.already}
            </p>
            <p className="unsubscribe__text">{T.undo}</p>
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
              <Link
                to={`${STATIC_ROUTES.login.path}?redirect=${encodeURIComponent(STATIC_ROUTES.keywordSetting.path)}`}
              >
                {T.login}
              </Link>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
