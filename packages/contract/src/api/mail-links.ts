import type { TDigestMuteInfo, ZDigestMuteToken } from '../alerts.ts';
import type {
  TUnsubscribeInfo,
  ZUnsubscribeInfoQuery,
  ZUnsubscribeQuery,
  ZUnsubscribeRequest,
} from '../digest.ts';
import type { z } from 'zod';
import type { TRawReply } from './endpoint.ts';
import { get, post } from './endpoint.ts';

/**
 * The links of the daily digest's e-mail (issue 6): unsubscribing and 不再接收 of one keyword or
 * alert. Open to visitors: a signed token names the user (without one, the session's user).
 */
export const mailLinksApi = {
  /** Whose digest the link stops and whether it still goes out. */
  unsubscribeInfo: get('/api/unsubscribe/info')
    .takes<z.input<typeof ZUnsubscribeInfoQuery>>()
    .returns<TUnsubscribeInfo>(),
  /** The List-Unsubscribe URL opened as a link: a redirect to the /unsubscribe page (a GET never unsubscribes). */
  unsubscribeLink: get('/api/unsubscribe').takes<z.input<typeof ZUnsubscribeQuery>>().returns<TRawReply>(),
  /** JSON `{token?, from_where}`, or a mail client's RFC 8058 one-click form POST (token in the query). */
  unsubscribe: post('/api/unsubscribe')
    .takes<z.input<typeof ZUnsubscribeRequest> | undefined>()
    .returns<TUnsubscribeInfo>(),
  /** What the digest's 不再接收 link would stop. */
  muteInfo: get('/api/digest/mute/info').takes<z.input<typeof ZDigestMuteToken>>().returns<TDigestMuteInfo>(),
  mute: post('/api/digest/mute').takes<z.input<typeof ZDigestMuteToken>>().returns<TDigestMuteInfo>(),
};
