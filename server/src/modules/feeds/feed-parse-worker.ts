import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../platform/threads/background-priority.ts';
import { indexTokens, loadUserWords } from '../../search/segmenter.ts';
import { simhash } from '../headline-clusters/simhash.ts';
import { NotAFeedError, parseFeedJob } from './feed-parse.ts';
import type { FromParser, ToParser } from './feed-parse-pool.ts';

/**
 * A feed parser thread (feed-parse-pool.ts): decoding, feedsmith, sanitising, hashing, jieba
 * and SimHash for one fetched feed at a time, off the server's event loop. This thread has its
 * own jieba; the catalogue's user words come with each job, so its tokens match the index's.
 */
const port = parentPort;
if (!port) {
  throw new Error('feed-parse-worker.ts runs as a worker thread');
}
const send = (message: FromParser) => port.postMessage(message);
// Parsing runs beside the server's event loop on the same cores: the loop comes first.
lowerThisThreadsPriority();

port.on('message', (message: ToParser) => {
  try {
    loadUserWords(message.userWords);
    const parsed = parseFeedJob(message.job, (items) => {
      for (const item of items) {
        item.doc.dictId = message.dictId;
      }
      send({ type: 'items', id: message.id, items });
    });
    send({ type: 'done', id: message.id, parsed });
  } catch (error) {
    send({
      type: 'failed',
      id: message.id,
      notAFeed: error instanceof NotAFeedError,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});

// jieba's dictionary and the IDF table load on first use (~0.5 s): before the first job, whose
// time-out then measures the feed, not the thread's start.
indexTokens('预热');
simhash('预热', '');
send({ type: 'ready' });
