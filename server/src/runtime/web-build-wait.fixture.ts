import { webBuildFinished } from './web-build-wait.ts';

// Run with an IPC channel by web-build-wait.test.ts: waits as the server does before serving and
// says on stdout how the wait ended (and whether the variable is gone for cluster workers).
webBuildFinished().then(
  () => console.log(`serving; env ${process.env.PORTAL_AWAIT_WEB_BUILD || 'cleared'}`),
  (err: unknown) => {
    console.log(`stopped: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
