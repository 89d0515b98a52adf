import type { TAnalyticsOverview, TMailDeliveriesReply, TMailRunsReply } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import {
  DEMO_ADMIN,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { settled } from '../src/admin-pages.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let admin: Page;
let token: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
  token = (await sessionFor(portal, DEMO_ADMIN)).token;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function apiGet<T>(path: string): Promise<T> {
  const r = await fetch(`${portal.url}${path}`, { headers: { token, source: '1' } });
  const body = (await r.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

const statistic = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
const figure = async (page: Page, title: string) =>
  Number(((await statistic(page, title).textContent()) ?? '').replace(/,/g, ''));

describe('back-office mail and analytics', () => {
  it('数据统计 draws the demo figures the API reports, with the same figures in tables', async () => {
    const api = await apiGet<TAnalyticsOverview>('/api/admin/analytics/overview');
    // The demo install comes with a month of (made-up) history.
    expect(api.totals.searches).toBeGreaterThan(0);
    await admin.goto('/admin/analytics');
    await admin.locator('.admin-chart canvas').first().waitFor();
    await settled(admin);
    // Seven charts, and logins by method (phone, SSO, WeChat).
    expect(await admin.locator('.admin-chart canvas').count()).toBe(8);
    expect(await figure(admin, '活跃用户')).toBe(api.totals.active_users);
    expect(await figure(admin, '搜索次数')).toBe(api.totals.searches);
    expect(await figure(admin, '零结果搜索')).toBe(api.totals.zero_searches);
    expect(await figure(admin, '浏览')).toBe(api.totals.views);

    const top = admin.getByRole('region', { name: '热门搜索词' });
    const first = api.top_queries[0];
    const topRow = top
      .getByRole('row')
      .filter({ hasText: first?.query as string })
      .first();
    expect(await topRow.textContent()).toBe(`${first?.query}${first?.count}`);
    const types = admin.getByRole('region', { name: '各类内容的浏览、下载与收藏' });
    const report = api.by_type.find((b) => b.type === 'report');
    expect(await types.getByRole('row').filter({ hasText: '报告' }).textContent()).toBe(
      `报告${report?.views}${report?.downloads}${report?.favorites}`,
    );
    await screenshot(admin, 'admin-analytics-1440');

    // A narrower range from the address: the figures follow.
    const last = api.days[api.days.length - 1]?.day as string;
    const week = await apiGet<TAnalyticsOverview>(
      `/api/admin/analytics/overview?from=${api.days[api.days.length - 7]?.day}&to=${last}`,
    );
    await admin.goto(`/admin/analytics?from=${week.from}&to=${week.to}`);
    await expect.poll(() => figure(admin, '搜索次数')).toBe(week.totals.searches);

    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    await phone.goto('/admin/analytics');
    await phone.locator('.admin-chart canvas').first().waitFor();
    await settled(phone);
    await screenshot(phone, 'admin-analytics-390');
    await phone.context().close();
  });

  it('邮件 runs today’s digest from the button, shows the run, and 重发 puts the message in the outbox', async () => {
    await admin.goto('/admin/mail');
    await admin.getByRole('button', { name: '立即发送今日摘要' }).click();
    const dialog = admin.locator('.ant-modal-confirm');
    await dialog
      .locator('.ant-modal-confirm-content')
      .getByText('已收到今日摘要的用户不会重复收到')
      .waitFor();
    await dialog.getByRole('button', { name: '立即发送' }).click();
    await admin.getByText(/^已生成 \d+ 封，发送成功 \d+ 封/).waitFor({ timeout: 30_000 });

    const runs = await apiGet<TMailRunsReply>('/api/admin/mail/runs');
    const run = runs.data[0];
    expect(run).toMatchObject({ trigger: 'manual', status: 'planned', failed: 0 });
    // The demo accounts subscribe with an address and keywords that match demo headlines.
    expect(run?.sent).toBeGreaterThan(0);
    const row = admin
      .getByRole('row')
      .filter({ hasText: run?.day as string })
      .first();
    await expect.poll(() => row.textContent()).toContain('手动');
    expect(await row.textContent()).toContain(`已生成${run?.planned}${run?.sent}`);
    await screenshot(admin, 'admin-mail-runs-1440');

    await row.getByRole('button', { name: '查看投递' }).click();
    await admin.waitForURL(new RegExp(`tab=deliveries.*run_id=${run?.id}|run_id=${run?.id}.*tab=deliveries`));
    const deliveries = await apiGet<TMailDeliveriesReply>(`/api/admin/mail/deliveries?run_id=${run?.id}`);
    const target = deliveries.data.find((d) => d.email.startsWith('us'));
    expect(target?.status).toBe('sent');
    const line = admin.getByRole('row').filter({ hasText: target?.email as string });
    await line.waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-mail-deliveries-1440');

    const before = (await listOutbox(portal.dataDir)).at(-1);
    await line.getByRole('button', { name: '重发' }).click();
    const resendDialog = admin
      .locator('.ant-modal-confirm')
      .filter({ hasText: `重发摘要给 ${target?.email}？` });
    await resendDialog
      .locator('.ant-modal-confirm-btns')
      .getByRole('button', { name: /^重\s?发$/ })
      .click();
    await admin.getByText(`已重发至 ${target?.email}`).waitFor();
    const mail = await waitForMailTo(portal.dataDir, 'user1@example.com', { newerThan: before });
    expect(mail.subject).toMatch(/^【洞察门户】\d+月\d+日订阅速递：\d+条新头条$/);

    await admin.getByRole('tab', { name: '退订与停用' }).click();
    await admin.getByText('退订是用户本人的选择').waitFor();
  });
});
