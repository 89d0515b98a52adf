import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, one project per workspace. `npm test` (scripts/test.mjs) picks which to run.
export default defineConfig({
  test: {
    // Half as many test files again as there are cores: a server test file spends much of its
    // time waiting (on PostgreSQL, child processes, sockets, timers), so one per core left a
    // core idle (2 cores, unit and API tests on both databases: 1,067 s with 2 at once, 618 s
    // with 3, 655 s with 4; 2026-12-02). The e2e project runs its files one at a time anyway.
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Each file gets its own database; files run in parallel on both cores.
          pool: 'forks',
          // Files share a worker's modules instead of importing the server afresh each: that
          // import was ~1.5 s a file, and the unit and API tests on both databases took 346 s
          // instead of 576 s (2 cores, 2026-12-02). The one process-wide state that changes
          // results, the segmenter's user words, is reset before each file.
          isolate: false,
          setupFiles: ['src/test/fresh-module-state.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Five seconds (the default) was too short for an antd form test when CI shared the
          // machine; a test that hangs still fails.
          testTimeout: 20_000,
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['specs/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser on a busy 2-core machine: 1 s (vitest's default) is too short to wait for
          // a PDF to load and lay out, and made CI fail at random.
          expect: { poll: { timeout: 10_000 } },
          // One more try for a test that fails on a loaded machine; a test that fails twice fails
          // the run, and the JSON report names every test that needed the second try.
          retry: 1,
          // One browser and one server per file, one file per core: a file spends much of its
          // time waiting on its browser and its portal, so one at a time left the cores ~30 %
          // idle (2 cores, 2026-12-02: 28 files in 848 s one at a time, 626 s two at once, no
          // test needing its second try).
          maxWorkers: availableParallelism(),
          // After the unit projects when one run holds both (vitest refuses two worker counts in
          // one group), so the browsers never compete with them for the cores.
          sequence: { groupOrder: 1 },
          // Seeds the demo library once; each spec's portal starts from a copy.
          globalSetup: ['src/global-setup.ts'],
        },
      },
    ],
  },
});
