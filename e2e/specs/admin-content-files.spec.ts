import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../server/src/demo/pdf/generate-report-pdf.ts';
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

let portal: PortalServer;
let browser: Browser;
let admin: Page;
let phoneReader: Page;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
  phoneReader = await loggedInPage(browser, portal, MOBILE, DEMO_USER);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('back-office files and previews', () => {
  it("replaces a report's PDF from its editor; the user's report page shows the new pages", async () => {
    await admin.goto('/admin/reports');
    const first = admin.getByRole('row').nth(1);
    const loaded = admin.waitForResponse((r) => /\/api\/admin\/content\/report\/\d+$/.test(r.url()));
    await first.getByRole('button', { name: '编辑' }).click();
    const { data } = (await (await loaded).json()) as {
      data: { id: number; fields: { page_count: number } };
    };
    const drawer = admin.getByRole('dialog', { name: '编辑报告' });
    await drawer.getByText(`当前 ${data.fields.page_count} 页`).waitFor();

    const pages = data.fields.page_count === 7 ? 6 : 7;
    const pdf = await generateReportPdf({
      slug: 'e2e-replace',
      seed: 3,
      title: '钠离子电池产业化进程报告',
      industry: '光伏',
      sourceType: '专题报告',
      publisher: '华信咨询',
      publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
      keywords: ['钠离子电池'],
      pageCount: pages,
    });
    const chooser = admin.waitForEvent('filechooser');
    await drawer.getByRole('button', { name: '替换文件' }).click();
    await (await chooser).setFiles({ name: '钠离子电池.pdf', mimeType: 'application/pdf', buffer: pdf });
    await admin.getByText(`文件已替换，共 ${pages} 页`).waitFor({ timeout: 60_000 });
    await drawer.getByText(`当前 ${pages} 页`).waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-report-replace-file-1440');

    // On a phone the report page shows one image per page.
    await phoneReader.goto(`/report/report_details/${data.id}?id=${data.id}&index=portal_report`);
    const images = phoneReader.getByRole('region', { name: '报告页面' }).getByRole('img');
    await expect.poll(() => images.count()).toBe(pages);
  });

  it('previews a draft as the admin, marked 预览（未发布）; a role-1 user cannot open it', async () => {
    const token = decodeURIComponent(
      (await admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const created = await fetch(`${portal.url}/api/admin/headlines`, {
      method: 'POST',
      headers: { token, source: '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        title: '草稿：固态电池量产时间表曝光',
        content: '<p>多家电池企业披露固态电池中试线进展。</p>',
        source: '界面新闻',
        draft: true,
      }),
    });
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    await admin.goto('/admin/headlines?status=draft');
    const row = admin.getByRole('row').filter({ hasText: '草稿：固态电池量产时间表曝光' });
    const popup = admin.waitForEvent('popup');
    await row.getByRole('link', { name: '预览' }).click();
    const preview = await popup;
    await preview.getByText('预览（未发布）').waitFor();
    await preview.getByRole('heading', { name: '草稿：固态电池量产时间表曝光' }).waitFor();
    await screenshot(preview, 'admin-preview-draft-1440');
    await preview.close();

    // The same address for a role-1 user: the draft does not exist for them.
    await phoneReader.goto(`/headlines/headlines_details/${id}?id=${id}&index=portal_business&preview=1`);
    await phoneReader.getByText('内容不存在或已下架').first().waitFor();
    expect(await phoneReader.getByText('预览（未发布）').count()).toBe(0);
    expect(await phoneReader.getByText('草稿：固态电池量产时间表曝光').count()).toBe(0);
    await screenshot(phoneReader, 'admin-preview-refused-390');
  });

  it("sets an insight topic's viewer with the contract's rules", async () => {
    await admin.goto('/admin/analyses');
    const first = admin.getByRole('row').nth(1);
    await first.getByRole('button', { name: '查看与文件' }).click();
    const drawer = admin.getByRole('dialog').filter({ hasText: '查看方式与文件' });
    await drawer.getByText('查看方式', { exact: true }).waitFor();
    await drawer.getByRole('combobox', { name: '查看方式' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: 'Power BI 看板' }).click();
    await drawer.getByRole('textbox', { name: '看板地址' }).fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: '保存查看方式' }).click();
    await drawer.getByText('地址格式不对，请以http://或https://开头').waitFor();
    await drawer
      .getByRole('textbox', { name: '看板地址' })
      .fill('https://app.powerbi.com/reportEmbed?reportId=e2e');
    await drawer.getByRole('button', { name: '保存查看方式' }).click();
    await admin.getByText('保存成功').first().waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-topic-viewer-1440');
  });
  it('lays a content table out for the screen: one line of actions at 1440 px, titles across a phone', async () => {
    await admin.goto('/admin/analyses');
    const first = admin.getByRole('row').nth(1);
    const actions = first.getByRole('button', { name: '删除' });
    await actions.waitFor();
    // Every action of the topic's row on one line: the same top for 编辑 and 删除.
    const edit = await first.getByRole('button', { name: '编辑' }).boundingBox();
    const remove = await actions.boundingBox();
    expect(edit && remove && Math.abs(edit.y - remove.y)).toBe(0);

    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    try {
      await phone.goto('/admin/analyses');
      const row = phone.getByRole('row').nth(1);
      await row.getByRole('button', { name: '查看与文件' }).waitFor();
      // The title has the row's width (it had ~90 px beside a fixed actions column), the page
      // does not scroll sideways, and the row still says its status and offers every action.
      const title = await row.getByRole('cell').first().boundingBox();
      expect(title?.width ?? 0).toBeGreaterThan(280);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(await row.getByText('已发布').count()).toBe(1);
      for (const name of ['编辑', '预览', '查看与文件', '授权', '下架', '删除']) {
        expect(await row.getByRole(name === '预览' ? 'link' : 'button', { name }).count()).toBe(1);
      }
      await screenshot(phone, 'admin-topics-390');
    } finally {
      await phone.context().close();
    }
  });

  it("renames a menu item and saves a theme colour; the user's shell shows both on its next load", async () => {
    await admin.goto('/admin/site');
    const row = admin.getByRole('row').filter({ hasText: '/material' }).first();
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '编辑菜单' });
    await dialog.getByRole('textbox', { name: '名称' }).fill('');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('菜单名称不能为空').waitFor();
    await dialog.getByRole('textbox', { name: '名称' }).fill('广告素材库');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await admin.getByRole('tab', { name: '主题' }).click();
    const logo = admin.getByRole('textbox', { name: 'Logo 地址' });
    await logo.fill('javascript:alert(1)');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('Logo地址须以/开头的站内路径或以http://、https://开头的网址').waitFor();
    await logo.fill('');
    const picker = admin
      .locator('.ant-form-item')
      .filter({ hasText: '主题色' })
      .locator('.ant-color-picker-trigger');
    await picker.click();
    const hex = admin.locator('.ant-color-picker-input input').first();
    await hex.fill('1677ff');
    await hex.press('Enter');
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('主题已保存').waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-site-theme-1440');

    await admin.goto('/homepage');
    await admin.getByRole('navigation').getByText('广告素材库').first().waitFor();
    const token = decodeURIComponent(
      (await admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const routes = await fetch(`${portal.url}/api/user/routes?type=1`, { headers: { token, source: '1' } });
    const { data } = (await routes.json()) as { data: { style: { theme_color: string } } };
    expect(data.style.theme_color).toBe('#1677ff');
    await screenshot(admin, 'admin-site-menu-1440');
  });
});
