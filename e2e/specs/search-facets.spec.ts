import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, type Hit } from '../src/api.ts';
import {
  DEMO_ADMIN,
  DEMO_USER,
  hydrated,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/** The home list's accessible name (web/src/features/home/texts.ts). */
const HOME_LIST = '首页推荐内容';

let portal: PortalServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  token = (await sessionFor(portal, DEMO_USER)).token;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

type ListHit = Hit & { _source: Hit['_source'] & { create_time: string } };

/** Every item of a type as its own list (no keyword, no engine match) shows it. */
async function everyItem(tn: string): Promise<ListHit[]> {
  const out: ListHit[] = [];
  for (let page = 1; page <= 20; page++) {
    const reply = await apiPost<{ data: ListHit[] }>(portal, token, '/api/search', {
      tn,
      page,
      page_size: 50,
      psort: 'new',
    });
    out.push(...reply.data);
    if (reply.data.length < 50) {
      break;
    }
  }
  return out;
}

/** Scrolls a list to its end (没有更多了) and returns every card link. */
async function allLinks(page: Page, listName: string): Promise<string[]> {
  const list = page.getByRole('list', { name: listName });
  await list.getByRole('article').first().waitFor();
  for (let i = 0; i < 60 && !(await page.getByText('没有更多了').isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
  }
  return list.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

const key = (h: Pick<Hit, '_id' | '_index'>) => `${h._index}/${h._id}`;
const keyOfHref = (href: string) => {
  const url = new URL(href, 'http://x');
  return `${url.searchParams.get('index')}/${url.searchParams.get('id')}`;
};

describe('search facets and report filters in Chromium', () => {
  it('shows a report above the fold in home’s 全部, beside headlines and topics', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/homepage');
    const list = page.getByRole('list', { name: HOME_LIST });
    await list.getByRole('article').first().waitFor();
    const report = list.locator('a[href^="/report/report_details/"]').first();
    const box = await report.boundingBox();
    expect(box && box.y + box.height / 2 < 900).toBe(true);
    const hrefs = await list
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith('/headlines/'))).toBe(true);
    await screenshot(page, 'home-all-1440');
    await page.context().close();
  });

  it('finds in 全部 every item whose title holds 人工智能, and names the synonyms searched', async () => {
    const titled = (
      await Promise.all(['report', 'business', 'insight', 'material'].map((tn) => everyItem(tn)))
    )
      .flat()
      .filter((h) => h._source.title.includes('人工智能'));
    expect(titled.length).toBeGreaterThan(0);

    const page = await loggedInPage(browser, portal);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('人工智能')}`);
    await page.getByText(/已同时搜索同义词：.*AI/).waitFor();
    await page.getByLabel('各类型结果数').waitFor();
    await screenshot(page, 'search-facets-1440');
    const found = new Set((await allLinks(page, '搜索结果列表')).map(keyOfHref));
    expect(titled.filter((h) => !found.has(key(h))).map((h) => h._source.title)).toEqual([]);
    await page.context().close();
  });

  it('filters the report list by industry and date, counts and total agreeing', async () => {
    const reports = await everyItem('report');
    const days = reports.map((r) => r._source.create_time.slice(0, 10)).sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor((days.length * 3) / 4)]!;

    const page = await loggedInPage(browser, portal);
    await page.goto('/report');
    await page.getByText(/^共 \d+ 份报告$/).waitFor();
    const industries = page.getByRole('combobox', { name: '行业' });
    // The filters come rendered from the server: a choice made before the code takes them over is lost.
    await hydrated(industries);
    // The first value after 全部行业, with the count of reports it leaves.
    const option = industries.locator('option').nth(1);
    const label = (await option.textContent()) ?? '';
    const [, industry, count] = /^(.+)（(\d+)）$/.exec(label) ?? [];
    expect(industry).toBeTruthy();
    await industries.selectOption({ label });
    await page.waitForURL(/industry=/);
    await page.getByText(`共 ${count} 份报告`).waitFor();

    await page.getByLabel('开始日期').fill(from);
    await page.getByLabel('结束日期').fill(to);
    await page.waitForURL(new RegExp(`from=${from}.*to=${to}`));

    // 列表 rows show each report's date; the total is the number of rows.
    await page.getByText('列表', { exact: true }).click();
    const rows = page.getByRole('list', { name: '报告列表' });
    await rows.getByRole('article').first().waitFor();
    const hrefs = await allLinks(page, '报告列表');
    const total = Number(
      /共 (\d+) 份报告/.exec((await page.getByText(/^共 \d+ 份报告$/).textContent()) ?? '')?.[1],
    );
    expect(hrefs.length).toBe(total);
    const dates = await rows.locator('.report-row__date').allTextContents();
    expect(dates.every((d) => d >= from && d <= to)).toBe(true);
    for (const href of hrefs) {
      const id = new URL(href, 'http://x').searchParams.get('id');
      const detail = await apiPost<{ detail_info: { _source: { industry: string } } }>(
        portal,
        token,
        '/api/detail',
        { index: 'portal_report', detail_id: id },
      );
      expect(detail.detail_info._source.industry).toBe(industry);
    }
    await screenshot(page, 'report-filters-1440');
    await page.context().close();

    // Phones: the same filters from the URL, the view remembered per browser context.
    const phone = await loggedInPage(browser, portal, MOBILE);
    await phone.goto(`/report?industry=${encodeURIComponent(industry!)}&from=${from}&to=${to}`);
    await phone.getByText(`共 ${total} 份报告`).waitFor();
    await screenshot(phone, 'report-filters-390');
    await phone.context().close();
  });

  it('adds a synonym group in 目录 → 同义词 that the next search uses', async () => {
    const admin = await loggedInPage(browser, portal, undefined, DEMO_ADMIN);
    await admin.goto('/admin/catalogue');
    await admin.getByRole('tab', { name: '同义词' }).click();
    await admin.getByText('CATL', { exact: true }).first().waitFor();
    const input = admin.getByRole('textbox', { name: '添加同义词组' });
    await input.fill('瑞幸');
    await admin.getByRole('button', { name: '添加', exact: true }).last().click();
    await admin.getByText('同义词组至少需要2个词，用逗号分隔').waitFor();
    await input.fill('霸王茶姬，CHAGEE');
    await admin.getByRole('button', { name: '添加', exact: true }).last().click();
    await admin.getByText('CHAGEE', { exact: true }).waitFor();
    await screenshot(admin, 'admin-synonyms-1440');
    await admin.context().close();

    const phoneAdmin = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    await phoneAdmin.goto('/admin/catalogue');
    await phoneAdmin.getByRole('tab', { name: '同义词' }).click();
    await phoneAdmin.getByText('CHAGEE', { exact: true }).waitFor();
    await screenshot(phoneAdmin, 'admin-synonyms-390');
    await phoneAdmin.context().close();

    const page = await loggedInPage(browser, portal);
    await page.goto(`/searchpage/searchpage?search=${encodeURIComponent('CHAGEE')}`);
    await page.getByText('已同时搜索同义词：霸王茶姬').waitFor();
    const results = page.getByRole('list', { name: '搜索结果列表' });
    await results.getByRole('article').first().waitFor();
    expect(await results.locator('em').allTextContents()).toContain('霸王茶姬');
    await page.context().close();
  });
});
