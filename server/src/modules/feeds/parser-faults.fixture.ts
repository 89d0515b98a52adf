import { parentPort } from 'node:worker_threads';
import { parseFeedJob } from './feed-parse.ts';
import type { FromParser, ToParser } from './feed-parse-pool.ts';

/**
 * A parser thread for feeds-parser-threads.test.ts with the two faults a real one can meet,
 * on cue: at /stall it never answers (a pathological feed keeping the parser busy), at /die it
 * dies (an uncaught error ends the thread, as a native fault would). Every other feed is
 * parsed by the real parseFeedJob.
 */
const port = parentPort;
if (!port) {
  throw new Error('parser-faults.fixture.ts runs as a worker thread');
}
port.on('message', (message: ToParser) => {
  const path = new URL(message.job.url).pathname;
  if (path === '/stall') {
    for (;;) {
      // busy until the pool's time-out stops the thread
    }
  }
  if (path === '/die') {
    setImmediate(() => {
      throw new Error('parser thread crashed');
    });
    return;
  }
  const send = (reply: FromParser) => port.postMessage(reply);
  const parsed = parseFeedJob(message.job, (items) => send({ type: 'items', id: message.id, items }));
  send({ type: 'done', id: message.id, parsed });
});
port.postMessage({ type: 'ready' } satisfies FromParser);
