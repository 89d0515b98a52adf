import { fork } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const FIXTURE = new URL('./web-build-wait.fixture.ts', import.meta.url).pathname;

type Parent = 'ok' | 'failed' | 'goes away';

/**
 * Plays scripts/start.mjs: forks the fixture with an IPC channel, answers its question the way
 * npm start does once the web build ended, and returns what the "server" printed and its exit code.
 */
async function runWaiting(parent: Parent, env: NodeJS.ProcessEnv = { PORTAL_AWAIT_WEB_BUILD: '1' }) {
  const child = fork(FIXTURE, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const asked = new Promise<boolean>((resolve) => {
    child.on('message', (message: { type?: string }) => resolve(message.type === 'await-web-build'));
    child.on('exit', () => resolve(false));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (await asked) {
    // The build takes a while: the server must not serve before the answer.
    await new Promise((r) => setTimeout(r, 200));
    expect(out).toBe('');
    if (parent === 'goes away') {
      child.disconnect();
    } else {
      child.send({ type: 'web-build', ok: parent === 'ok' });
    }
  }
  const code = await exited;
  return { out: out.trim(), code };
}

describe('waiting for the web build of npm start', () => {
  it('serves once npm start says the web build is done, and clears the variable for workers', async () => {
    expect(await runWaiting('ok')).toEqual({ out: 'serving; env cleared', code: 0 });
  });

  it('stops when the web build failed', async () => {
    expect(await runWaiting('failed')).toEqual({ out: 'stopped: the web build failed', code: 1 });
  });

  it('stops when npm start goes away before the build ends', async () => {
    expect(await runWaiting('goes away')).toEqual({
      out: 'stopped: npm start stopped before the web build finished',
      code: 1,
    });
  });

  it('does not wait when started without npm start building the web app', async () => {
    expect(await runWaiting('ok', { PORTAL_AWAIT_WEB_BUILD: '' })).toEqual({
      out: 'serving; env cleared',
      code: 0,
    });
  });
});
