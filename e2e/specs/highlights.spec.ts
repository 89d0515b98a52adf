import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, listHits, type Hit } from '../src/api.ts';
import {
  DEMO_ADMIN,
  DEMO_USER,
  launchChromium,
  loggedInPage,
  MOBILE,
  newContext,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let report: Hit;
let pageCount = 0;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  const token = (await sessionFor(portal, DEMO_USER)).token;
  const [r] = await listHits(portal, token, 'report', 5);
  if (!r) {
    throw new Error('no demo report');
  }
  report = r;
  const detail = await apiPost<{ detail_info: { _source: { page_count: number } } }>(
    portal,
    token,
    '/api/detail',
    { detail_id: r._id, index: r._index },
  );
  pageCount = detail.detail_info._source.page_count;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const detailPath = () => `/report/report_details/${report._id}?id=${report._id}&index=${report._index}`;

async function openReader(page: Page, pageNo: number): Promise<Locator> {
  await page.getByRole('button', { name: '阅读报告' }).click();
  const reader = page.getByRole('dialog', { name: '报告阅读器' });
  const jump = reader.getByRole('textbox', { name: '页码' });
  await expect.poll(() => jump.isEnabled()).toBe(true);
  await jump.fill(String(pageNo));
  await jump.press('Enter');
  return reader;
}

const currentPage = (reader: Locator) => reader.getByRole('textbox', { name: '页码' }).inputValue();

describe('highlights, page links and notes in Chromium', () => {
  it('highlights a passage on page 3 with a note, sees it after a reload, and jumps to it from /notes', async () => {
    expect(pageCount).toBeGreaterThanOrEqual(3);
    const page = await loggedInPage(browser, portal);
    await page.goto(detailPath());
    await page.getByRole('heading', { name: report._source.title }).waitFor();
    const reader = await openReader(page, 3);

    // Select the first line of text on page 3 with the mouse, as a reader would.
    const words = reader.locator('[data-page-box="3"] .pdf-page__text span:not(:empty)');
    await words.first().waitFor();
    const line = words.first();
    await line.scrollIntoViewIfNeeded();
    const box = await line.boundingBox();
    if (!box) {
      throw new Error('no text on page 3');
    }
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const selected = (await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim();
    expect(selected.length).toBeGreaterThan(0);

    const menu = reader.getByRole('dialog', { name: '高亮所选文字' });
    await menu.waitFor();
    await menu.getByRole('button', { name: '高亮并写笔记' }).click();
    await menu.getByRole('button', { name: '绿色高亮' }).click();
    await menu.getByRole('textbox', { name: '写点想法（可选）' }).fill('第三页的关键判断');
    await screenshot(page, 'highlight-menu-1440');
    await menu.getByRole('button', { name: '保存' }).click();
    await menu.waitFor({ state: 'detached' });
    const mark = reader.locator('[data-page-box="3"] .pdf-mark--green');
    await mark.first().waitFor();
    await screenshot(page, 'highlight-drawn-1440');

    // Drawn again after a reload, at another zoom, and listed in the note panel.
    await page.reload();
    await page.getByRole('heading', { name: report._source.title }).waitFor();
    const panel = page.getByRole('complementary', { name: '笔记面板' });
    await panel.getByText('第三页的关键判断').waitFor();
    const card = panel.getByRole('listitem').filter({ hasText: '第三页的关键判断' });
    expect(await card.getByRole('blockquote').or(card.locator('blockquote')).first().textContent()).toBe(
      selected.replace(/\s+/g, ' '),
    );
    await card.getByRole('button', { name: '跳转到第 3 页' }).click();
    const again = page.getByRole('dialog', { name: '报告阅读器' });
    await expect.poll(() => currentPage(again)).toBe('3');
    await again.locator('[data-page-box="3"] .pdf-mark--green').first().waitFor();
    const before = await again.locator('[data-page-box="3"] .pdf-mark--green').first().boundingBox();
    await again.getByRole('button', { name: '放大' }).click();
    await expect
      .poll(
        async () =>
          (await again.locator('[data-page-box="3"] .pdf-mark--green').first().boundingBox())?.width,
      )
      .toBeCloseTo((before?.width ?? 0) * 1.25, 0);
    await again.getByRole('button', { name: '关闭' }).click();

    // /notes: the highlight with its page; 跳转到第 3 页 opens the reader there.
    await page.goto('/notes');
    const list = page.getByRole('list', { name: '笔记列表' });
    const item = list.getByRole('listitem').filter({ hasText: '第三页的关键判断' });
    await item.waitFor();
    const search = page.getByRole('searchbox', { name: '搜索笔记和高亮' });
    await search.fill(selected.slice(0, 4));
    await search.press('Enter');
    await item.waitFor();
    await page
      .getByRole('combobox', { name: '按内容筛选' })
      .selectOption({ label: `${report._source.title}（1）` });
    await item.waitFor();
    await screenshot(page, 'notes-highlights-1440');
    await item.getByRole('link', { name: '跳转到第 3 页' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/report/report_details/${report._id}` && url.searchParams.get('page') === '3',
    );
    const fromNotes = page.getByRole('dialog', { name: '报告阅读器' });
    await expect.poll(() => currentPage(fromNotes)).toBe('3');
    await fromNotes.locator('[data-page-box="3"] .pdf-mark--green').first().waitFor();
    await page.context().close();
  });

  it('opens a page link logged out, and after login lands on that page (beyond the last: the last)', async () => {
    const context = await newContext(browser, portal);
    const page = await context.newPage();
    const target = `/report/report_details/${report._id}?page=${pageCount + 40}`;
    await page.goto(target);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
    await page.getByLabel('手机号').fill(DEMO_ADMIN);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await portal.smsCode(DEMO_ADMIN));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
    const reader = page.getByRole('dialog', { name: '报告阅读器' });
    await expect.poll(() => currentPage(reader)).toBe(String(pageCount));

    // 本页二维码 draws a code of this page's link.
    await reader.getByRole('button', { name: '本页二维码' }).click();
    const qr = reader.getByRole('img', { name: `扫码打开第 ${pageCount} 页` });
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it('on a 390 px phone anchors a note to a page image and keeps notes in a bottom sheet', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto(`${detailPath()}&page=2`);
    const pages = page.getByRole('region', { name: '报告页面' });
    await pages.getByRole('img', { name: '第 2 页' }).waitFor();
    await pages.getByRole('button', { name: '在第 2 页记笔记' }).click();
    const sheet = page.getByRole('complementary', { name: '笔记面板' });
    // Its own text per attempt: a retried attempt finds the notes an earlier one saved.
    const text = `手机上记在第二页 ${Date.now()}`;
    await sheet.getByRole('textbox', { name: '笔记内容' }).fill(text);
    await sheet.getByRole('button', { name: '保存' }).click();
    const card = sheet.getByRole('listitem').filter({ hasText: text });
    await card.getByRole('button', { name: '跳转到第 2 页' }).waitFor();
    expect(await sheet.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(390);
    await screenshot(page, 'note-sheet-390');
    await page.getByRole('button', { name: '关闭笔记' }).click();
    await page.getByRole('button', { name: /^笔记/ }).waitFor();

    await page.goto('/notes');
    await page.getByRole('list', { name: '笔记列表' }).getByText(text).waitFor();
    await screenshot(page, 'notes-390');
    await page.context().close();
  });
});
