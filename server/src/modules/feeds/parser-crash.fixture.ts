import { parentPort } from 'node:worker_threads';
import { parseFeedJob } from './feed-parse.ts';
import type { FromParser, ToParser } from './feed-parse-pool.ts';

/**
 * A parser thread for feeds-parser-threads.test.ts that dies the way a native fault or an
 * out-of-memory kill would (an uncaught error ends the thread) on feeds served at /die;
 * every other feed is parsed by the real parseFeedJob.
 */
const port = parentPort;
if (!port) {
  throw new Error('parser-crash.fixture.ts runs as a worker thread');
}
port.on('message', (message: ToParser) => {
  if (new URL(message.job.url).pathname === '/die') {
    setImmediate(() => {
      throw new Error('parser thread crashed');
    });
    return;
  }
  const reply: FromParser = { type: 'done', id: message.id, parsed: parseFeedJob(message.job) };
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies FromParser);
