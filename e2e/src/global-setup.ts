import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedTemplate } from './server.ts';

/** Seeds the demo library once for the whole e2e run (see `startPortal`). */
export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now();
  const dir = await seedTemplate();
  console.log(`e2e: demo library seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seedTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
