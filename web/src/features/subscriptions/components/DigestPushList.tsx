import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STATIC_ROUTES, type THeadlineKeyword, type TSearchAlert } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import {
  alertKeys,
  deleteSearchAlert,
  setKeywordMuted,
  setSearchAlertPaused,
  useSearchAlerts,
} from '../alertsApi.ts';
import { SUBSCRIPTIONS_TEXT as T } from '../../../entities/subscriptions/texts.ts';
import './DigestPushList.css';

/**
 * 邮件推送 on /keyword_setting: keywords muted from the e-mail (恢复接收) and the search alerts
 * made on search results (暂停/恢复, 删除). Each change is saved at once, apart from the form's 保存.
 */
export function DigestPushList({ keywords }: { keywords: readonly THeadlineKeyword[] }) {
  const queryClient = useQueryClient();
  const { data, isError } = useSearchAlerts();
  // A list that failed to load shows as empty, as before (the client has shown why).
  const alerts = data ?? (isError ? [] : null);
  const setAlerts = (change: (list: TSearchAlert[]) => TSearchAlert[]) =>
    queryClient.setQueryData<TSearchAlert[]>(alertKeys.list, (list) => list && change(list));
  const [muted, setMuted] = useState(() => keywords.filter((k) => k.muted === 1).map((k) => k.keyword));
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs one change with its control disabled; refusals were shown by the client. */
  const run = async (key: string, change: () => Promise<void>) => {
    setBusy(key);
    try {
      await change();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const unmute = (keyword: string) =>
    run(`k:${keyword}`, async () => {
      await setKeywordMuted(keyword, false);
      setMuted((m) => m.filter((k) => k !== keyword));
      notify.success(T.unmuted(keyword));
    });
  const togglePause = (alert: TSearchAlert) =>
    run(`a:${alert.id}`, async () => {
      const next = await setSearchAlertPaused(alert.id, alert.paused === 0);
      setAlerts((list) => list.map((a) => (a.id === next.id ? next : a)));
    });
  const remove = (alert: TSearchAlert) =>
    run(`a:${alert.id}`, async () => {
      await deleteSearchAlert(alert.id);
      setAlerts((list) => list.filter((a) => a.id !== alert.id));
      notify.success(T.alertRemoved);
    });

  return (
    <section className="sub-field digest-push" aria-labelledby="digest-push-title">
      <h2 id="digest-push-title" className="sub-field__label">
        {T.pushTitle}
      </h2>
      <p className="sub-field__hint">{T.pushIntro}</p>

      {muted.length > 0 && (
        <div className="digest-push__group">
          <h3 className="digest-push__heading">{T.mutedKeywords}</h3>
          <ul className="digest-push__list" aria-label={T.mutedKeywords}>
            {muted.map((keyword) => (
              <li key={keyword} className="digest-push__row">
                <span className="digest-push__name">{keyword}</span>
                <button
                  type="button"
                  className="sub-button"
                  disabled={busy === `k:${keyword}`}
                  onClick={() => void unmute(keyword)}
                >
                  {T.unmute}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="digest-push__group">
        <h3 className="digest-push__heading">{T.alerts}</h3>
        {alerts === null ? null : alerts.length === 0 ? (
          <p className="sub-field__hint">{T.alertsNone}</p>
        ) : (
          <ul className="digest-push__list" aria-label={T.alerts}>
            {alerts.map((alert) => (
              <li key={alert.id} className="digest-push__row" data-paused={alert.paused ? '' : undefined}>
                <span className="digest-push__name">
                  <Link
                    to={`${STATIC_ROUTES.searchPage.path}?${new URLSearchParams({
                      search: alert.query,
                      ...(alert.tn === 'all' ? {} : { tab: alert.tn }),
                    }).toString()}`}
                    aria-label={T.openSearch(alert.query)}
                  >
                    {alert.query}
                  </Link>
                  <span className="digest-push__tag">{T.alertTab[alert.tn] ?? alert.tn}</span>
                  {alert.paused === 1 && (
                    <span className="digest-push__tag digest-push__tag--muted">{T.alertPaused}</span>
                  )}
                </span>
                <span className="digest-push__actions">
                  <button
                    type="button"
                    className="sub-button"
                    disabled={busy === `a:${alert.id}`}
                    onClick={() => void togglePause(alert)}
                  >
                    {alert.paused ? T.resume : T.pause}
                  </button>
                  <button
                    type="button"
                    className="sub-button"
                    aria-label={T.removeAlert(alert.query)}
                    disabled={busy === `a:${alert.id}`}
                    onClick={() => void remove(alert)}
                  >
                    {T.removeLabel}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
