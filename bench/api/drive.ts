import autocannon from 'autocannon';
import { pageHeaders } from '../web/page-portal.ts';
import type { Scenario } from './scenarios.ts';

/** Drives one scenario with autocannon as the web client calls (token + source headers), or as a browser opens a page. */
export function drive(
  url: string,
  token: string,
  s: Scenario,
  load: { connections: number; duration: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: url + s.path,
    method: s.method,
    ...load,
    headers: s.page ? pageHeaders(token) : { token, source: '1', 'content-type': 'application/json' },
    ...(s.body === undefined ? {} : { body: JSON.stringify(s.body) }),
    ...(s.nextBody === undefined
      ? {}
      : {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: JSON.stringify(s.nextBody?.()),
              }),
            },
          ],
        }),
  });
}
