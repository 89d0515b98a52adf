import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../src/axe.ts';
import { DEMO_ADMIN, DESKTOP, launchChromium, loggedInPage, MOBILE } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/**
 * Accessibility of the back-office: every section its side menu offers (read from the menu, so a
 * new section is checked without touching this file) has no serious or critical axe violation,
 * with its list loaded, at desktop and phone widths, signed in as the demo admin.
 */
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]'),
    null,
    { timeout: 15_000 },
  );
}

/** The path of every section, found as a user finds it: each menu item clicked in turn (desktop menu). */
async function menuPaths(page: Page): Promise<string[]> {
  await settled(page, '/admin');
  for (const group of await page
    .locator('.admin-sider .ant-menu-submenu:not(.ant-menu-submenu-open)')
    .all()) {
    await group.locator('.ant-menu-submenu-title').click();
  }
  const paths: string[] = [];
  for (const item of await page.locator('.admin-sider .ant-menu-item').all()) {
    await item.click();
    paths.push(new URL(page.url()).pathname);
  }
  return [...new Set(paths)];
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('axe on every back-office section (%s)', (_label, viewport) => {
  it('every section of the menu', async () => {
    const desktop = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
    const paths = await menuPaths(desktop);
    await desktop.context().close();
    const page = await loggedInPage(browser, portal, viewport, DEMO_ADMIN);
    expect(paths.length).toBeGreaterThanOrEqual(10);
    const found: Record<string, unknown> = {};
    for (const path of paths) {
      await settled(page, path);
      const violations = await seriousAxeViolations(page);
      if (violations.length) {
        found[path] = violations;
      }
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});
