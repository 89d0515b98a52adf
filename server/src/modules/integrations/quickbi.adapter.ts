import type { TQuickBiTokenReply } from '@portal/contract';
import { callProvider, ProviderError } from '../../platform/http-call.ts';

export type QuickBiConfig = { tokenUrl: string; accessKey: string; accessSecret: string };

/**
 * A QuickBI embed ticket from the token service at QUICKBI_TOKEN_URL: POST JSON
 * `{access_key, access_secret}`, reply `{access_token, invalid_time}` (or the same under
 * `data`). The token service is the small bridge that signs Alibaba Cloud's
 * CreateTicket call with the account's keys (README.md); the web refreshes every 540 000 ms.
 */
export async function fetchQuickBiToken(config: QuickBiConfig): Promise<TQuickBiTokenReply> {
  const res = await callProvider('quickbi', config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_key: config.accessKey, access_secret: config.accessSecret }),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const data = (body && typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<
    string,
    unknown
  > | null;
  const token = data?.access_token;
  const invalid = Number(data?.invalid_time);
  if (typeof token !== 'string' || token === '' || !Number.isFinite(invalid)) {
    throw new ProviderError('quickbi', 'no access_token');
  }
  return { access_token: token, invalid_time: invalid };
}
