import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHits, type Hit } from '../src/api.ts';
import {
  DEMO_USER,
  hydrated,
  launchChromium,
  loggedInPage,
  MOBILE,
  newContext,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/** A 1×1 PNG: a real image by its magic bytes, which is what the upload check reads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let portal: PortalServer;
let browser: Browser;
let model: Server;
let modelCalls = 0;
let token = '';

beforeAll(async () => {
  // A stand-in image model speaking the Baidu BML protocol: {image, top_num} → {results}.
  model = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { image } = JSON.parse(body) as { image: string };
      modelCalls += Buffer.from(image, 'base64').equals(PNG) ? 1 : 0;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          log_id: 1,
          results: [
            { name: '咖啡', score: 0.92 },
            { name: '茶饮', score: 0.35 },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/classify`;
  portal = await startPortal({ CLASSIFIER_URL: modelUrl, OLD_DOMAINS: 'old-portal.test' });
  browser = await launchChromium();
  token = (await sessionFor(portal, DEMO_USER)).token;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => model?.close(resolve));
});

const detailUrl = (hit: Hit, base: string) => `${base}/${hit._id}?id=${hit._id}&index=${hit._index}`;

describe('detail pages and readers in Chromium', () => {
  it('opens a report from search and reads it: thumbnails, page 5, zoom twice, download', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/searchpage/searchpage?search=' + encodeURIComponent('年度报告'));
    await page.getByRole('tab', { name: '报告' }).click();
    const results = page.getByRole('list', { name: '搜索结果列表' });
    await results.getByRole('article').first().waitFor();
    await results.getByRole('link').first().click();
    await page.waitForURL(/\/report\/report_details\/\d+/);

    await page.getByRole('button', { name: '阅读报告' }).click();
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    await reader.waitFor();
    const thumbnails = reader.getByRole('list', { name: '页面缩略图' }).getByRole('button');
    await thumbnails.first().waitFor();
    expect(await thumbnails.count()).toBeGreaterThanOrEqual(5);

    await reader.getByRole('textbox', { name: '页码' }).fill('5');
    await reader.getByRole('textbox', { name: '页码' }).press('Enter');
    await expect
      .poll(() => reader.getByRole('button', { name: '第 5 页', exact: true }).getAttribute('aria-current'))
      .toBe('page');

    const zoom = reader.getByRole('status', { name: '缩放比例' }).or(reader.locator('output'));
    const before = Number((await zoom.first().textContent())?.replace('%', ''));
    await reader.getByRole('button', { name: '放大' }).click();
    await reader.getByRole('button', { name: '放大' }).click();
    await expect
      .poll(async () => Number((await zoom.first().textContent())?.replace('%', '')))
      .toBe(before + 50);
    await screenshot(page, 'reader-1440');

    const download = page.waitForEvent('download');
    await reader.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await reader.getByRole('button', { name: '关闭' }).click();
    await reader.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('keeps a useful mark across reloads', async () => {
    const [report] = await listHits(portal, token, 'report', 5);
    if (!report) {
      throw new Error('no demo report');
    }
    const page = await loggedInPage(browser, portal);
    await page.goto(detailUrl(report, '/report/report_details'));
    const useful = page.getByRole('button', { name: /^(有用|已有用)$/ });
    await useful.waitFor();
    const pressedBefore = await useful.getAttribute('aria-pressed');
    await useful.click();
    await expect.poll(() => useful.getAttribute('aria-pressed')).not.toBe(pressedBefore);
    await page.reload();
    await useful.waitFor();
    expect(await useful.getAttribute('aria-pressed')).not.toBe(pressedBefore);
    await page.context().close();
  });

  it('lists 相关推荐 as short rows, two beside the note panel at 1440 px and one on a phone, each opening its item', async () => {
    const [topic] = await listHits(portal, token, 'insight', 1);
    if (!topic) {
      throw new Error('no demo insight topic');
    }
    for (const [viewport, columns] of [
      [undefined, 2],
      [MOBILE, 1],
    ] as const) {
      const page = await loggedInPage(browser, portal, viewport);
      await page.goto(detailUrl(topic, '/analysis/analysis_details'));
      const list = page.getByRole('list', { name: '相关推荐列表' });
      await list.waitFor();
      const boxes = await list
        .locator('article.related-item')
        .evaluateAll((rows) =>
          rows.map((row) => row.getBoundingClientRect()).map((r) => ({ left: r.left, height: r.height })),
        );
      expect(boxes.length).toBeGreaterThan(1);
      // A list card at 5:8 was ~630 px tall here; a row holds its thumbnail and three lines.
      expect(Math.max(...boxes.map((b) => b.height))).toBeLessThan(130);
      expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(columns);
      await screenshot(page, `related-${viewport ? 'mobile' : 'desktop'}`);
      const first = list.getByRole('heading', { level: 3 }).first();
      const title = (await first.textContent()) ?? '';
      await first.getByRole('link').click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(title);
      await page.context().close();
    }
  });

  it('shows page images instead of the reader on a 390 px phone', async () => {
    const [report] = await listHits(portal, token, 'report', 5);
    if (!report) {
      throw new Error('no demo report');
    }
    const page = await loggedInPage(browser, portal, MOBILE);
    const detailCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/detail') {
        detailCalls.push(request.url());
      }
    });
    await page.goto(detailUrl(report, '/report/report_details'));
    const pages = page.getByRole('region', { name: '报告页面' });
    await pages.getByRole('img', { name: '第 1 页' }).waitFor();
    await expect
      .poll(() =>
        pages.getByRole('img', { name: '第 1 页' }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '阅读报告' }).count()).toBe(0);
    // The report came inside the page's HTML: no detail call after the code (issue 20).
    expect(detailCalls).toEqual([]);
    // A page is a WebP copy at the phone's width, still behind the page's signed link.
    expect(
      await pages
        .getByRole('img', { name: '第 1 页' })
        .evaluate((img) => (img as HTMLImageElement).currentSrc),
    ).toMatch(/\/pages\/0001\.jpg\.w\d+\.webp\?exp=\d+&sig=/);
    await screenshot(page, 'report-detail-390');
    await page.context().close();
  });

  it('opens a headline with its body on the page and its QR code; the share link shows logged-out visitors a reduced page', async () => {
    const [headline] = await listHits(portal, token, 'business', 5);
    if (!headline) {
      throw new Error('no demo headline');
    }
    const page = await loggedInPage(browser, portal);
    await page.goto(detailUrl(headline, '/headlines/headlines_details'));
    await page.getByRole('heading', { name: headline._source.title }).waitFor();
    const qr = page.getByRole('img', { name: '扫码分享' });
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const body = page.getByRole('region', { name: '头条正文' });
    const frame = body.locator('iframe[title="头条正文"]');
    await frame.waitFor();
    // The frame grows to its text: the body reads as part of the page, not a box that scrolls.
    await expect
      .poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).contentDocument?.body.innerText.length ?? 0))
      .toBeGreaterThan(20);
    await expect
      .poll(() =>
        frame.evaluate((f) => {
          const doc = (f as HTMLIFrameElement).contentDocument;
          return doc ? Math.abs(f.getBoundingClientRect().height - doc.documentElement.scrollHeight) : 999;
        }),
      )
      .toBeLessThanOrEqual(2);
    expect(await body.getByRole('link', { name: '查看原文' }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'headline-detail-1440');
    await page.context().close();

    const anonymous = await newContext(browser, portal, MOBILE);
    const shared = await anonymous.newPage();
    await shared.goto(`/headlines_no_token/${headline._id}?id=${headline._id}&index=${headline._index}`);
    await shared.getByText('登录后查看完整内容').waitFor();
    await shared.getByRole('heading', { name: headline._source.title }).waitFor();
    expect(await shared.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    expect(await shared.title()).toContain(headline._source.title);
    await screenshot(shared, 'shared-headline-390');
    await shared.getByRole('link', { name: '立即登录' }).click();
    await shared.waitForURL(
      (url) =>
        url.pathname === '/login' &&
        (url.searchParams.get('redirect') ?? '').startsWith(`/headlines/headlines_details/${headline._id}?`),
    );
    await anonymous.close();
  });

  it('opens an insight topic of every viewer type and shows its content or a clear notice', async () => {
    const insights = await listHits(portal, token, 'insight', 50);
    const byViewer = new Map<string, Hit>();
    for (const hit of insights) {
      const ext = hit._source.anal_data_ext ?? '';
      if (!byViewer.has(ext)) {
        byViewer.set(ext, hit);
      }
    }
    expect([...byViewer.keys()].sort()).toEqual([
      'baidu_ai',
      'excel',
      'pdf',
      'powerbi',
      'quickbi',
      'tableau',
      'word',
    ]);
    const page = await loggedInPage(browser, portal);
    for (const [ext, hit] of byViewer) {
      await page.goto(`${detailUrl(hit, '/analysis/analysis_details')}&anal_type=${ext}`);
      const viewer = page.getByRole('region', { name: '专题内容' });
      await viewer.waitFor();
      expect(await viewer.getAttribute('data-viewer'), ext).toBe(ext);
      if (ext === 'excel') {
        await viewer.getByRole('tablist', { name: '工作表' }).waitFor();
      }
      if (ext === 'excel') {
        await viewer.getByRole('table').first().waitFor();
      }
      if (ext === 'word') {
        await viewer.locator('iframe[title="文档内容"]').waitFor();
      }
      // A service this portal has not connected shows one designed state (what it is, a preview,
      // how to connect it) instead of a blank or broken frame.
      const notConnected = (name: string) => viewer.getByRole('heading', { name: `${name}尚未接入` });
      if (ext === 'tableau') {
        await notConnected('Tableau 数据看板').waitFor();
      }
      if (ext === 'quickbi') {
        await notConnected('QuickBI 数据看板').waitFor();
      }
      if (ext === 'powerbi') {
        await viewer.locator('iframe[title="数据看板"]').or(notConnected('Power BI 报表')).first().waitFor();
      }
      if (ext === 'baidu_ai') {
        await viewer.getByRole('slider', { name: '阈值' }).or(notConnected('图像识别模型')).first().waitFor();
      }
      if (ext === 'pdf') {
        await viewer.locator('img, canvas, iframe, button').first().waitFor();
      }
      await screenshot(page, `analysis-${ext}-1440`);
    }
    await page.context().close();
  });

  it('adds an insight topic to the sidebar shortcuts and removes it again', async () => {
    const [topic] = (await listHits(portal, token, 'insight', 50)).filter(
      (h) => h._source.anal_data_ext === 'excel',
    );
    if (!topic) {
      throw new Error('no excel topic');
    }
    const page = await loggedInPage(browser, portal);
    await page.goto(`${detailUrl(topic, '/analysis/analysis_details')}&anal_type=excel`);
    // The button comes server-rendered: a click before the code has taken it over is lost.
    const add = page.getByRole('button', { name: '添加快捷方式' });
    await hydrated(add);
    await add.click();
    const shortcuts = page.getByRole('group', { name: '我的快捷方式' });
    await shortcuts.getByRole('link', { name: topic._source.title }).waitFor();
    await page.getByRole('button', { name: '取消快捷方式' }).click();
    await shortcuts.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('filters materials by video length, refusing what is not a positive integer', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/material');
    const list = page.getByRole('list', { name: '素材列表' });
    await list.getByRole('article').first().waitFor();
    const filter = page.getByRole('form', { name: '素材时长筛选' });
    await filter.getByLabel('最短 (秒)').fill('0');
    await filter.getByRole('button', { name: '筛选' }).click();
    await filter.getByRole('alert').getByText('素材时间请输入正整数').waitFor();

    await filter.getByLabel('最短 (秒)').fill('20');
    await filter.getByLabel('最长 (秒)').fill('45');
    const searched = page.waitForRequest((r) => r.url().endsWith('/api/search') && r.method() === 'POST');
    await filter.getByRole('button', { name: '筛选' }).click();
    expect((await searched).postDataJSON()).toMatchObject({ min_length: 20, max_length: 45, page: 1 });
    await page.context().close();
  });

  it('classifies an image against the model server and filters results with the threshold slider', async () => {
    const insights = await listHits(portal, token, 'insight', 50);
    const classifier = insights.find((h) => h._source.anal_data_ext === 'baidu_ai');
    if (!classifier) {
      throw new Error('no classifier topic');
    }
    const page = await loggedInPage(browser, portal);
    await page.goto(`${detailUrl(classifier, '/analysis/analysis_details')}&anal_type=baidu_ai`);
    // The server renders the classifier (its status comes with the page); a file chosen before
    // the viewer's own code has taken its input over would reach nothing, as no person could.
    const choose = page.getByLabel('选择图片');
    await hydrated(choose);
    await choose.setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: PNG });
    const results = page.getByRole('table', { name: '识别结果' });
    await results.getByText('咖啡').waitFor();
    await results.getByText('茶饮').waitFor();
    expect(modelCalls).toBe(1);
    await page.getByRole('slider', { name: '阈值' }).fill('0.5');
    await results.getByText('茶饮').waitFor({ state: 'detached' });
    expect(await results.getByText('咖啡').count()).toBe(1);
    await page.context().close();
  });

  it('shows old-domain visitors the moved notice, counts down 4 seconds and redirects to the same path', async () => {
    const port = new URL(portal.url).port;
    const oldDomainBrowser = await launchChromium(['--host-resolver-rules=MAP old-portal.test 127.0.0.1']);
    try {
      const page = await oldDomainBrowser.newPage();
      const started = Date.now();
      await page.goto(`http://old-portal.test:${port}/report?from=old`);
      await page.getByText(/4/).first().waitFor();
      await page.waitForURL((url) => url.hostname === '127.0.0.1', { timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
      // The same path on the new domain; a visitor without a session then lands on the login page.
      await page.waitForURL((url) => ['/report', '/login'].includes(url.pathname));
    } finally {
      await oldDomainBrowser.close();
    }
  });
});
