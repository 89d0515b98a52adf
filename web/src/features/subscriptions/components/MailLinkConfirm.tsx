import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_THEME, MSG, STATIC_ROUTES } from '@portal/contract';
import { errorMessage } from '../../../api/errorMessage.ts';
import { useFreshQuery } from '../../../api/useFreshQuery.ts';
import { useSession } from '../../../app/session/sessionStore.ts';
import '../pages/UnsubscribePage.css';

const THEME_STYLE = { '--brand': DEFAULT_THEME.theme_color } as CSSProperties;

type TState<I> =
  | { kind: 'loading' }
  | { kind: 'ready'; info: I }
  | { kind: 'working'; info: I }
  | { kind: 'done'; info: I; justNow: boolean }
  | { kind: 'failed'; message: string };

export type MailLinkTexts = {
  title: string;
  doneTitle: string;
  failedTitle: string;
  brand: string;
  loading: string;
  confirm: string;
  working: string;
  /** Shown when the link's change was made before this visit. */
  already: string;
  /** How to undo it, under the done message. */
  undo: string;
  settings: string;
  home: string;
  login: string;
};

export type MailLinkConfirmProps<I> = {
  texts: MailLinkTexts;
  /** The query key of what the link is about (the link's token in it). */
  queryKey: readonly unknown[];
  /** Reads what the link is about; never changes anything (mail scanners open links). */
  load: () => Promise<I>;
  /** The change the link asks for, made by the one button. */
  act: () => Promise<I>;
  /** True when the change is already in place. */
  isDone: (info: I) => boolean;
  /** The message for a link that cannot be read (a forged or stale token). */
  loadFailure: string;
  subject: (info: I) => { label: string; value: string };
  explain: (info: I) => string;
  /** The message right after the change. */
  doneNow: (info: I) => string;
  /** Where the login link goes for a logged-out visitor. */
  loginTo: string;
};

/** Where the card stands, from the link's query and the one change it can make. */
function stateOf<I>(
  link: { data: I | undefined; error: Error | null },
  change: { data: I | undefined; error: Error | null; isPending: boolean },
  isDone: (info: I) => boolean,
  loadFailure: string,
): TState<I> {
  if (link.error) {
    return { kind: 'failed', message: errorMessage(link.error, loadFailure) };
  }
  if (change.error) {
    return { kind: 'failed', message: errorMessage(change.error, MSG.networkError) };
  }
  if (change.data !== undefined) {
    return { kind: 'done', info: change.data, justNow: true };
  }
  if (link.data === undefined) {
    return { kind: 'loading' };
  }
  if (change.isPending) {
    return { kind: 'working', info: link.data };
  }
  return isDone(link.data)
    ? { kind: 'done', info: link.data, justNow: false }
    : { kind: 'ready', info: link.data };
}

/**
 * The card behind a digest e-mail's links (退订, 不再接收): it says what the link is about,
 * asks once, and says how to undo. Opening it changes nothing; only the button acts, so a mail
 * scanner following the link unsubscribes nobody. Server errors show in the server's words.
 */
export function MailLinkConfirm<I>(props: MailLinkConfirmProps<I>) {
  const { texts: T, queryKey, load, act, isDone, loadFailure } = props;
  const loggedIn = useSession().token !== null;
  const queryClient = useQueryClient();
  // Read afresh on every visit: the change may have been made since (here, or in the settings).
  const link = useFreshQuery({ queryKey, queryFn: load, retry: false });
  const change = useMutation({
    mutationFn: act,
    onSuccess: (next) => queryClient.setQueryData(queryKey, next),
  });
  const state = stateOf(link, change, isDone, loadFailure);
  const confirm = () => change.mutate();

  const title = state.kind === 'failed' ? T.failedTitle : state.kind === 'done' ? T.doneTitle : T.title;
  const subject = 'info' in state ? props.subject(state.info) : undefined;
  let links: ReactNode = null;
  if (state.kind !== 'loading' && state.kind !== 'working') {
    links = (
      <div className="unsubscribe__links">
        {loggedIn ? (
          <>
            <Link to={STATIC_ROUTES.keywordSetting.path}>{T.settings}</Link>
            <Link to="/homepage">{T.home}</Link>
          </>
        ) : (
          <Link to={props.loginTo}>{T.login}</Link>
        )}
      </div>
    );
  }
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
        {subject && (
          <p className="unsubscribe__address">
            <span>{subject.label}</span>
            {subject.value}
          </p>
        )}
        {(state.kind === 'ready' || state.kind === 'working') && (
          <>
            <p className="unsubscribe__text">{props.explain(state.info)}</p>
            <button
              type="button"
              className="unsubscribe__button"
              disabled={state.kind === 'working'}
              onClick={confirm}
            >
              {state.kind === 'working' ? T.working : T.confirm}
            </button>
          </>
        )}
        {state.kind === 'done' && (
          <>
            <p className="unsubscribe__text" data-done="" role="status">
              {state.justNow ? props.doneNow(state.info) : T.already}
            </p>
            <p className="unsubscribe__text">{T.undo}</p>
          </>
        )}
        {state.kind === 'failed' && (
          <p className="unsubscribe__text" data-error="" role="alert">
            {state.message}
          </p>
        )}
        {links}
      </div>
    </div>
  );
}
