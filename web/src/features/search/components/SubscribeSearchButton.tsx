import { useState } from 'react';
import { Link } from 'react-router';
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { Icon } from '../../../components/icon/Icon.tsx';
import { ALERT_TABS, STATIC_ROUTES, alertsApi, type TAlertTab } from '@portal/contract';
import { call } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { SEARCH_TEXT } from '../texts.ts';
import './SubscribeSearchButton.css';

const isAlertTab = (tab: string): tab is TAlertTab => (ALERT_TABS as readonly string[]).includes(tab);

/**
 * 订阅此搜索: saves the query and the tab shown as a search alert, whose new results the daily
 * digest sends. Listed, paused and deleted on /keyword_setting. Tabs the digest cannot follow
 * offer no button.
 */
export function SubscribeSearchButton({ query, tab }: { query: string; tab: string }) {
  const [state, setState] = useState<{ key: string; kind: 'busy' | 'done' } | null>(null);
  const key = `${tab}\n${query}`;
  // Another search or tab starts afresh.
  const current = state?.key === key ? state.kind : 'idle';
  if (!isAlertTab(tab)) {
    return null;
  }

  const subscribe = async () => {
    setState({ key, kind: 'busy' });
    try {
      await call(alertsApi.create, { query, tn: tab });
      notify.success(SEARCH_TEXT.subscribed);
      setState({ key, kind: 'done' });
    } catch {
      // The client has shown the server's words (已订阅此搜索, the limit…).
      setState(null);
    }
  };

  return (
    <div className="search-alert">
      {current === 'done' ? (
        <>
          <span className="search-alert__done" role="status">
            <Icon icon={CheckOutlined} /> {SEARCH_TEXT.subscribed}
          </span>
          <Link className="search-alert__manage" to={STATIC_ROUTES.keywordSetting.path}>
            {SEARCH_TEXT.manageAlerts}
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            className="search-alert__button"
            disabled={current === 'busy'}
            onClick={() => void subscribe()}
          >
            <Icon icon={BellOutlined} />{' '}
            {current === 'busy' ? SEARCH_TEXT.subscribing : SEARCH_TEXT.subscribe}
          </button>
          <span className="search-alert__hint">{SEARCH_TEXT.subscribeHint}</span>
        </>
      )}
    </div>
  );
}
