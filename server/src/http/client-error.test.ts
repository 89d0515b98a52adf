import { connect } from 'node:net';
import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';
import { securityHeaders } from './security.ts';

type RawReply = { status: number; headers: Record<string, string>; body: string };

/** Sends `request` bytes as they are over a real connection and reads the reply until the server closes. */
function rawRequest(port: number, request: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe.each(testDatabases())('replies Node writes before a request exists, on %s', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectEnvelope = (reply: RawReply, status: number, message: string) => {
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
    expect(JSON.parse(reply.body)).toEqual({ code: -1, message, data: null });
    for (const [name, value] of Object.entries(securityHeaders())) {
      expect(reply.headers[name], name).toBe(value);
    }
  };

  it('answers an over-long URL with 431, the envelope in Chinese and the security headers', async () => {
    const reply = await rawRequest(
      port,
      `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: portal\r\n\r\n`,
    );
    expectEnvelope(reply, 431, MSG.requestTooLong);
  });

  it('answers an over-long header the same way', async () => {
    const reply = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: portal\r\nX-Padding: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(reply, 431, MSG.requestTooLong);
  });

  it('answers bytes that are not HTTP with 400 请求参数错误', async () => {
    const reply = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expectEnvelope(reply, 400, MSG.badRequest);
  });

  it('still serves an ordinary request on the same server', async () => {
    const reply = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: portal\r\nConnection: close\r\n\r\n',
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 0 });
  });
});
