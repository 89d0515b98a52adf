import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { DESKTOP, launchChromium, loggedInPage, MOBILE, newContext, screenshot } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

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

/** Logs a phone in through the login form, as a person does. */
async function uiLogin(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /\d+s后重新获取/ }).waitFor();
  await page.getByLabel('验证码').fill(await portal.smsCode(phone));
  await page.getByRole('button', { name: '登录' }).click();
}

const rowsText = async (page: Page) =>
  (await page.getByRole('list', { name: '商业头条' }).innerText()).trim();

describe('keyword subscriptions in Chromium', () => {
  it('routes a new user to onboarding: company type with industry, keywords, custom keywords, then the portal', async () => {
    const context = await newContext(browser, portal, DESKTOP);
    const page = await context.newPage();
    await uiLogin(page, '13900000061');
    await page.waitForURL('**/login_keyword');

    // Step 1: the type is required, and 品牌方 also needs an industry.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('为推送更优质资讯，请选择公司类型').waitFor();
    await page.getByRole('radio', { name: '品牌方' }).check();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('请选择所在行业').waitFor();
    await page.getByRole('radio', { name: '美妆个护' }).check();
    await screenshot(page, 'subscriptions-onboarding-step1-1440');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: at least one keyword and a valid e-mail.
    await page.getByRole('checkbox', { name: '新能源汽车' }).waitFor();
    await page.getByRole('button', { name: '进入平台' }).click();
    await page.getByText('请选择订阅关键词！').waitFor();
    await page.getByText('请填写正确邮箱！').waitFor();
    await page.getByRole('checkbox', { name: '新能源汽车' }).check();
    await page.getByRole('checkbox', { name: '跨境电商' }).check();

    const addBox = page.getByRole('textbox', { name: '自定义关键词' });
    for (const keyword of ['露营经济', '预制菜', '银发经济', '低空经济']) {
      await addBox.fill(keyword);
      await page.getByRole('button', { name: '添加', exact: true }).click();
    }
    await addBox.fill('预制菜');
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await page.getByText('关键词已存在').waitFor();
    await addBox.fill('谷子经济');
    await addBox.press('Enter');
    // The fifth custom keyword is in: the add control is gone.
    await page.getByRole('button', { name: '删除关键词 谷子经济' }).waitFor();
    expect(await page.getByRole('textbox', { name: '自定义关键词' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '添加', exact: true }).count()).toBe(0);
    // Removing one brings it back.
    await page.getByRole('button', { name: '删除关键词 低空经济' }).click();
    await page.getByRole('textbox', { name: '自定义关键词' }).waitFor();

    await page.getByLabel('接收邮箱').fill('new61@example');
    await page.getByRole('button', { name: '进入平台' }).click();
    await page.getByText('请填写正确邮箱！').waitFor();
    await page.getByLabel('接收邮箱').fill('new61@example.com');
    await screenshot(page, 'subscriptions-onboarding-step2-1440');
    await page.getByRole('button', { name: '进入平台' }).click();
    await page.waitForURL('**/homepage');
    await page.getByRole('navigation', { name: '主导航' }).waitFor();

    // What was saved shows on the settings page.
    await page.goto('/keyword_setting');
    await page.getByTestId('receiving-email').getByText('new61@example.com').waitFor();
    expect(await page.getByRole('radio', { name: '美妆个护' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '跨境电商' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '删除关键词 谷子经济' }).waitFor();
    await context.close();
  });

  it('changes the receiving e-mail with a code read from the outbox', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/keyword_setting');
    await page.getByTestId('receiving-email').getByText('user1@example.com').waitFor();
    await page.getByRole('button', { name: '更换邮箱' }).click();
    const dialog = page.getByRole('dialog', { name: '更换接收邮箱' });
    await dialog.waitFor();

    await dialog.getByLabel('新邮箱').fill('not-an-address');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('请输入正确的邮箱').waitFor();

    await dialog.getByLabel('新邮箱').fill('user1-new@example.com');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const countdown = dialog.getByRole('button', { name: /\d+s后重新获取/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const seconds = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(seconds).toBeGreaterThanOrEqual(58);
    expect(seconds).toBeLessThanOrEqual(60);

    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入验证码！').waitFor();
    const mail = await waitForMailTo(portal.dataDir, 'user1-new@example.com');
    const code = /验证码为：(\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('验证码').fill(code ?? '');
    await screenshot(page, 'subscriptions-change-email-1440');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('receiving-email').getByText('user1-new@example.com').waitFor();

    // Saved on the server: a reload shows the new address.
    await page.reload();
    await page.getByTestId('receiving-email').getByText('user1-new@example.com').waitFor();
    await page.context().close();
  });

  it('on /headlines toggles a keyword off: the list reloads without it, and it stays off', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/headlines');
    const keyword = page.getByRole('switch', { name: '新能源汽车' });
    await keyword.waitFor();
    expect(await keyword.getAttribute('aria-checked')).toBe('true');
    const rows = page.getByRole('list', { name: '商业头条' }).getByRole('article');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rowsText(page)).toContain('新能源汽车');
    await screenshot(page, 'subscriptions-headlines-1440');

    // Load more: the next 20.
    await page.getByRole('button', { name: '加载更多' }).click();
    await rows.nth(20).waitFor();
    expect(await rows.count()).toBeGreaterThan(20);

    const listReloaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/business/list') && (r.request().postData() ?? '').includes('新能源汽车'),
    );
    await keyword.click();
    const reply = await listReloaded;
    expect(JSON.parse(reply.request().postData() ?? '{}')).toMatchObject({
      page: 1,
      subscribe_keyword: ['新能源汽车'],
    });
    await page.waitForFunction(
      () =>
        document.querySelector('[role="switch"][aria-label="新能源汽车"]')?.getAttribute('aria-checked') ===
        'false',
    );
    await rows.first().waitFor();
    expect(await rowsText(page)).not.toContain('新能源汽车');
    expect(await rows.count()).toBeLessThanOrEqual(20);

    // 最热 keeps the exclusion too.
    const hotReply = page.waitForResponse(
      (r) => r.url().endsWith('/api/business/list') && (r.request().postData() ?? '').includes('"hot"'),
    );
    await page.getByRole('tab', { name: '最热' }).click();
    expect(JSON.parse((await hotReply).request().postData() ?? '{}')).toMatchObject({
      page: 1,
      psort: 'hot',
      subscribe_keyword: ['新能源汽车'],
    });
    await page.waitForFunction(
      () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === '最热',
    );
    await rows.first().waitFor();
    expect(await rowsText(page)).not.toContain('新能源汽车');

    await page.reload();
    await page.getByRole('switch', { name: '新能源汽车' }).waitFor();
    expect(await page.getByRole('switch', { name: '新能源汽车' }).getAttribute('aria-checked')).toBe('false');
    await rows.first().waitFor();
    expect(await rowsText(page)).not.toContain('新能源汽车');

    // Back on: its headlines return.
    await page.getByRole('switch', { name: '新能源汽车' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="switch"][aria-label="新能源汽车"]')?.getAttribute('aria-checked') ===
        'true',
    );
    await page.waitForFunction(() =>
      (document.querySelector('ol[aria-label="商业头条"]')?.textContent ?? '').includes('新能源汽车'),
    );
    await page.context().close();
  });

  it('edits the keywords from /headlines: a new keyword joins the sidebar and the list', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/headlines');
    await page.getByRole('switch', { name: '咖啡茶饮' }).waitFor();
    expect(await page.getByRole('switch', { name: '光伏' }).count()).toBe(0);
    await page.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑订阅关键词' });
    await dialog.getByRole('checkbox', { name: '光伏' }).check();
    await dialog.getByRole('checkbox', { name: '咖啡茶饮' }).uncheck();
    await screenshot(page, 'subscriptions-keyword-edit-1440');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: '光伏' }).waitFor();
    expect(await page.getByRole('switch', { name: '咖啡茶饮' }).count()).toBe(0);
    await page.waitForFunction(() =>
      (document.querySelector('ol[aria-label="商业头条"]')?.textContent ?? '').includes('光伏'),
    );
    await page.context().close();
  });

  it('lays out onboarding and /headlines at 390 px', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto('/headlines');
    await page.getByRole('list', { name: '商业头条' }).getByRole('article').first().waitFor();
    await screenshot(page, 'subscriptions-headlines-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/login_keyword');
    await page.getByRole('radio', { name: '品牌方' }).check();
    await screenshot(page, 'subscriptions-onboarding-390');
    await page.goto('/keyword_setting');
    await page.getByRole('button', { name: '更换邮箱' }).waitFor();
    await screenshot(page, 'subscriptions-setting-390');
    await page.context().close();
  });
});
