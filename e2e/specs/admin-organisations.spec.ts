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
  sessionFor,
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

/** An uncertified demo organisation, as the user's directory lists it. */
async function uncertifiedOrgan(): Promise<{ company_id: string; name: string }> {
  const { token } = await sessionFor(portal, DEMO_USER);
  const r = await fetch(`${portal.url}/api/company/list?page=1&page_size=50`, {
    headers: { token, source: '1' },
  });
  const cards = (
    (await r.json()) as { data: { data: { company_id: string; name: string; is_certification: number }[] } }
  ).data.data;
  const found = cards.find((c) => c.is_certification === 0);
  if (!found) {
    throw new Error('no uncertified demo organisation');
  }
  return found;
}

/** The titles of the home carousel's slides, as screen readers hear them. */
async function homeSlides(page: Page): Promise<string[]> {
  await page.goto('/homepage');
  const slides = page.locator('[aria-roledescription="slide"]');
  await slides.first().waitFor({ state: 'attached' });
  return slides.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

describe('back-office organisations and banners in Chromium', () => {
  it('certifying an organisation turns its claim dialog into the contact form for users', async () => {
    const organ = await uncertifiedOrgan();
    await reader.goto(`/organ/organDetail/${organ.company_id}`);
    await reader.getByRole('button', { name: '认领机构' }).waitFor();
    expect(await reader.getByRole('button', { name: '联系我们' }).count()).toBe(0);

    await admin.goto('/admin/organisations');
    await admin.getByPlaceholder('搜索机构名称').fill(organ.name);
    await admin.getByPlaceholder('搜索机构名称').press('Enter');
    await admin.waitForURL(/keyword=/);
    await tableRow(admin, organ.name).getByText('未认证').waitFor();
    await tableRow(admin, organ.name).getByRole('button', { name: '编辑' }).click();
    const drawer = admin.getByRole('dialog').filter({ hasText: `编辑机构：${organ.name}` });
    await expect.poll(() => drawer.getByLabel('机构名称').inputValue()).toBe(organ.name);
    const certified = drawer.getByRole('switch', { name: '已认证' });
    expect(await certified.getAttribute('aria-checked')).toBe('false');
    await certified.click();
    await settled(admin);
    await screenshot(admin, 'admin-organisation-drawer-1440');
    await drawer.getByRole('button', { name: '保存' }).click();
    await admin.getByText('保存成功').first().waitFor();
    await tableRow(admin, organ.name).getByText('已认证').waitFor();

    await reader.reload();
    await reader.getByRole('button', { name: '联系我们' }).waitFor();
    expect(await reader.getByRole('button', { name: '认领机构' }).count()).toBe(0);
  });

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
