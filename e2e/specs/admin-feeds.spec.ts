import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { settled } from '../src/admin-pages.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/**
 * Two stories the local feed carries, dated now (the top of /headlines) and about the demo user's
 * keywords (动力电池, 新能源汽车: /headlines lists those); the first one's words are searched for.
 */
const STORIES = ['动力电池固态中试线在合肥投产', '新能源汽车钙钛矿车顶组件量产'] as const;

let feedServer: Server;
let feedUrl: string;
let portal: PortalServer;
let browser: Browser;
let admin: Page;
let reader: Page;

function rss(): string {
  const items = STORIES.map(
    (title, i) =>
      `<item><guid>e2e-${i}</guid><title>${title}</title><link>/news/${i}</link>` +
      `<description>&lt;p&gt;${title}，产业链上下游加快布局。&lt;/p&gt;</description>` +
      `<pubDate>${new Date(Date.now() - i * 1000).toUTCString()}</pubDate></item>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>本地</title>${items}</channel></rss>`;
}

beforeAll(async () => {
  // The feed the admin adds: served on loopback, which FEED_ALLOW_HOSTS lets the portal reach.
  feedServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss());
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/rss.xml`;
  portal = await startPortal({ FEED_ALLOW_HOSTS: '127.0.0.1' });
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
  reader = await loggedInPage(browser, portal, DESKTOP, DEMO_USER);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  feedServer?.closeAllConnections();
  await new Promise<void>((resolve) => (feedServer ? feedServer.close(() => resolve()) : resolve()));
});

describe('feed sources', () => {
  it('adds a local feed, refusing a private address first, polls it and shows the result', async () => {
    await admin.goto('/admin/feeds');
    await admin.getByText('还没有资讯源').waitFor();
    await admin.getByRole('button', { name: '添加资讯源' }).click();
    const drawer = admin.getByRole('dialog', { name: '添加资讯源' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('订阅地址格式不对，请以http://或https://开头').waitFor();
    await drawer.getByText('名称不能为空').waitFor();

    await drawer.getByLabel(/订阅地址/).fill('http://10.0.0.1/rss');
    await drawer.getByLabel(/名称/).fill('本地测试源');
    await drawer.getByRole('button', { name: '保存' }).click();
    await admin.getByText('该地址指向本机或内网，出于安全原因不能抓取').waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-feeds-drawer-1440');
    await drawer.getByLabel(/订阅地址/).fill(feedUrl);
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = admin.getByRole('row').filter({ hasText: '本地测试源' });
    await row.getByText('未抓取').waitFor();
    await row.getByRole('button', { name: '立即抓取' }).click();
    await admin.getByText('抓取完成：新增 2 条，更新 0 条，跳过 0 条').waitFor();
    await row.getByText('成功').waitFor();
    await row.getByText('2 / 0 / 0').waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-feeds-1440');

    // A second poll finds nothing new.
    await row.getByRole('button', { name: '立即抓取' }).click();
    await admin.getByText('抓取完成：新增 0 条，更新 0 条，跳过 0 条').waitFor();

    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    await phone.goto('/admin/feeds');
    await phone.getByRole('row').filter({ hasText: '本地测试源' }).waitFor();
    await settled(phone);
    await screenshot(phone, 'admin-feeds-390');
    await phone.context().close();
  });

  it('the reader finds the new headlines on /headlines and in search, under the feed name', async () => {
    await reader.goto('/headlines');
    const list = reader.getByRole('list', { name: '商业头条' });
    await list.getByRole('article').first().waitFor();
    const text = (await list.textContent()) ?? '';
    expect(text).toContain(STORIES[0]);
    expect(text).toContain(STORIES[1]);
    expect(text).toContain('本地测试源');

    await reader.goto(`/searchpage/searchpage?search=${encodeURIComponent('动力电池固态中试线')}`);
    const results = reader.getByRole('list', { name: '搜索结果列表' });
    await results.getByRole('article').first().waitFor();
    expect(await results.textContent()).toContain(STORIES[0]);
  });
});
