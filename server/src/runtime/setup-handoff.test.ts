import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('cluster workers forked during set-up', () => {
  it('serve only once the primary has finished setting up; later workers at once', async () => {
    const fixture = new URL('./setup-handoff.fixture.ts', import.meta.url).pathname;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture], { timeout: 20_000 });
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => line.replace(/\d+ ms/, 'N ms'))).toEqual([
      'set-up finished',
      'early serving after N ms',
      'late serving after N ms',
    ]);
    // The early worker was forked at once and waited the whole set-up.
    expect(Number(/early serving after (\d+) ms/.exec(stdout)?.[1])).toBeGreaterThanOrEqual(1500);
  });
});
