import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, loggedInPage, MOBILE, screenshot } from '../src/browser.ts';
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

describe('home, lists and search in Chromium', () => {
  it('logs a banner click and opens its link in a new tab', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/homepage');
    const carousel = page.getByRole('region', { name: '首页轮播' });
    await carousel.waitFor();
    const slide = carousel.getByRole('group').getByRole('button').first();
    const logged = page.waitForResponse(
      (r) => r.url().endsWith('/api/banner/log') && r.request().method() === 'POST',
    );
    const popup = page.context().waitForEvent('page');
    await slide.click();
    const response = await logged;
    expect(((await response.json()) as { code: number }).code).toBe(0);
    const opened = await popup;
    expect(opened.url()).not.toBe('about:blank');
    await screenshot(page, 'home-1440');
    await page.context().close();
  });

  it('searches from the top bar: empty input, no hits, then highlighted hits', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/homepage');
    const box = page.getByRole('searchbox', { name: '搜索', exact: true });
    await box.fill('   ');
    await box.press('Enter');
    await page.getByText('搜索内容不能为空').first().waitFor();

    await box.fill('量子引力弦论黑洞');
    await box.press('Enter');
    await page.waitForURL(/\/searchpage\/searchpage\?search=/);
    await page.getByText('没有找到相关结果').waitFor();
    await page.getByText('请修改或者尝试其他搜索词').waitFor();

    const keyword = page.getByRole('searchbox', { name: '关键词' });
    await keyword.fill('新能源汽车');
    await keyword.press('Enter');
    const results = page.getByRole('list', { name: '搜索结果列表' });
    await results.getByRole('article').first().waitFor();
    const highlighted = await results.locator('em').allTextContents();
    expect(highlighted.length).toBeGreaterThan(0);
    expect(highlighted.some((t) => ['新能源', '汽车', '新能源汽车'].includes(t))).toBe(true);
    await screenshot(page, 'search-1440');

    // The 报告 tab keeps the keyword and shows reports only.
    await page.getByRole('tab', { name: '报告' }).click();
    await page.waitForURL(/tab=report/);
    // The 全部 results stay on screen until the 报告 page arrives: wait for the list to turn over.
    const hrefs = () =>
      results.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    await expect
      .poll(async () => {
        const links = await hrefs();
        return links.length > 0 && links.every((href) => href.startsWith('/report/report_details/'));
      })
      .toBe(true);
    await page.context().close();
  });

  it('finds a brand inside a longer dictionary word and highlights what matched (瑞幸 of 瑞幸咖啡)', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/searchpage/searchpage?search=' + encodeURIComponent('瑞幸'));
    const results = page.getByRole('list', { name: '搜索结果列表' });
    await results.getByRole('article').first().waitFor();
    const highlighted = await results.locator('em').allTextContents();
    expect(highlighted.length).toBeGreaterThan(0);
    // As typed, or as its synonym group's longer name (瑞幸咖啡 / 瑞幸 / Luckin, seeded catalogue).
    expect(highlighted.every((t) => t === '瑞幸' || t === '瑞幸咖啡')).toBe(true);
    const cards = await results.getByRole('article').allTextContents();
    expect(cards.some((t) => t.includes('瑞幸咖啡'))).toBe(true);
    await screenshot(page, 'search-subword-1440');
    await page.context().close();
  });

  it('scrolls the report list to its end: 已经到底了, then back to top', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/report');
    const list = page.getByRole('list', { name: '报告列表' });
    await list.getByRole('article').first().waitFor();
    await page.mouse.move(720, 500); // wheel over the content, not the sidebar
    for (let i = 0; i < 40; i++) {
      if (await page.getByText('已经到底了').isVisible()) {
        break;
      }
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    await page.getByText('已经到底了').waitFor();
    await page.mouse.wheel(0, 4000);
    await page.getByRole('button', { name: '回到顶部' }).click();
    await page.waitForFunction(() => window.scrollY === 0 || document.scrollingElement?.scrollTop === 0);
    await page.context().close();
  });

  it('lays the grid out in 4 columns at 1440 px and 2 at 390 px', async () => {
    const desktop = await loggedInPage(browser, portal);
    await desktop.goto('/report');
    const grid = desktop.getByRole('list', { name: '报告列表' });
    await grid.getByRole('article').first().waitFor();
    expect(await grid.getAttribute('data-columns')).toBe('4');
    await desktop.context().close();

    const mobile = await loggedInPage(browser, portal, MOBILE);
    await mobile.goto('/report');
    const mobileGrid = mobile.getByRole('list', { name: '报告列表' });
    await mobileGrid.getByRole('article').first().waitFor();
    // A first visit from a desktop User-Agent is rendered on the server for 1440 px; the code
    // lays it out for the real width once it has taken the page over.
    await expect.poll(() => mobileGrid.getAttribute('data-columns')).toBe('2');
    await screenshot(mobile, 'report-list-390');
    await mobile.context().close();
  });

  it('on touch phones (360 px) the favourite star keeps clear of card titles and times stay on one line', async () => {
    const page = await loggedInPage(browser, portal, { width: 360, height: 800, touch: true });
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('新能源')}`);
    const card = page.locator('article.content-card--none').first();
    // The results come rendered from the server, laid out for the width it guessed; the star
    // shows once the code has taken the page over at this phone's width.
    await card.locator('.card-favorite').waitFor();
    const star = await card.locator('.card-favorite').boundingBox();
    const title = await card.locator('.content-card__title').evaluate((h) => {
      // The text's own box: a range over the title's contents, not the block it sits in.
      const range = document.createRange();
      range.selectNodeContents(h);
      return [...range.getClientRects()].map((r) => ({ right: r.right, top: r.top, bottom: r.bottom }));
    });
    expect(star).not.toBeNull();
    for (const line of title.filter((l) => l.bottom > star!.y && l.top < star!.y + star!.height)) {
      expect(line.right).toBeLessThanOrEqual(star!.x);
    }
    // Lines of each time's text: distinct tops of its text boxes.
    const times = await page.locator('.content-card__time').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((lines) => lines === 1)).toBe(true);
    await screenshot(page, 'search-cards-360-touch');
    await page.context().close();
  });

  it('keeps the chosen tab and sort when coming back from a detail page', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/homepage');
    const list = page.getByRole('list', { name: '首页推荐内容' });
    await list.getByRole('article').first().waitFor();
    await page.getByRole('tab', { name: '报告' }).click();
    await page.getByRole('button', { name: '最热' }).click();
    await page.waitForURL(/\/homepage\?tab=report&sort=hot$/);
    await list.getByRole('article').first().getByRole('link').first().click();
    await page.waitForURL(/\/report\/report_details\//);
    await page.goBack();
    await page.waitForURL(/\/homepage\?tab=report&sort=hot$/);
    expect(await page.getByRole('tab', { name: '报告' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: '最热' }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });
});
