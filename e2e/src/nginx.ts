import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SITE_CONF = new URL('../../deploy/nginx.conf', import.meta.url).pathname;

export type Nginx = {
  /** https://127.0.0.1:port — the TLS front end. */
  url: string;
  /** http://127.0.0.1:port — the redirecting plain-http server. */
  httpUrl: string;
  port: number;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
};

/**
 * Debian's nginx in front of `upstream` (host:port), running the shipped `deploy/nginx.conf`
 * with only its addresses and certificate paths changed, as a child process (not a daemon) with
 * its own prefix, temp folders and a throw-away self-signed certificate for 127.0.0.1.
 */
export async function startNginx(upstream: string): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  writeFileSync(join(dir, 'site.conf'), siteConf({ dir, upstream, httpsPort, httpPort }));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp));
  }
  const errorLog = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // As root, workers would otherwise run as nobody, who cannot read this private folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-e', errorLog, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const errors = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '') + stderr;

  const deadline = Date.now() + 10_000;
  while (!(await tlsAnswers(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    port: httpsPort,
    errors,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** deploy/nginx.conf on test addresses; fails if the file no longer has what it replaces. */
function siteConf(o: { dir: string; upstream: string; httpsPort: number; httpPort: number }): string {
  const replacements: [string | RegExp, string][] = [
    ['server 127.0.0.1:3000;', `server ${o.upstream};`],
    [/^ *listen \[::\]:80;\n/m, ''],
    [/^ *listen \[::\]:443 ssl http2;\n/m, ''],
    ['listen 80;', `listen 127.0.0.1:${o.httpPort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${o.httpsPort} ssl http2;`],
    ['/etc/letsencrypt/live/portal.example.com/fullchain.pem', join(o.dir, 'cert.pem')],
    ['/etc/letsencrypt/live/portal.example.com/privkey.pem', join(o.dir, 'key.pem')],
  ];
  let text = readFileSync(SITE_CONF, 'utf8');
  for (const [from, to] of replacements) {
    const next = text.replace(from, to);
    if (next === text) {
      throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
    }
    text = next;
  }
  return text;
}

/** The application protocol TLS negotiates on `port` when the client offers h2 and http/1.1, or null when nothing answers. */
export function negotiatedProtocol(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port,
      rejectUnauthorized: false,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    socket.once('secureConnect', () => {
      const protocol = socket.alpnProtocol;
      socket.destroy();
      resolve(typeof protocol === 'string' ? protocol : null);
    });
    socket.once('error', () => resolve(null));
  });
}

async function tlsAnswers(port: number): Promise<boolean> {
  return (await negotiatedProtocol(port)) !== null;
}

export type RawReply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/**
 * One https request to the self-signed front end, from `localAddress` (any 127.x.y.z: on Linux
 * the whole 127/8 is this machine, so each address is a different client to nginx). The body
 * is returned as sent on the wire: not decompressed.
 */
export function httpsRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
  } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
