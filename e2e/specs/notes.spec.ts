import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHits, type Hit } from '../src/api.ts';
import { DEMO_USER, launchChromium, loggedInPage, MOBILE, screenshot, sessionFor } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let report: Hit;
let headline: Hit;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  const token = (await sessionFor(portal, DEMO_USER)).token;
  const [r] = await listHits(portal, token, 'report', 5);
  const [h] = await listHits(portal, token, 'business', 5);
  if (!r || !h) {
    throw new Error('no demo content');
  }
  report = r;
  headline = h;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function openReport(page: Page): Promise<void> {
  await page.goto(`/report/report_details/${report._id}?id=${report._id}&index=${report._index}`);
  await page.getByRole('heading', { name: report._source.title }).waitFor();
}

const panelWidth = (page: Page) =>
  page
    .getByRole('complementary', { name: '笔记面板' })
    .evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('notes in Chromium', () => {
  it('writes, edits (double click) and deletes a note in the panel', async () => {
    const page = await loggedInPage(browser, portal);
    await openReport(page);
    const panel = page.getByRole('complementary', { name: '笔记面板' });
    await panel.getByText('暂时还没有笔记').waitFor();
    await expect.poll(() => panelWidth(page)).toBe(330);

    // A new note starts in edit mode; an empty one is refused, an abandoned empty one disappears.
    await panel.getByRole('button', { name: '+ 新建笔记' }).click();
    const editor = panel.getByRole('textbox', { name: '笔记内容' });
    await editor.waitFor();
    expect(await panel.getByRole('button', { name: '+ 新建笔记' }).isDisabled()).toBe(true);
    await panel.getByRole('button', { name: '保存' }).click();
    expect(await panel.getByRole('alert').textContent()).toBe('笔记内容不能为空');
    await panel.getByRole('button', { name: '取消' }).click();
    await editor.waitFor({ state: 'detached' });
    await panel.getByText('暂时还没有笔记').waitFor();

    await panel.getByRole('button', { name: '+ 新建笔记' }).click();
    await editor.fill('电池成本下降是关键变量');
    await panel.getByRole('button', { name: '保存' }).click();
    const note = panel.getByRole('list', { name: '笔记列表' }).getByText('电池成本下降是关键变量');
    await note.waitFor();
    await editor.waitFor({ state: 'detached' });

    // Double click switches to edit mode; saving returns to view mode.
    await note.dblclick();
    await editor.waitFor();
    expect(await editor.inputValue()).toBe('电池成本下降是关键变量');
    await editor.fill('  ');
    await panel.getByRole('button', { name: '保存' }).click();
    expect(await panel.getByRole('alert').textContent()).toBe('笔记内容不能为空');
    await editor.fill('电池成本下降是关键变量，关注储能');
    await panel.getByRole('button', { name: '保存' }).click();
    await panel.getByText('电池成本下降是关键变量，关注储能').waitFor();
    await page.reload();
    await panel.getByText('电池成本下降是关键变量，关注储能').waitFor();
    await screenshot(page, 'note-panel-1440');

    // The edit menu offers 编辑 too.
    await panel.getByRole('button', { name: '更多操作' }).click();
    await panel.getByRole('menuitem', { name: '编辑' }).click();
    await editor.waitFor();
    await panel.getByRole('button', { name: '取消' }).click();

    // Delete asks first.
    await panel.getByRole('button', { name: '更多操作' }).click();
    await panel.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await confirm.getByText('确定是否要删除该条笔记?').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await page.getByText('已取消删除').first().waitFor();
    await panel.getByText('电池成本下降是关键变量，关注储能').waitFor();
    await panel.getByRole('button', { name: '更多操作' }).click();
    await panel.getByRole('menuitem', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功!').first().waitFor();
    await panel.getByText('暂时还没有笔记').waitFor();
    await page.context().close();
  });

  it('keeps the panel collapsed after a reload', async () => {
    const page = await loggedInPage(browser, portal);
    await page.goto(
      `/headlines/headlines_details/${headline._id}?id=${headline._id}&index=${headline._index}`,
    );
    await page.getByRole('heading', { name: headline._source.title }).waitFor();
    const panel = page.getByRole('complementary', { name: '笔记面板' });
    await panel.getByRole('button', { name: '收起笔记' }).click();
    await panel.getByRole('button', { name: '展开笔记' }).waitFor();
    await expect.poll(() => panelWidth(page)).toBe(34);
    await screenshot(page, 'note-panel-collapsed-1440');
    // The state is saved on the server: give the request a moment, then reload.
    await expect
      .poll(async () => {
        await page.reload();
        await panel.getByRole('button', { name: /^(展开笔记|收起笔记)$/ }).waitFor();
        return panel.getByRole('button', { name: '展开笔记' }).count();
      })
      .toBe(1);
    await expect.poll(() => panelWidth(page)).toBe(34);
    await panel.getByRole('button', { name: '展开笔记' }).click();
    await panel.getByRole('button', { name: '收起笔记' }).waitFor();
    await expect.poll(() => panelWidth(page)).toBe(330);
    await page.context().close();
  });

  it('lists every note on the notes screen, linking back to its item', async () => {
    const page = await loggedInPage(browser, portal);
    await openReport(page);
    const panel = page.getByRole('complementary', { name: '笔记面板' });
    await panel.getByRole('button', { name: '+ 新建笔记' }).click();
    await panel.getByRole('textbox', { name: '笔记内容' }).fill('回头再读第三章');
    await panel.getByRole('button', { name: '保存' }).click();
    await panel.getByText('回头再读第三章').waitFor();

    await page.goto('/notes');
    const list = page.getByRole('list', { name: '笔记列表' });
    await list.getByText('回头再读第三章').waitFor();
    await screenshot(page, 'notes-1440');
    await list
      .getByRole('listitem')
      .filter({ hasText: '回头再读第三章' })
      .getByRole('link', { name: report._source.title })
      .click();
    await page.waitForURL(new RegExp(`/report/report_details/${report._id}`));
    await page.getByRole('heading', { name: report._source.title }).waitFor();
    await page.context().close();

    const stranger = await loggedInPage(browser, portal, MOBILE, '13900000077');
    await stranger.goto('/notes');
    await stranger.getByText('暂无笔记').waitFor();
    await screenshot(stranger, 'notes-empty-390');
    await stranger.context().close();
  });

  it('keeps the panel as a bottom sheet behind 笔记 on a 390 px phone (issue 21)', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await openReport(page);
    await page.getByRole('button', { name: /^(收藏|已收藏)$/ }).waitFor();
    // The server may have rendered a desktop's layout (it guesses the width from the browser's
    // User-Agent); the code lays the page out for 390 px once it has taken it over.
    await expect.poll(() => page.getByRole('complementary', { name: '笔记面板' }).count()).toBe(0);
    await screenshot(page, 'report-notes-closed-390');
    await page.getByRole('button', { name: /^笔记( \d+)?$/ }).click();
    const sheet = page.getByRole('complementary', { name: '笔记面板' });
    await sheet.getByRole('button', { name: '+ 新建笔记' }).waitFor();
    expect(await sheet.evaluate((el) => Math.round(el.getBoundingClientRect().bottom))).toBe(844);
    await sheet.getByRole('button', { name: '关闭笔记' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
