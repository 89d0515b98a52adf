import { useSearchParams } from 'react-router';
import { MSG, STATIC_ROUTES, type TDigestMuteInfo } from '@portal/contract';
import { digestMuteApi } from '../alertsApi.ts';
import { MailLinkConfirm } from '../components/MailLinkConfirm.tsx';
import { MUTE_TEXT as T } from '../muteTexts.ts';

/**
 * 不再接收 (/digest_mute?token=): a digest section's link. The signed token names the user and
 * the keyword or search alert, so it works logged out. The one button mutes the keyword or
 * pauses the alert; a forged or stale token shows the server's words and changes nothing.
 * Undone on /keyword_setting.
 */
export function DigestMutePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const load = () => digestMuteApi.info(token);
  return (
    <MailLinkConfirm<TDigestMuteInfo>
      texts={T}
      queryKey={['mail-link', 'mute', token]}
      load={load}
      act={() => digestMuteApi.mute(token)}
      isDone={(info) => Boolean(info.muted)}
      loadFailure={MSG.muteLinkInvalid}
      subject={(info) => ({ label: info.kind === 'alert' ? T.alert : T.keyword, value: info.label })}
      explain={(info) => (info.kind === 'alert' ? T.explainAlert : T.explainKeyword)}
      doneNow={(info) => (info.kind === 'alert' ? MSG.alertPaused : MSG.keywordMuted)}
      loginTo={`${STATIC_ROUTES.login.path}?redirect=${encodeURIComponent(STATIC_ROUTES.keywordSetting.path)}`}
    />
  );
}
