import cluster from 'node:cluster';
import { createSetupHandoff, setupFinished } from './setup-handoff.ts';

// Run by setup-handoff.test.ts as a cluster primary: one worker forked during "set-up", one
// after it; each reports to the primary when setupFinished() resolves. Prints what happened.
if (cluster.isWorker) {
  await setupFinished();
  process.send?.({ type: 'serving' });
  process.disconnect?.();
} else {
  const handoff = createSetupHandoff();
  const started = performance.now();
  const fork = (name: string) =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork();
      handoff.attach(worker);
      worker.on('message', (message: { type?: string }) => {
        if (message.type === 'serving') {
          console.log(`${name} serving after ${Math.round(performance.now() - started)} ms`);
          resolve();
        }
      });
    });
  const early = fork('early');
  // Set-up takes a while; the early worker must wait for it.
  await new Promise((r) => setTimeout(r, 1500));
  console.log('set-up finished');
  handoff.finish();
  await early;
  await fork('late');
}
