import cluster, { type Worker } from 'node:cluster';
import { askParent, isMessageOf } from './ask-parent.ts';

/**
 * The primary of a cluster forks its server workers before its set-up is over (they load their
 * code and build their app while the demo library is still being generated, instead of after
 * it); a worker then asks here, and starts loading the search dictionary and serving only once
 * the primary says set-up has finished. A worker forked after that is answered at once.
 */
export function createSetupHandoff() {
  let finished = false;
  const waiting = new Set<Worker>();
  const answer = (worker: Worker) => {
    if (worker.isConnected()) {
      worker.send({ type: 'setup-finished' });
    }
  };
  return {
    /** Listens to a newly forked worker's question. */
    attach(worker: Worker): void {
      worker.on('message', (message: unknown) => {
        if (!isMessageOf(message, 'setup-finished?')) {
          return;
        }
        if (finished) {
          answer(worker);
        } else {
          waiting.add(worker);
          worker.once('exit', () => waiting.delete(worker));
        }
      });
    },
    /** Set-up is over: every worker waiting may serve. */
    finish(): void {
      finished = true;
      for (const worker of waiting) {
        answer(worker);
      }
      waiting.clear();
    },
  };
}

/**
 * In a cluster worker: resolves once the primary has finished setting the database up (see
 * createSetupHandoff). Elsewhere — a single server process, tests — at once. Never resolves if
 * the primary goes away first: the worker's orphan watchdog ends it (runtime/serve.ts).
 */
export async function setupFinished(): Promise<void> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) {
    return;
  }
  if ((await askParent(send, { type: 'setup-finished?' }, 'setup-finished')) === 'disconnected') {
    await new Promise<never>(() => {});
  }
}
