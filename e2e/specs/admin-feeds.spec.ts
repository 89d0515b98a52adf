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
  sessionFor,
} from '../src/browser.ts';
import { settled } from '../src/admin-pages.ts';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
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

function rss(stories: readonly string[] = STORIES, prefix = 'e2e'): string {
  const items = stories
    .map(
      (title, i) =>
        `<item><guid>${prefix}-${i}</guid><title>${title}</title><link>/${prefix}/news/${i}</link>` +
        `<description>&lt;p&gt;${title}，产业链上下游加快布局。&lt;/p&gt;</description>` +
        `<pubDate>${new Date(Date.now() - i * 1000).toUTCString()}</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>本地</title>${items}</channel></rss>`;
}

beforeAll(async () => {
  // The feed the admin adds: served on loopback, which FEED_ALLOW_HOSTS lets the portal reach.
  // /copy.xml: a second outlet carrying the first story under its own guid and link.
  feedServer = createServer((req, res) => {
    const body = req.url === '/copy.xml' ? rss([STORIES[0]], 'copy') : rss();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(body);
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

  it('one story from two sources is one card saying so, and its page lists the other source', async () => {
    const { token } = await sessionFor(portal, DEMO_ADMIN);
    const api = async (path: string, body?: object) => {
      const res = await fetch(`${portal.url}${path}`, {
        method: 'POST',
        headers: { token, source: '1', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const reply = (await res.json()) as {
        code: number;
        message: string;
        data: { id: number; added: number };
      };
      expect(reply.code, reply.message).toBe(0);
      return reply.data;
    };
    const { id } = await api('/api/admin/feeds', {
      url: feedUrl.replace('rss.xml', 'copy.xml'),
      name: '转载快讯',
    });
    expect((await api(`/api/admin/feeds/${id}/poll`)).added).toBe(1);

    await reader.goto(`/searchpage/searchpage?search=${encodeURIComponent('动力电池固态中试线')}`);
    const results = reader.getByRole('list', { name: '搜索结果列表' });
    const cards = results.getByRole('article', { name: STORIES[0] });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    await cards.getByText('2 个来源').waitFor();
    await settled(reader);
    await screenshot(reader, 'search-source-count-1440');
    await cards.getByRole('link', { name: STORIES[0] }).click();
    const others = reader.getByRole('region', { name: '其他 1 个来源的报道' });
    await others.waitFor();
    expect(await others.textContent()).toContain('转载快讯');
    await settled(reader);
    await screenshot(reader, 'headline-other-sources-1440');

    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_USER);
    await phone.goto(reader.url().replace(portal.url, ''));
    await phone.getByRole('region', { name: '其他 1 个来源的报道' }).waitFor();
    await settled(phone);
    await screenshot(phone, 'headline-other-sources-390');
    await phone.context().close();
  });

  it('the next digest includes them', async () => {
    // Today's digest, as the back-office's 立即发送今日摘要 runs it; the demo user subscribes to
    // 动力电池 and 新能源汽车 at user1@example.com, and gets no digest until now.
    const { token } = await sessionFor(portal, DEMO_ADMIN);
    const res = await fetch(`${portal.url}/api/admin/mail/run-today`, {
      method: 'POST',
      headers: { token, source: '1' },
    });
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code, body.message).toBe(0);
    const mail = await waitForMailTo(portal.dataDir, 'user1@example.com', { timeoutMs: 30_000 });
    const text = `${mail.text ?? ''} ${typeof mail.html === 'string' ? mail.html : ''}`;
    expect(text).toContain(STORIES[0]);
    expect(text).toContain(STORIES[1]);
  });
});
