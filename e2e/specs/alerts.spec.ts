import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { listOutbox, waitForMailTo, type OutboxMessage } from '../../server/src/platform/mail/read-outbox.ts';
import { apiPost } from '../src/api.ts';
import {
  DEMO_ADMIN,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  newContext,
  screenshot,
  sessionFor,
  useSession,
  type Viewport,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';
import { forgedToken } from '../../server/src/modules/unsubscribe/forged-token.fixture.ts';

const run = promisify(execFile);
const repoRoot = new URL('../..', import.meta.url).pathname;
const PHONE = '13900000071';
const EMAIL = 'alerts71@example.com';
const KEYWORD = '新能源汽车';
const QUERY = '钠离子电池';

let portal: PortalServer;
let browser: Browser;
let adminToken: string;

/** `npm run digest` against the running portal's data folder, as an operator would. */
async function runDigest(): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'server/src/scripts/digest.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: portal.dataDir,
      PUBLIC_URL: portal.url,
      LOG_LEVEL: 'silent',
    },
  });
}

/** A headline published now, through the back-office as an editor would add it. */
const addHeadline = (title: string) =>
  apiPost(portal, adminToken, '/api/admin/headlines', {
    title,
    content: `<p>${title}。据行业协会统计，相关企业本周披露了新的产能与订单情况。</p>`,
    source: '测试快讯',
  });

/** The digest HTML as a mail client shows it, at a width. */
async function showMail(mail: OutboxMessage, width: number, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.setContent(mail.html || '', { waitUntil: 'load' });
  await screenshot(page, name);
  return page;
}

/** A page of the test user once onboarded (the API login's cookies still say not onboarded). */
async function onboardedPage(viewport: Viewport): Promise<Page> {
  const context = await newContext(browser, portal, viewport);
  const session = await sessionFor(portal, PHONE);
  await useSession(context, portal, { ...session, user_company_type_status: 1, set_keyword_status: 1 });
  return context.newPage();
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  adminToken = (await sessionFor(portal, DEMO_ADMIN)).token;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('subscription preview, search alerts and a digest that says why', () => {
  it('previews a keyword and saves it; subscribes a search; the digest says why; 不再接收 mutes a keyword for the next digest', async () => {
    const fresh = '新能源汽车出口同比大增';
    await addHeadline(fresh);
    await addHeadline(`${QUERY}量产线投产`);

    // Onboarding: choosing a keyword shows what it matched over the last week, before saving.
    const page = await loggedInPage(browser, portal, DESKTOP, PHONE);
    await page.goto('/login_keyword');
    await page.getByRole('radio', { name: '媒体' }).check();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('checkbox', { name: KEYWORD }).check();
    const row = page.getByTestId(`preview-${KEYWORD}`);
    await row.getByText(/近7天 [1-9]\d* 条/).waitFor();
    await row.locator('summary').click();
    await row.getByRole('link', { name: fresh }).waitFor();
    await page.getByLabel('接收邮箱').fill(EMAIL);
    await page.getByRole('button', { name: '进入平台' }).click();
    await page.waitForURL('**/homepage');

    // 订阅此搜索 on the results of a search.
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(QUERY)}`);
    await page.getByRole('button', { name: '订阅此搜索' }).click();
    await page.locator('.search-alert').getByRole('status').filter({ hasText: '已订阅此搜索' }).waitFor();
    await screenshot(page, 'alerts-search-subscribed-1440');
    const phone = await onboardedPage(MOBILE);
    await phone.goto(`/searchpage/searchpage?search=${encodeURIComponent('储能')}`);
    await phone.getByRole('button', { name: '订阅此搜索' }).waitFor();
    await screenshot(phone, 'alerts-search-button-390');

    // The digest: the keyword's section and the alert's, each item saying why it is there.
    const before = (await listOutbox(portal.dataDir)).at(-1);
    await runDigest();
    const mail = await waitForMailTo(
      portal.dataDir,
      EMAIL,
      before === undefined ? {} : { newerThan: before },
    );
    expect(mail.text).toContain(`【${KEYWORD}】`);
    expect(mail.text).toContain(`【搜索订阅：${QUERY}】`);
    expect(mail.text).toContain(`命中搜索订阅「${QUERY}」：【${QUERY}】量产线投产`);
    expect(mail.text).toMatch(new RegExp(`查看全部 [1-9]\\d* 条：${portal.url}/headlines\\?keyword=`));
    const shown = await showMail(mail, 1440, 'alerts-digest-html-1440');
    await shown.getByRole('heading', { name: `搜索订阅：${QUERY}` }).waitFor();
    expect(await shown.locator('b', { hasText: QUERY }).count()).toBeGreaterThan(0);
    await showMail(mail, 390, 'alerts-digest-html-390');

    // 查看全部 opens /headlines narrowed to the keyword.
    const all =
      new RegExp(`查看全部 \\d+ 条：(${portal.url}/headlines\\?keyword=\\S+)`).exec(mail.text)?.[1] ?? '';
    await page.goto(all);
    await page.getByText(`只看「${KEYWORD}」`).waitFor();

    // 不再接收 from the e-mail, logged out: the page names the keyword, the button mutes it.
    const mute = new RegExp(`不再接收「${KEYWORD}」：(\\S+)`).exec(mail.text)?.[1] ?? '';
    expect(mute.startsWith(`${portal.url}/digest_mute?token=`)).toBe(true);
    const visitor = await (await newContext(browser, portal, MOBILE)).newPage();
    await visitor.goto(mute);
    await visitor.locator('.unsubscribe__address', { hasText: KEYWORD }).waitFor();
    await visitor.getByRole('button', { name: '不再接收' }).click();
    await visitor.getByText(MSG.keywordMuted).waitFor();
    await screenshot(visitor, 'alerts-mute-done-390');
    const forged = await (await newContext(browser, portal, MOBILE)).newPage();
    const link = new URL(mute);
    link.searchParams.set('token', forgedToken(link.searchParams.get('token') ?? ''));
    await forged.goto(link.toString());
    await forged.getByText(MSG.muteLinkInvalid).waitFor();
    expect(await forged.getByRole('button', { name: '不再接收' }).count()).toBe(0);

    // /keyword_setting lists the muted keyword and the alert beside the keywords.
    await page.goto('/keyword_setting');
    await page.getByRole('list', { name: '已不再接收的关键词' }).getByText(KEYWORD).waitFor();
    await page.getByRole('list', { name: '搜索订阅' }).getByText(QUERY).waitFor();
    await page.getByRole('region', { name: '邮件推送' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'alerts-keyword-setting-1440');
    await phone.goto('/keyword_setting');
    await phone.getByRole('list', { name: '搜索订阅' }).getByText(QUERY).scrollIntoViewIfNeeded();
    await screenshot(phone, 'alerts-keyword-setting-390');

    // The next digest: today's was sent; date it a day back, as if sent yesterday (its cut-off
    // stays), then new headlines arrive. The muted keyword's is left out, the alert's is sent.
    const db = new Database(join(portal.dataDir, 'portal.db'));
    try {
      db.prepare(
        `UPDATE digests SET day = '2000-01-01' WHERE user_id = (SELECT id FROM users WHERE email = ?)`,
      ).run(EMAIL);
    } finally {
      db.close();
    }
    await addHeadline('新能源汽车下乡活动启动');
    await addHeadline(`${QUERY}储能项目签约`);
    const last = (await listOutbox(portal.dataDir)).at(-1) as string;
    await runDigest();
    const next = await waitForMailTo(portal.dataDir, EMAIL, { newerThan: last });
    expect(next.text).toContain(`${QUERY}储能项目签约`);
    expect(next.text).not.toContain('新能源汽车下乡活动启动');
    expect(next.text).not.toContain(`【${KEYWORD}】`);
  });
});
