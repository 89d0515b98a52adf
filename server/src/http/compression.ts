import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Replies smaller than this go out as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli quality for replies compressed per request. Measured on search replies (6–24 KB):
 * quality 5 is 16–17 % smaller than 4 (and than gzip -6) for ~0.03–0.07 ms more, paid once per
 * cached page; 6 is no smaller. Quality 11 is kept for the web build, compressed at build time.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/** Text types only: PDFs, images and fonts are compressed formats already. */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Bigger buffers are left to @fastify/compress's stream path, off the event loop. */
const SYNC_MAX_BYTES = 256 * 1024;

type Encoding = 'br' | 'gzip';

/**
 * Compressed forms of reply buffers, kept while the buffer lives: a cached search or list page
 * goes out as the same bytes every time (`okJson`), so it is compressed once per encoding, not
 * on every request. A one-off buffer and its compressed forms are collected together.
 */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * Brotli or gzip, by the client's Accept-Encoding, for text replies of at least 1 KiB, with
 * `Vary: Accept-Encoding` on every text reply (a shared cache must not hand a compressed body to
 * a client that did not ask for it). Must be registered before the routes it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own per-route hook, which leaves a reply that has an encoding alone.
  app.addHook('onSend', async (request, reply, payload) => compressBuffer(request, reply, payload));
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

function compressBuffer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPES.test(type)) {
    return payload;
  }
  addVary(reply);
  if (
    !Buffer.isBuffer(payload) ||
    payload.length < COMPRESS_MIN_BYTES ||
    payload.length > SYNC_MAX_BYTES ||
    reply.statusCode === 206 ||
    reply.hasHeader('content-encoding')
  ) {
    return payload;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    return payload;
  }
  let forms = compressedForms.get(payload);
  if (!forms) {
    compressedForms.set(payload, (forms = {}));
  }
  const body = (forms[encoding] ??= compress(payload, encoding));
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

function compress(payload: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
        },
      })
    : gzipSync(payload, { level: GZIP_LEVEL });
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (current === '') {
    reply.header('vary', 'accept-encoding');
  } else if (current !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) {
    reply.header('vary', `${current}, accept-encoding`);
  }
}

/** br when the client takes it, else gzip, else none (q=0 refuses a coding; `*` stands for any). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const quality = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') {
      continue;
    }
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    quality.set(name, q ? Number(q[1]) : 1);
  }
  const accepts = (coding: Encoding) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) {
    return 'br';
  }
  return accepts('gzip') ? 'gzip' : null;
}
