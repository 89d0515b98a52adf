import type { TClassifierReply } from '@portal/contract';
import { callProvider, ProviderError } from '../../platform/http-call.ts';

/** Results asked of the model; the viewer filters them by its threshold slider. */
export const CLASSIFIER_TOP_NUM = 10;

/**
 * Baidu BML / EasyDL image classification: POST JSON `{image: <base64>, top_num}` to the
 * model's endpoint (with `?access_token=` when one is configured); the reply is
 * `{log_id, results: [{name, score}]}` or `{error_code, error_msg}`.
 */
export async function classifyImage(
  endpoint: string,
  accessToken: string,
  image: Uint8Array,
): Promise<TClassifierReply> {
  const url = new URL(endpoint);
  if (accessToken !== '' && !url.searchParams.has('access_token')) {
    url.searchParams.set('access_token', accessToken);
  }
  const res = await callProvider('classifier', url.toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ image: Buffer.from(image).toString('base64'), top_num: CLASSIFIER_TOP_NUM }),
  });
  const body = (await res.json().catch(() => null)) as {
    results?: unknown;
    error_code?: unknown;
    error_msg?: unknown;
  } | null;
  if (!body || !Array.isArray(body.results)) {
    throw new ProviderError(
      'classifier',
      `error ${String(body?.error_code ?? 'no results')}: ${String(body?.error_msg ?? '')}`,
    );
  }
  const results = body.results.flatMap((r: unknown) => {
    const { name, score } = (r ?? {}) as { name?: unknown; score?: unknown };
    return typeof name === 'string' && typeof score === 'number' && Number.isFinite(score)
      ? [{ name, score }]
      : [];
  });
  return { results };
}
