import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';

/**
 * A stand-in for the WeChat API on 127.0.0.1 (WX_API_BASE): `POST /cgi-bin/stable_token`
 * checks appid/secret and hands out numbered tokens valid for `expires_in` 7200 s;
 * `POST /wxa/getwxacodeunlimit?access_token=` answers a PNG for a live token (distinct per
 * scene), `{errcode: 40001}` for any other token, or a chosen JSON error — WeChat's reply shapes.
 */
export async function startWechatStandIn(app: { appId: string; secret: string }) {
  const state = {
    token: '',
    tokenCalls: 0,
    /** Set to make every code request fail with this JSON reply. */
    codeError: null as { errcode: number; errmsg: string } | null,
  };
  const codeRequests: { token: string; body: Record<string, unknown> }[] = [];
  const served = new Map<string, Buffer>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        const json = (value: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' });
          res.end(JSON.stringify(value));
        };
        if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
          state.tokenCalls++;
          if (
            body.appid !== app.appId ||
            body.secret !== app.secret ||
            body.grant_type !== 'client_credential'
          ) {
            return json({ errcode: 40013, errmsg: 'invalid appid' });
          }
          state.token = `TOKEN-${state.tokenCalls}`;
          return json({ access_token: state.token, expires_in: 7200 });
        }
        if (req.method === 'POST' && url.pathname === '/wxa/getwxacodeunlimit') {
          const token = url.searchParams.get('access_token') ?? '';
          codeRequests.push({ token, body });
          if (token !== state.token) {
            return json({
              errcode: 40001,
              errmsg: 'invalid credential, access_token is invalid or not latest',
            });
          }
          if (state.codeError) {
            return json(state.codeError);
          }
          const png = await QRCode.toBuffer(`mini:${String(body.scene)}`, { type: 'png', width: 64 });
          served.set(String(body.scene), png);
          res.writeHead(200, { 'content-type': 'image/png' });
          return res.end(png);
        }
        res.writeHead(404);
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    state,
    codeRequests,
    /** The PNG handed out for `scene`. */
    served,
    /** WeChat renewed the token elsewhere: the one callers hold is refused from now on. */
    rotateToken() {
      state.token = `ROTATED-${state.tokenCalls}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
