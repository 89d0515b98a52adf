import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, loggedInPage, MOBILE, screenshot } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A real PDF with an outline; 钠离子电池 is on page 5 only (server/src/ingest/fixtures). */
const FIXTURE = `${ROOT}server/src/ingest/fixtures/outline-report.pdf`;
const TITLE = '储能产业年度观察';

let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  // `npm run import` into the running portal's data folder, as an operator would.
  await run('node', ['--import', 'tsx', 'server/src/scripts/import-pdfs.ts', FIXTURE], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: portal.dataDir, LOG_LEVEL: 'silent' },
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('hits inside report pages in Chromium', () => {
  it('opens a page hit at its page with the words marked in the text layer', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('钠离子电池')}`);
    const results = page.getByRole('list', { name: '搜索结果列表' });
    const card = results.getByRole('article', { name: TITLE });
    await card.waitFor();
    await expect.poll(() => card.locator('.content-card__page').textContent()).toBe('第 5 页');
    expect(await card.locator('em').allTextContents()).toContain('钠离子电池');
    await screenshot(page, 'page-hits-search-1440');

    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(/[?&]page=5(&|$)/);
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    const jump = reader.getByRole('textbox', { name: '页码' });
    // The reader turns to the page once pdf.js has the document: slow on a loaded machine.
    await expect.poll(() => jump.inputValue(), { timeout: 15_000 }).toBe('5');
    const marks = reader.locator('[data-page-box="5"] mark.pdf-term');
    await expect.poll(() => marks.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await marks.first().textContent()).toBe('钠离子电池');
    // Only where the words are: no other page is marked.
    expect(await reader.locator('mark.pdf-term').count()).toBe(await marks.count());
    // The mark is on screen, over the glyphs (the canvas draws them; the mark is a tint).
    const box = await marks.first().boundingBox();
    const view = await reader.locator('.pdf-reader__pages').boundingBox();
    expect(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    await screenshot(page, 'page-hits-reader-1440');
    await page.context().close();
  });

  it('marks a word that a line break parted, in both lines (上|市 on page 5)', async () => {
    const page = await loggedInPage(browser, portal);
    // Page 5 reads "…首批量产车型已经上" and, on the next line, "市，…": the server joined the lines,
    // so search finds 上市 there, and the reader must mark it where it is drawn.
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('钠离子电池 上市')}`);
    const card = page.getByRole('list', { name: '搜索结果列表' }).getByRole('article', { name: TITLE });
    await expect.poll(() => card.locator('.content-card__page').textContent()).toBe('第 5 页');
    await card.getByRole('link', { name: TITLE }).click();
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    const marks = reader.locator('[data-page-box="5"] mark.pdf-term');
    await expect
      .poll(() => marks.allTextContents(), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['钠离子电池', '上', '市']));
    // The two halves are on two lines of the page: 市 below 上.
    const upper = await marks.filter({ hasText: /^上$/ }).boundingBox();
    const lower = await marks.filter({ hasText: /^市$/ }).boundingBox();
    expect(upper && lower && lower.y > upper.y + upper.height / 2).toBe(true);
    await screenshot(page, 'page-hits-line-break-1440');
    await page.context().close();
  });

  it('finds words in the open report (在报告中查找): their page, marked, and how many times', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(TITLE)}`);
    await page.getByRole('list', { name: '搜索结果列表' }).getByRole('link', { name: TITLE }).first().click();
    await page.getByRole('button', { name: '阅读报告' }).click();
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    const find = reader.getByRole('searchbox', { name: '在报告中查找' });
    await expect.poll(() => find.isEnabled(), { timeout: 15_000 }).toBe(true);
    // 上市 is on page 5 only, parted by a line break ("…已经上" | "市，…").
    await find.fill('上市');
    await find.press('Enter');
    await reader.getByText('第 1/1 页 · 共 1 处').waitFor();
    await expect.poll(() => reader.getByRole('textbox', { name: '页码' }).inputValue()).toBe('5');
    const marks = reader.locator('[data-page-box="5"] mark.pdf-term');
    await expect.poll(() => marks.allTextContents(), { timeout: 15_000 }).toEqual(['上', '市']);
    await screenshot(page, 'reader-find-1440');
    await find.fill('氢能');
    await find.press('Enter');
    await reader.getByText('未找到').waitFor();
    expect(await reader.locator('mark.pdf-term').count()).toBe(0);
    await page.context().close();
  });

  it('shows the abstract and the outline as contents, and a contents entry opens its page', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(TITLE)}`);
    await page.getByRole('list', { name: '搜索结果列表' }).getByRole('link', { name: TITLE }).first().click();
    const contents = page.getByRole('navigation', { name: '目录' });
    await contents.waitFor();
    // Words found only on the cover (the title) name no page: the detail page opens, not the reader.
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    expect(page.url()).not.toMatch(/[?&]page=/);
    const abstract = page.getByRole('region', { name: '摘要' });
    await abstract.getByText('二〇二六年储能市场装机规模同比增长', { exact: false }).waitFor();
    expect(await abstract.getByRole('listitem').allTextContents()).toContain('储能');
    await screenshot(page, 'page-hits-detail-1440');
    await contents.getByRole('link', { name: /^第三章 技术路线\s*，第 5 页$/ }).click();
    await expect
      .poll(() => reader.getByRole('textbox', { name: '页码' }).inputValue(), { timeout: 15_000 })
      .toBe('5');
    await page.context().close();
  });

  it('on a phone, opens a page hit at that page image', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('钠离子电池')}`);
    const card = page.getByRole('list', { name: '搜索结果列表' }).getByRole('article', { name: TITLE });
    await card.waitFor();
    await screenshot(page, 'page-hits-search-390');
    await card.getByRole('link', { name: TITLE }).click();
    const image = page.locator('[data-page="5"] img');
    await image.waitFor();
    await expect
      .poll(async () => {
        const box = await image.boundingBox();
        return box !== null && box.y < MOBILE.height && box.y + box.height > 0;
      })
      .toBe(true);
    // The words are marked on the image where the page draws them: 钠离子电池 opens the
    // chapter's first paragraph, at the page's left margin, under the heading.
    const mark = page.locator('[data-page="5"] mark.report-detail__mark');
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(1);
    const [markBox, imageBox] = await Promise.all([mark.boundingBox(), image.boundingBox()]);
    const at = markBox &&
      imageBox && {
        x: (markBox.x - imageBox.x) / imageBox.width,
        y: (markBox.y - imageBox.y) / imageBox.height,
        w: markBox.width / imageBox.width,
      };
    expect(at?.x).toBeCloseTo(48 / 419.53, 1);
    expect(at && at.y > 0.1 && at.y < 0.25 && at.w > 0.1 && at.w < 0.25).toBe(true);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await screenshot(page, 'page-hits-page-390');
    // The detail's metadata on a phone: tags, 摘要, 目录 in one column.
    await page.getByRole('region', { name: '摘要' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'page-hits-detail-390');
    await page.context().close();
  });

  it('finds words in the report on a phone (在报告中查找) and marks them on the page images', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(TITLE)}`);
    await page.getByRole('list', { name: '搜索结果列表' }).getByRole('link', { name: TITLE }).first().click();
    const find = page.getByRole('searchbox', { name: '在报告中查找' });
    // Every page's layout comes in one request, not one per page.
    const layoutReads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/pages\/(\d+|layouts)\.json$/.test(path)) {
        layoutReads.push(path.slice(path.lastIndexOf('/') + 1));
      }
    });
    await find.fill('上市');
    await find.press('Enter');
    await page.getByText('第 1/1 页 · 共 1 处').waitFor();
    // Page 5 holds it across a line break: a mark at the end of one line, one at the start of the next.
    const marks = page.locator('[data-page="5"] mark.report-detail__mark');
    await expect.poll(() => marks.count(), { timeout: 15_000 }).toBe(2);
    const [end, start] = [await marks.nth(0).boundingBox(), await marks.nth(1).boundingBox()];
    expect(end && start && start.y > end.y && start.x < end.x).toBe(true);
    // The marks drew on what the find read.
    expect(layoutReads).toEqual(['layouts.json']);
    // The find bar stays under the top bar while the page scrolls to the words.
    const bar = await find.boundingBox();
    expect(bar && bar.y >= 52 && bar.y < 52 + 60).toBe(true);
    const image = page.locator('[data-page="5"] img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await screenshot(page, 'reader-find-390');
    await page.context().close();
  });
});
