#!/usr/bin/env node
// `npm start`: builds what changed since the last build (scripts/build-if-changed.mjs), then
// runs the server (server/dist/main.js) until it exits, passing signals on.
//
// On a fresh clone both builds are needed: the server bundle takes under a second, the web app
// ~12 s — and a first start then spends ~10 s setting up the database and generating the demo
// library, which does not need the web app. So the web build runs beside the server instead of
// before it: the server prepares and seeds the database, asks this script over the IPC channel
// whether the web build is done (PORTAL_AWAIT_WEB_BUILD=1, server/src/runtime/web-build-wait.ts)
// and starts serving only when it is. A failed web build stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { buildNeeded, recordBuild } from './build-if-changed.mjs';

const root = new URL('..', import.meta.url).pathname;
const SERVER = ['server/dist/main.js'];

const hash = buildNeeded();
/** @type {import('node:child_process').ChildProcess | undefined} */
let webBuild;
/** @type {import('node:child_process').ChildProcess} */
let server;
// The server keeps an IPC channel to this script: should this script die without passing a
// signal on (kill -9), the channel closes and the server stops (server/src/runtime/stop-with-parent.ts).
const SERVER_STDIO = /** @type {const} */ (['inherit', 'inherit', 'inherit', 'ipc']);
const SERVER_ENV = { ...process.env, PORTAL_STOP_WITH_PARENT: '1' };
if (hash === null) {
  console.log('build is up to date (sources unchanged since the last build)');
  server = spawn(process.execPath, SERVER, { cwd: root, stdio: SERVER_STDIO, env: SERVER_ENV });
} else {
  // What `npm run build --workspace server` runs, without npm's own start-up (~0.4 s) on the path
  // to a first start.
  const serverBuild = spawnSync(process.execPath, ['server/scripts/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) {
    process.exit(serverBuild.status ?? 1);
  }
  /** null while building, then whether the web build succeeded. */
  let webBuilt = null;
  let serverWaiting = false;
  const tellServer = () => {
    if (serverWaiting && webBuilt !== null && server.connected) {
      server.send({ type: 'web-build', ok: webBuilt });
    }
  };
  webBuild = spawn('npm', ['run', '-s', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
  server = spawn(process.execPath, SERVER, {
    cwd: root,
    stdio: SERVER_STDIO,
    env: { ...SERVER_ENV, PORTAL_AWAIT_WEB_BUILD: '1' },
  });
  // The server asks once its database is ready; a message sent before it listened would be lost.
  server.on('message', (message) => {
    if (message?.type === 'await-web-build') {
      serverWaiting = true;
      tellServer();
    }
  });
  webBuild.on('exit', (code) => {
    webBuild = undefined;
    webBuilt = code === 0;
    if (webBuilt) {
      recordBuild(hash);
    } else {
      console.error('npm start: the web build failed; stopping the server');
      server.kill('SIGTERM');
    }
    tellServer();
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    webBuild?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  webBuild?.kill('SIGTERM');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
