import { request, type Agent } from 'node:http';

/** One request of a load run: when it was fully sent, and how it ended. */
export type Outcome = {
  label: string;
  /** Date.now() when the whole request had been handed to the socket; null if it never was. */
  sentAt: number | null;
  status: number | null;
  /** The socket error (ECONNRESET, "socket hang up" …) when no response came. */
  error: string | null;
};

type Call = { label: string; method: 'GET' | 'POST'; path: string; body?: string };

/**
 * Sends one request on `agent` (keep-alive connections). With `holdBodyUntil`, only the head and
 * half the body go out at once and the rest when that promise settles: a request in flight for
 * as long as the caller likes.
 */
export function send(
  base: string,
  agent: Agent,
  headers: Record<string, string>,
  call: Call,
  holdBodyUntil?: Promise<unknown>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { label: call.label, sentAt: null, status: null, error: null };
    const body = Buffer.from(call.body ?? '');
    const req = request(`${base}${call.path}`, {
      method: call.method,
      agent,
      headers: {
        ...headers,
        ...(call.body ? { 'content-type': 'application/json' } : {}),
        'content-length': body.length,
      },
    });
    req.on('finish', () => {
      outcome.sentAt = Date.now();
    });
    req.on('response', (res) => {
      outcome.status = res.statusCode ?? null;
      res.resume();
      res.on('end', () => resolve(outcome));
      res.on('error', (error) => resolve({ ...outcome, error: error.message }));
    });
    req.on('error', (error: Error & { code?: string }) =>
      resolve({ ...outcome, error: error.code ?? error.message }),
    );
    if (holdBodyUntil && body.length > 1) {
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      void holdBodyUntil.then(() => req.end(body.subarray(half)));
    } else {
      req.end(body);
    }
  });
}

/** Search words for uncached, real work (each distinct query is a few milliseconds of the engine). */
const WORDS = [
  '新能源汽车',
  '动力电池',
  '跨境电商',
  '人工智能',
  '咖啡茶饮',
  '国潮',
  '宁德时代',
  '直播电商',
  '储能',
  '光伏',
];

/** The n-th call of a load loop: searches, the menu and the health probe, in turn. */
export function loadCall(n: number): Call {
  const a = WORDS[n % WORDS.length] ?? '';
  const b = WORDS[(n * 7 + 3) % WORDS.length] ?? '';
  switch (n % 4) {
    case 0:
    case 1:
      return {
        label: 'search',
        method: 'POST',
        path: '/api/search',
        body: JSON.stringify({ tn: 'all', keyword: `${a} ${b}`, page: 1 + (n % 5) }),
      };
    case 2:
      return { label: 'menu', method: 'GET', path: '/api/menu' };
    default:
      return { label: 'health', method: 'GET', path: '/api/health' };
  }
}

/**
 * Keeps `connections` keep-alive connections busy, one request after another on each, until
 * `stopSending` resolves; returns every outcome once all have ended.
 */
export async function runLoad(
  base: string,
  agent: Agent,
  headers: Record<string, string>,
  connections: number,
  stopSending: Promise<unknown>,
  /** Called with the number of answers so far after each one. */
  onAnswer: (answered: number) => void = () => {},
): Promise<Outcome[]> {
  let stopped = false;
  void stopSending.then(() => {
    stopped = true;
  });
  const outcomes: Outcome[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stopped) {
        outcomes.push(await send(base, agent, headers, loadCall(n++)));
        onAnswer(outcomes.length);
      }
    }),
  );
  return outcomes;
}
