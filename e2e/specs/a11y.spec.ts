import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../src/axe.ts';
import {
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  newContext,
  sessionFor,
  DEMO_USER,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/**
 * Accessibility of every main screen (issue 20's aim): axe-core's WCAG A/AA rules report no serious
 * or critical violation, at desktop and phone widths, logged in as the demo user (login signed out).
 */
let portal: PortalServer;
let browser: Browser;
const screens: Record<string, string> = {};

async function firstId(token: string, tn: string): Promise<string> {
  const res = await fetch(`${portal.url}/api/search`, {
    method: 'POST',
    headers: { token, source: '1', 'content-type': 'application/json' },
    body: JSON.stringify({ tn, psort: 'new', page: 1, page_size: 1 }),
  });
  return ((await res.json()) as { data: { data: { _id: string }[] } }).data.data[0]!._id;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  const { token } = await sessionFor(portal, DEMO_USER);
  Object.assign(screens, {
    home: '/homepage',
    search: `/searchpage/searchpage?search=${encodeURIComponent('新能源汽车')}`,
    headlines: '/headlines',
    headline_detail: `/headlines/headlines_details/${await firstId(token, 'business')}`,
    reports: '/report',
    report_detail: `/report/report_details/${await firstId(token, 'report')}`,
    topics: '/analysis',
    topic_detail: `/analysis/analysis_details/${await firstId(token, 'insight')}`,
    materials: '/material',
    organisations: '/organ',
    favourites: '/collection',
    notes: '/notes',
    keyword_setting: '/keyword_setting',
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The screen once its data has arrived: no request in flight and no skeleton left. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, [aria-busy="true"]'), null, {
    timeout: 15_000,
  });
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('axe on every main screen (%s)', (_label, viewport) => {
  it('login (signed out)', async () => {
    const context = await newContext(browser, portal, viewport);
    const page = await context.newPage();
    await settled(page, '/login');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('every signed-in screen', async () => {
    const page = await loggedInPage(browser, portal, viewport);
    const found: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(screens)) {
      await settled(page, path);
      const violations = await seriousAxeViolations(page);
      if (violations.length) {
        found[name] = violations;
      }
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});
