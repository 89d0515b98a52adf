import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowHostsFrom, isBlockedAddress } from './address-policy.ts';
import { decodeFeed } from './decode.ts';
import { FeedFetchError } from './feed-fetch-error.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import { encodeGbk, serve, startFeedServer, type FeedServer } from './test-feed-server.ts';

const allowLocal: SafeFetchOptions = { allowHosts: allowHostsFrom(['127.0.0.1']) };

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedFetchError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('feed address policy', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and IPv6 local ranges, not public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '114.114.114.114', '2606:4700:4700::1111']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });
});

describe('safeFetch against a local server', () => {
  let s: FeedServer;
  beforeAll(async () => {
    s = await startFeedServer({
      '/ok': serve('<rss/>', 'application/rss+xml', {
        etag: '"v1"',
        'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT',
      }),
      '/conditional': (req, res) => {
        if (req.headers['if-none-match'] === '"v1"') {
          res.writeHead(304).end();
        } else {
          res.writeHead(200, { etag: '"v1"', 'content-type': 'text/xml' }).end('<rss/>');
        }
      },
      '/gzip': (_req, res) => {
        res
          .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/xml' })
          .end(gzipSync('<rss>压缩</rss>'));
      },
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' }).end();
      },
      '/hop': (_req, res) => {
        res.writeHead(301, { location: '/ok' }).end();
      },
      '/to-private': (_req, res) => {
        res.writeHead(302, { location: 'http://10.0.0.5/feed' }).end();
      },
      '/to-ftp': (_req, res) => {
        res.writeHead(302, { location: 'ftp://127.0.0.1/feed' }).end();
      },
      '/500': (_req, res) => {
        res.writeHead(500).end('boom');
      },
      '/hang': () => {
        // never answers
      },
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/xml' });
        for (let i = 0; i < 20; i++) {
          res.write('x'.repeat(1000));
        }
        res.end();
      },
    });
  });
  afterAll(() => s.close());

  it('reads a feed and its validators', async () => {
    const res = await safeFetch(`${s.base}/ok`, allowLocal);
    expect(res.notModified).toBe(false);
    if (!res.notModified) {
      expect(res.body.toString()).toBe('<rss/>');
      expect(res.etag).toBe('"v1"');
      expect(res.lastModified).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    }
  });

  it('refuses 127.0.0.1 unless allow-listed, and sends nothing', async () => {
    const before = s.hits('/ok');
    const error = await failure(safeFetch(`${s.base}/ok`, { allowHosts: allowHostsFrom([]) }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('该地址指向本机或内网，出于安全原因不能抓取');
    expect(s.hits('/ok')).toBe(before);
  });

  it('refuses private and IPv6 loopback literals and non-http schemes before connecting', async () => {
    expect((await failure(safeFetch('http://10.0.0.1/feed', allowLocal))).kind).toBe('refused');
    expect((await failure(safeFetch(`http://[::1]:${s.port}/ok`, allowLocal))).kind).toBe('refused');
    expect((await failure(safeFetch('file:///etc/passwd', allowLocal))).message).toBe(
      '只支持 http 或 https 地址',
    );
  });

  it('refuses a name that resolves to a private address, and pins an allowed name to the checked address', async () => {
    const resolve = async () => ['127.0.0.1'];
    const refused = await failure(
      safeFetch(`http://feeds.internal:${s.port}/ok`, { allowHosts: allowHostsFrom([]), resolve }),
    );
    expect(refused.kind).toBe('refused');
    // Allow-listed by name: the connection goes to the address resolved once, not to a second answer.
    let calls = 0;
    const once = async () => {
      calls++;
      return calls === 1 ? ['127.0.0.1'] : ['10.9.9.9'];
    };
    const res = await safeFetch(`http://feeds.internal:${s.port}/ok`, {
      allowHosts: allowHostsFrom(['feeds.internal']),
      resolve: once,
    });
    expect(res.notModified).toBe(false);
    expect(calls).toBe(1);
  });

  it('follows a redirect, re-checks each hop and stops a loop', async () => {
    const res = await safeFetch(`${s.base}/hop`, allowLocal);
    expect(res.url).toBe(`${s.base}/ok`);
    expect((await failure(safeFetch(`${s.base}/to-private`, allowLocal))).kind).toBe('refused');
    expect((await failure(safeFetch(`${s.base}/to-ftp`, allowLocal))).kind).toBe('refused');
    const loop = await failure(safeFetch(`${s.base}/loop`, allowLocal));
    expect(loop.message).toBe('重定向次数过多');
    expect(s.hits('/loop')).toBe(4);
  });

  it('turns 404 and 500 into their status', async () => {
    expect((await failure(safeFetch(`${s.base}/missing`, allowLocal))).message).toBe('服务器返回 404');
    expect((await failure(safeFetch(`${s.base}/500`, allowLocal))).message).toBe('服务器返回 500');
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const started = Date.now();
    const error = await failure(safeFetch(`${s.base}/hang`, { ...allowLocal, timeoutMs: 300 }));
    expect(error.message).toBe('抓取超时');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a body over the cap while it streams', async () => {
    const error = await failure(safeFetch(`${s.base}/big`, { ...allowLocal, maxBytes: 5000 }));
    expect(error.kind).toBe('too_large');
    const res = await safeFetch(`${s.base}/big`, { ...allowLocal, maxBytes: 50_000 });
    expect(res.notModified || res.body.length).toBe(20_000);
  });

  it('sends the validators and reads nothing on 304', async () => {
    const first = await safeFetch(`${s.base}/conditional`, allowLocal);
    expect(first.notModified).toBe(false);
    const second = await safeFetch(`${s.base}/conditional`, { ...allowLocal, etag: '"v1"' });
    expect(second.notModified).toBe(true);
  });

  it('decompresses gzip', async () => {
    const res = await safeFetch(`${s.base}/gzip`, allowLocal);
    expect(res.notModified ? '' : decodeFeed(res.body, 'text/xml')).toBe('<rss>压缩</rss>');
  });
});

describe('decodeFeed', () => {
  it('honours the charset of the header, the XML declaration and a BOM', () => {
    const gbk = Buffer.concat([Buffer.from('<rss>'), encodeGbk('钠离子电池'), Buffer.from('</rss>')]);
    expect(decodeFeed(gbk, 'application/rss+xml; charset=GB18030')).toBe('<rss>钠离子电池</rss>');
    const declared = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="gbk"?><rss>'),
      encodeGbk('储能'),
      Buffer.from('</rss>'),
    ]);
    expect(decodeFeed(declared, 'text/xml')).toContain('<rss>储能</rss>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<rss>光伏</rss>', 'utf16le')]);
    expect(decodeFeed(utf16, 'text/xml; charset=gbk')).toBe('<rss>光伏</rss>');
    expect(decodeFeed(Buffer.from('<rss>默认</rss>'), 'text/xml; charset=no-such')).toBe('<rss>默认</rss>');
  });
});
