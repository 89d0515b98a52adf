import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { DESKTOP, launchChromium, MOBILE, newContext, screenshot, type Viewport } from '../src/browser.ts';
import { runDigest } from '../src/digest.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/**
 * The newcomer's walk (issue 22): a person who has never signed in reaches every screen they
 * need through the product itself — login and onboarding, home, search, a report (favourite and
 * note), favourites, notes, subscription settings, then the next morning's e-mail: a headline
 * link opened while logged out, unsubscribing, and subscribing again. Desktop and phone walk at
 * once (one digest run serves both).
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

type Walker = {
  page: Page;
  phone: string;
  email: string;
  shot: string;
  codeSentAt: number;
  lastCode: string;
};

/** The server allows one SMS code per phone per 60 s (as for a person). */
const SMS_RESEND_MS = 61_000;

async function logIn(w: Walker): Promise<void> {
  const { page } = w;
  await page.getByLabel('手机号').fill(w.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  w.codeSentAt = Date.now();
  await page.getByRole('button', { name: /\d+s后重新获取/ }).waitFor();
  // The log may not hold the new code yet: wait until it differs from the last one used.
  let code = await portal.smsCode(w.phone);
  while (code === w.lastCode) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    code = await portal.smsCode(w.phone);
  }
  w.lastCode = code;
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Login to logout on the first day: every step is reached through the page, as a person does. */
async function firstDay(w: Walker): Promise<void> {
  const { page } = w;
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/login');
  await logIn(w);

  // Onboarding: company type, a keyword and the receiving address, then the home page.
  await page.waitForURL('**/login_keyword');
  await page.getByRole('radio', { name: '媒体' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('checkbox', { name: '新能源汽车' }).check();
  await page.getByLabel('接收邮箱').fill(w.email);
  await page.getByRole('button', { name: '进入平台' }).click();
  await page.waitForURL('**/homepage');
  await page.getByRole('article').first().waitFor();
  await screenshot(page, `newcomer-home-${w.shot}`);

  // Search from the top bar, then open a report from its 报告 tab.
  const box = page.getByRole('searchbox', { name: '搜索', exact: true });
  await box.fill('新能源汽车');
  await box.press('Enter');
  await page.waitForURL(/\/searchpage\/searchpage\?search=/);
  await page.getByRole('list', { name: '搜索结果列表' }).getByRole('link').first().waitFor();
  await page.getByRole('tab', { name: '报告' }).click();
  const report = page.getByRole('list', { name: '搜索结果列表' }).getByRole('link').first();
  await report.waitFor();
  await report.click();
  await page.waitForURL(/\/report\/report_details\//);
  const phone = page.viewportSize()?.width === MOBILE.width;
  if (!phone) {
    // A hit opens the reader at the page that matched (on a phone: that page's image); close it.
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    await reader.getByRole('region', { name: '报告页面' }).waitFor();
    await screenshot(page, `newcomer-reader-${w.shot}`);
    await page.keyboard.press('Escape');
    await reader.waitFor({ state: 'detached' });
  }

  // Favourite it into the built-in folder.
  await page.getByRole('button', { name: /^(收藏|已收藏)$/ }).click();
  const dialog = page.getByRole('dialog', { name: '收藏到收藏夹' });
  await dialog.getByRole('button', { name: '收藏 自由收藏夹' }).click();
  await dialog.getByRole('button', { name: '移出 自由收藏夹' }).waitFor();
  await dialog.getByRole('button', { name: '关闭' }).click();

  // A note on it: the side panel on a desktop, a bottom sheet behind 笔记 on a phone.
  if (phone) {
    await page.getByRole('button', { name: '笔记', exact: true }).click();
  }
  const panel = page.getByRole('complementary', { name: '笔记面板' });
  await panel.getByRole('button', { name: '+ 新建笔记' }).click();
  await panel.getByRole('textbox', { name: '笔记内容' }).fill('新人第一条笔记');
  await panel.getByRole('button', { name: '保存' }).click();
  await panel.getByRole('list', { name: '笔记列表' }).getByText('新人第一条笔记').waitFor();
  await screenshot(page, `newcomer-report-${w.shot}`);

  // Favourites and notes list what was just kept, each leading back to the report.
  await page.goto('/collection');
  const folder = page.getByRole('list', { name: '收藏夹列表' }).getByRole('article', { name: '自由收藏夹' });
  await folder.getByText('1 个内容').waitFor();
  await page.goto('/notes');
  await page.getByText('新人第一条笔记').first().waitFor();

  // Subscription settings from the avatar menu, then log out the same way.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '订阅设置' }).click();
  await page.waitForURL('**/keyword_setting');
  await page.getByTestId('receiving-email').getByText(w.email).waitFor();
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The next morning: the digest's headline link while logged out, then unsubscribe and resubscribe. */
async function nextMorning(w: Walker): Promise<void> {
  const { page } = w;
  const mail = await waitForMailTo(portal.dataDir, w.email);
  const headline = /(http:\/\/\S+\/headlines\/headlines_details\/\d+\?id=\d+)/.exec(mail.text)?.[1] ?? '';
  const unsubscribe = /(http:\/\/\S+\/unsubscribe\?from_where=email&token=\S+)/.exec(mail.text)?.[1] ?? '';
  expect(headline.startsWith(portal.url)).toBe(true);
  expect(unsubscribe.startsWith(portal.url)).toBe(true);
  const target = headline.slice(portal.url.length);

  // Logged out, the link goes to the login page naming the headline, and the login lands on it.
  await page.goto(headline);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, w.codeSentAt + SMS_RESEND_MS - Date.now())));
  await logIn(w);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
  await page.getByRole('region', { name: '头条正文' }).waitFor();
  await screenshot(page, `newcomer-headline-${w.shot}`);

  // The mail's 退订 link, then back to the settings the page points to, which subscribe again.
  await page.goto(unsubscribe);
  await page.getByRole('button', { name: '确认退订' }).click();
  await page.getByText(MSG.unsubscribed).waitFor();
  await page.getByRole('link', { name: '前往订阅设置' }).click();
  await page.waitForURL('**/keyword_setting');
  await page.getByRole('button', { name: '重新订阅' }).click();
  await page.getByText('已重新订阅，每天早上8点将为您发送订阅邮件').first().waitFor();
  await page.reload();
  await page.getByTestId('receiving-email').getByText(w.email).waitFor();
  expect(await page.getByRole('button', { name: '重新订阅' }).count()).toBe(0);
  await screenshot(page, `newcomer-resubscribed-${w.shot}`);
}

describe('the newcomer walk in Chromium', () => {
  it('goes from the first login to resubscribing without a dead end, at 1440 and 390 px', async () => {
    const walker = async (viewport: Viewport, n: number, shot: string): Promise<Walker> => ({
      page: await (await newContext(browser, portal, viewport)).newPage(),
      phone: `1390000077${n}`,
      email: `newcomer7${n}@example.com`,
      shot,
      codeSentAt: 0,
      lastCode: '',
    });
    const walkers = [await walker(DESKTOP, 1, '1440'), await walker({ ...MOBILE, touch: true }, 2, '390')];
    await Promise.all(walkers.map(firstDay));
    expect(await runDigest(portal)).toMatch(/已发送 [1-9]\d* 封/);
    await Promise.all(walkers.map(nextMorning));
    await Promise.all(walkers.map((w) => w.page.context().close()));
  }, 150_000);
});
