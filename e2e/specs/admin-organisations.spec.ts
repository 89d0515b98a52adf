import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_USER,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
} from '../src/browser.ts';
import { settled, tableRow } from '../src/admin-pages.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let admin: Page;
let reader: Page;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
  reader = await loggedInPage(browser, portal, DESKTOP, DEMO_USER);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The titles of the home carousel's slides, as screen readers hear them. */
async function homeSlides(page: Page): Promise<string[]> {
  await page.goto('/homepage');
  const slides = page.locator('[aria-roledescription="slide"]');
  await slides.first().waitFor({ state: 'attached' });
  return slides.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

// Certifying an organisation and seeing the user's page change is part of admin-walk.spec.ts.
describe('back-office banners in Chromium', () => {
  it('disabling a banner takes it off the home carousel at the next visit', async () => {
    const before = await homeSlides(reader);
    const title = before[0]?.replace(/^第 \d+ 张，共 \d+ 张：/, '') ?? '';
    expect(title).not.toBe('');

    await admin.goto('/admin/banners');
    const banner = tableRow(admin, title);
    await banner.getByText('展示中').waitFor();
    await banner.getByRole('button', { name: '停用' }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText('首页轮播立即不再显示它').waitFor();
    await confirm.getByRole('button', { name: '停用' }).click();
    await banner.getByText('已停用').waitFor();

    const after = await homeSlides(reader);
    expect(after).toHaveLength(before.length - 1);
    expect(after.join('\n')).not.toContain(title);

    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    await phone.goto('/admin/banners');
    await tableRow(phone, title).getByText('已停用').waitFor();
    await settled(phone);
    await screenshot(phone, 'admin-banners-390');
    await phone.context().close();
  });
});
