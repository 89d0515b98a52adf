import { useSearchParams } from 'react-router';
import { MSG, STATIC_ROUTES, type TUnsubscribeInfo } from '@portal/contract';
import { MailLinkConfirm } from '../components/MailLinkConfirm.tsx';
import { unsubscribeApi } from '../unsubscribeApi.ts';
import { readUnsubscribeOrigin } from '../unsubscribeOrigin.ts';
import { UNSUBSCRIBE_TEXT as T } from '../unsubscribeTexts.ts';

/**
 * 退订 (/unsubscribe?from_where=&token=): the digest e-mail's link, which works logged out
 * through its signed token; a logged-in user without a token unsubscribes themselves. Shows the
 * receiving address, asks to confirm, stores where the visit came from (from_where, else 'others').
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const fromWhere = params.get('from_where')?.trim() || readUnsubscribeOrigin() || 'others';
  const load = () => unsubscribeApi.info(token);
  return (
    <MailLinkConfirm<TUnsubscribeInfo>
      texts={{ ...T, undo: T.resubscribe }}
      queryKey={['mail-link', 'unsubscribe', token]}
      load={load}
      act={() => unsubscribeApi.unsubscribe(token, fromWhere)}
      isDone={(info) => !info.subscribed}
      loadFailure={MSG.networkError}
      subject={(info) => ({ label: T.address, value: info.email || T.noAddress })}
      explain={() => T.explain}
      doneNow={() => MSG.unsubscribed}
      loginTo={STATIC_ROUTES.login.path}
    />
  );
}
