import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loggedInPage, MOBILE, screenshot } from '../src/browser.ts';
import { adminAndReader, settled, tableRow } from '../src/admin-pages.ts';

const s = adminAndReader();

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
    const before = await homeSlides(s.reader);
    const title = before[0]?.replace(/^第 \d+ 张，共 \d+ 张：/, '') ?? '';
    expect(title).not.toBe('');

    await s.admin.goto('/admin/banners');
    const banner = tableRow(s.admin, title);
    await banner.getByText('展示中').waitFor();
    await banner.getByRole('button', { name: '停用' }).click();
    const confirm = s.admin.locator('.ant-modal-confirm');
    await confirm.getByText('首页轮播立即不再显示它').waitFor();
    await confirm.getByRole('button', { name: '停用' }).click();
    await banner.getByText('已停用').waitFor();

    const after = await homeSlides(s.reader);
    expect(after).toHaveLength(before.length - 1);
    expect(after.join('\n')).not.toContain(title);

    const phone = await loggedInPage(s.browser, s.portal, MOBILE, DEMO_ADMIN);
    await phone.goto('/admin/banners');
    await tableRow(phone, title).getByText('已停用').waitFor();
    await settled(phone);
    await screenshot(phone, 'admin-banners-390');
    await phone.context().close();
  });
});
