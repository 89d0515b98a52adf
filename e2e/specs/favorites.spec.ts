import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, listHits, type Hit } from '../src/api.ts';
import {
  DEMO_ADMIN,
  DEMO_USER,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let token = '';
let report: Hit;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  token = (await sessionFor(portal, DEMO_USER)).token;
  const [first] = await listHits(portal, token, 'report', 5);
  if (!first) {
    throw new Error('no demo report');
  }
  report = first;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const reportUrl = (hit: Hit) => `/report/report_details/${hit._id}?id=${hit._id}&index=${hit._index}`;

async function openReport(page: Page): Promise<void> {
  await page.goto(reportUrl(report));
  await page.getByRole('heading', { name: report._source.title }).waitFor();
  // The heading comes with the server-rendered HTML, before the code has taken the page over
  // and made its first calls with the session's token: wait for those too.
  await page.waitForLoadState('networkidle');
}

describe('favourite folders in Chromium', () => {
  it('favourites a report into a new folder, opens it, removes the item and deletes the folder', async () => {
    const page = await loggedInPage(browser, portal);
    await openReport(page);
    const star = page.getByRole('button', { name: /^(收藏|已收藏)$/ });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();

    const dialog = page.getByRole('dialog', { name: '收藏到收藏夹' });
    await dialog.getByRole('list', { name: '收藏夹列表' }).getByText('自由收藏夹').waitFor();
    await dialog.getByRole('button', { name: '+ 新建收藏夹' }).click();
    await dialog.getByRole('button', { name: '创建' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('收藏夹名称不能为空！');
    await dialog.getByRole('textbox', { name: '收藏夹名称' }).fill('  行业观察  ');
    await dialog.getByRole('button', { name: '创建' }).click();
    const add = dialog.getByRole('button', { name: '收藏 行业观察' });
    await add.click();
    await dialog.getByRole('button', { name: '移出 行业观察' }).waitFor();
    await page.getByText('收藏成功').first().waitFor();
    await screenshot(page, 'collect-dialog-1440');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect(await star.textContent()).toContain('已收藏');

    // The collection screen: folder card with its count, and the 免费报告 tab with the item.
    await page.goto('/collection');
    const folders = page.getByRole('list', { name: '收藏夹列表' });
    const card = folders.getByRole('article', { name: '行业观察' });
    await card.getByText('1 个内容').waitFor();
    await folders.getByRole('article', { name: '自由收藏夹' }).getByText('0 个内容').waitFor();
    await page.getByRole('tab', { name: '免费报告 1' }).waitFor();
    await page.getByRole('tab', { name: '商业头条 0' }).waitFor();
    await screenshot(page, 'collection-1440');
    await page.getByRole('tab', { name: '免费报告 1' }).click();
    await page
      .getByRole('list', { name: '收藏内容列表' })
      .getByRole('link', { name: report._source.title })
      .waitFor();

    // The folder: its item, then 移出收藏夹.
    await page.getByRole('tab', { name: /^收藏夹/ }).click();
    await card.getByRole('link', { name: '行业观察' }).click();
    await page.waitForURL(/\/collection\/collection_details\/\d+$/);
    await page.getByRole('heading', { name: '行业观察' }).waitFor();
    const items = page.getByRole('list', { name: '收藏内容列表' });
    await items.getByRole('link', { name: report._source.title }).waitFor();
    await screenshot(page, 'collection-details-1440');
    await page.getByRole('button', { name: `移出收藏夹 ${report._source.title}` }).click();
    await page.getByText('暂无数据').waitFor();
    await page.getByText('0 个内容').waitFor();

    // Deleting asks first; 取消 keeps the folder.
    await page.goto('/collection');
    await card.waitFor();
    await card.getByRole('button', { name: '删除 行业观察' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await confirm.getByText('确定是否删除该收藏夹?').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await page.getByText('已取消删除').first().waitFor();
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: '删除 行业观察' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功!').first().waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText('收藏的内容默认放入自由收藏夹，也可以新建收藏夹分类整理').waitFor();

    await openReport(page);
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('creates and edits folders on the collection screen, refusing an empty name', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto('/collection');
    await page.getByRole('button', { name: '+ 新建收藏夹' }).click();
    const form = page.getByRole('dialog', { name: '新建收藏夹' });
    await form.getByRole('textbox', { name: '收藏夹名称' }).fill('   ');
    await form.getByRole('button', { name: '创建' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('收藏夹名称不能为空！');
    await form.getByRole('textbox', { name: '收藏夹名称' }).fill('竞品追踪');
    await form.getByRole('textbox', { name: '收藏夹描述' }).fill('主要竞品的报告');
    await form.getByRole('button', { name: '创建' }).click();
    const card = page.getByRole('article', { name: '竞品追踪' });
    await card.getByText('主要竞品的报告').waitFor();
    await card.getByRole('button', { name: '编辑 竞品追踪' }).click();
    const edit = page.getByRole('dialog', { name: '编辑收藏夹' });
    await edit.getByRole('textbox', { name: '收藏夹名称' }).fill('竞品动态');
    await edit.getByRole('button', { name: '保存' }).click();
    await page.getByRole('article', { name: '竞品动态' }).waitFor();
    // The built-in folder has neither edit nor delete.
    expect(await page.getByRole('article', { name: '自由收藏夹' }).getByRole('button').count()).toBe(0);
    await page.context().close();
  });

  it("sends someone else's folder to collect_404 with the reason", async () => {
    const admin = (await sessionFor(portal, DEMO_ADMIN)).token;
    const folder = await apiPost<{ id: number }>(portal, admin, '/api/user/favorite/create', {
      name: '管理员的收藏',
    });
    const page = await loggedInPage(browser, portal);
    await page.goto(`/self/collection_details/${folder.id}`);
    await page.waitForURL(/\/self\/collect_404\?tips=/);
    await page.getByText('收藏夹不存在或已被删除').waitFor();
    expect(await page.getByText('管理员的收藏').count()).toBe(0);
    await page.context().close();
  });

  it('sends a click on 收藏 without a token to /login, which returns to the report', async () => {
    const page = await loggedInPage(browser, portal);
    await openReport(page);
    const report = new URL(page.url());
    await page.context().clearCookies();
    await page.getByRole('button', { name: /^(收藏|已收藏)$/ }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/login' &&
        url.searchParams.get('redirect') === `${report.pathname}${report.search}`,
    );
    await page.context().close();
  });

  it('favourites from a card and shows the screens at 390 px', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto('/report');
    const cards = page.getByRole('list', { name: '报告列表' });
    await cards.getByRole('article').first().waitFor();
    await cards.getByRole('button', { name: '收藏到收藏夹' }).first().click();
    const dialog = page.getByRole('dialog', { name: '收藏到收藏夹' });
    await dialog.getByRole('button', { name: '收藏 自由收藏夹' }).click();
    await dialog.getByRole('button', { name: '移出 自由收藏夹' }).waitFor();
    await screenshot(page, 'collect-dialog-390');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await cards.getByRole('button', { name: '已收藏，管理收藏夹' }).first().waitFor();

    await page.goto('/collection');
    await page.getByRole('article', { name: '自由收藏夹' }).getByText('1 个内容').waitFor();
    await screenshot(page, 'collection-390');
    await page.getByRole('article', { name: '自由收藏夹' }).getByRole('link').click();
    await page.getByRole('list', { name: '收藏内容列表' }).getByRole('article').first().waitFor();
    await screenshot(page, 'collection-details-390');
    await page.context().close();
  });
});
