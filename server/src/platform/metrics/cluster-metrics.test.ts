import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./cluster-metrics.fixture.ts', import.meta.url));

describe('metrics in a cluster', () => {
  it('a scrape of one worker returns the counts of every worker, summed', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    // Worker 0 counted 1 request, worker 1 counted 2.
    expect(run.stdout).toMatch(
      /^portal_http_requests_total\{method="GET",route="\/api\/fixture",status="200"\} 3$/m,
    );
  });
});
