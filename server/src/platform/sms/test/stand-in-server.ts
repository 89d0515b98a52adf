import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest = { method: string; url: URL; headers: IncomingMessage['headers']; body: Buffer };
export type StandInReply = { status: number; body: unknown };

/**
 * A provider stand-in on 127.0.0.1: every request is recorded and answered by `answer`, which
 * the provider-specific stand-ins build from a signature check and the reply a test chose.
 */
export async function startStandIn(answer: (request: StandInRequest) => StandInReply) {
  const requests: StandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one value of a header (node joins repeats; the SDKs send each once). */
export function header(request: StandInRequest, name: string): string {
  const v = request.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}
