import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TextDecoder } from 'node:util';

export type FeedRoute = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A feed server for tests on 127.0.0.1 (FEED_ALLOW_HOSTS=127.0.0.1 lets the fetcher reach it):
 * routes by path, counts requests per path, and closes even with hanging responses.
 */
export async function startFeedServer(routes: Record<string, FeedRoute> = {}) {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) {
      route(req, res);
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    routes,
    hits: (path: string) => hits.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** Answers `body` with `type` (and optional headers). */
export const serve =
  (
    body: string | Buffer,
    type = 'application/rss+xml; charset=utf-8',
    headers: Record<string, string> = {},
  ): FeedRoute =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, ...headers }).end(body);
  };

let gbkTable: Map<string, Buffer> | undefined;

/** Encodes text as GB18030/GBK two-byte codes (ASCII as is), by inverting Node's decoder. */
export function encodeGbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) {
          continue;
        }
        const bytes = Buffer.from([lead, trail]);
        const char = decoder.decode(bytes);
        if (!gbkTable.has(char)) {
          gbkTable.set(char, bytes);
        }
      }
    }
  }
  const table = gbkTable;
  return Buffer.concat(
    [...text].map((c) => {
      if (c.charCodeAt(0) < 0x80) {
        return Buffer.from(c, 'latin1');
      }
      const bytes = table.get(c);
      if (!bytes) {
        throw new Error(`no GBK code for ${c}`);
      }
      return bytes;
    }),
  );
}
