/**
 * What the e2e portals seed: a smaller demo library keeps the one seeding per run short; every
 * other kind of content is seeded in full.
 */
export const SEED_ENV: Readonly<Record<string, string>> = { DEMO_REPORTS: '12' };

/** Settings that change what a first start seeds, or where: a portal given one seeds its own. */
const SEED_SETTINGS = ['DEMO_REPORTS', 'DEMO_SEED', 'DATABASE_URL', 'DATA_DIR'];

/** Whether a portal started with `env` can begin from the run's seeded copy. */
export function usesSeedTemplate(env: Record<string, string>): boolean {
  return !SEED_SETTINGS.some((name) => name in env && env[name] !== SEED_ENV[name]);
}
