import type { PortalServer } from './server.ts';

/** Calls the portal's API as the web client does (token + source headers), for test set-up. */
export async function apiPost<T>(
  portal: PortalServer,
  token: string,
  path: string,
  body: unknown,
): Promise<T> {
  const r = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { token, source: '1', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await r.json()) as { code: number; message: string; data: T };
  if (reply.code !== 0) {
    throw new Error(`${path}: ${reply.message}`);
  }
  return reply.data;
}

export type Hit = { _id: string; _index: string; _source: { title: string; anal_data_ext?: string } };

/** One page of a list, as the list screens ask for it. */
export async function listHits(
  portal: PortalServer,
  token: string,
  tn: string,
  pageSize = 50,
): Promise<Hit[]> {
  const reply = await apiPost<{ data: Hit[] }>(portal, token, '/api/search', {
    tn,
    page_size: pageSize,
    psort: 'new',
  });
  return reply.data;
}
