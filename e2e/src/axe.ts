import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** `targets`: the offending nodes' selectors, each with axe's reason (e.g. the colours and their ratio). */
export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) in the page as it stands and returns the serious and
 * critical violations, each with the selectors of the offending nodes: what the aim counts.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Through the DevTools protocol: the portal's CSP (script-src 'self') rightly refuses an inline tag.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; any: { message: string }[] }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')} — ${n.any[0]?.message ?? ''}`.trim()),
      }));
  });
}
