import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_INDEXES, MSG } from '@portal/contract';
import {
  apiLogin,
  DEMO_ADMIN,
  DEMO_USER,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
} from '../src/browser.ts';
import { settled, tableRow } from '../src/admin-pages.ts';
import { reportPdf } from '../src/reportPdf.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let admin: Page;
let reader: Page;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
  reader = await loggedInPage(browser, portal, DESKTOP, DEMO_USER);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Three reports to upload; the first is published, checked, then taken down. */
const REPORTS = ['钠离子电池储能白皮书', '氢燃料重卡商业化路线图', '低空物流无人机观察'] as const;
const PUBLISHED = REPORTS[0];
const HEADLINE = '新能源汽车出海再提速：欧洲市场份额创新高';

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

/** Titles on the user's report list (newest first). */
async function reportListText(page: Page): Promise<string> {
  await page.goto('/report');
  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .first();
  await list.getByRole('article').first().waitFor();
  return (await list.textContent()) ?? '';
}

/** What the user's search page lists for `words` (empty when nothing matched). */
async function searchText(page: Page, words: string): Promise<string> {
  await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(words)}`);
  const results = page.getByRole('list', { name: '搜索结果列表' });
  await Promise.race([
    results.getByRole('article').first().waitFor(),
    page.getByText('没有找到相关结果').waitFor(),
  ]);
  return (await results.count()) > 0 ? ((await results.textContent()) ?? '') : '';
}

describe('back-office', () => {
  it('opens from 切换后台 and returns with 返回门户', async () => {
    await admin.goto('/homepage');
    await admin.getByRole('button', { name: '用户菜单' }).click();
    await admin.getByRole('menuitem', { name: '切换后台' }).click();
    await admin.waitForURL(/\/admin\/reports$/);
    await admin.getByRole('menu').getByText('内容管理').waitFor();
    await admin.locator('.ant-breadcrumb').getByText('报告').waitFor();
    await admin.getByRole('button', { name: '返回门户' }).click();
    await admin.waitForURL(/\/homepage$/);
  });

  it('uploads three PDFs, showing each one progress, 处理中 and its result', async () => {
    const files = await Promise.all(
      REPORTS.map(async (title) => ({
        name: `${title}.pdf`,
        mimeType: 'application/pdf',
        buffer: await reportPdf(title, [
          `${title}：本报告梳理行业规模、竞争格局与政策走向。`,
          '核心结论：成本下降与应用场景扩展共同推动市场增长。',
        ]),
      })),
    );
    await admin.goto('/admin/reports');
    await admin.getByRole('button', { name: '上传报告' }).click();
    const dialog = admin.getByRole('dialog', { name: '上传报告' });
    await dialog.waitFor();
    // Every phase each file shows, recorded as the page renders it.
    await admin.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { uploadPhases: string[] }).uploadPhases = seen;
      const record = () => {
        for (const entry of document.querySelectorAll('[data-testid="upload-entry"]')) {
          const text = `${entry.getAttribute('data-phase')}|${entry.textContent ?? ''}`;
          if (seen.at(-1) !== text) {
            seen.push(text);
          }
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    // A fourth file that claims to be a PDF but is not one: refused with the server's reason.
    const broken = {
      name: '损坏的文件.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nnot really'),
    };
    await dialog.locator('input[type="file"]').setInputFiles([...files, broken]);
    await expect
      .poll(() => dialog.locator('[data-testid="upload-entry"][data-phase="done"]').count(), {
        timeout: 60_000,
      })
      .toBe(3);
    const refused = dialog.locator('[data-testid="upload-entry"]').filter({ hasText: broken.name });
    await expect.poll(() => refused.getAttribute('data-phase'), { timeout: 30_000 }).toBe('failed');
    expect(await refused.textContent()).toMatch(/失败：\S+/);
    await settled(admin);
    await screenshot(admin, 'admin-upload-1440');
    for (const title of REPORTS) {
      const entry = dialog.locator('[data-testid="upload-entry"]').filter({ hasText: `${title}.pdf` });
      expect(await entry.textContent()).toContain('完成：草稿');
    }
    const phases = await admin.evaluate(() => (window as unknown as { uploadPhases: string[] }).uploadPhases);
    for (const title of REPORTS) {
      const mine = phases.filter((p) => p.includes(`${title}.pdf`)).map((p) => p.split('|')[0]);
      // Sent, then processed by the server, then done — in that order.
      expect(mine).toContain('processing');
      expect(mine.indexOf('processing')).toBeLessThan(mine.indexOf('done'));
    }
    await dialog.getByRole('button', { name: '完成', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const title of REPORTS) {
      await tableRow(admin, title).getByText('草稿').waitFor();
    }
  });

  it('drafts stay hidden from users; a published report appears in /report and search', async () => {
    expect(await reportListText(reader)).not.toContain(PUBLISHED);
    expect(await searchText(reader, PUBLISHED)).not.toContain(PUBLISHED);

    await tableRow(admin, PUBLISHED).getByRole('button', { name: '发布' }).click();
    await confirmDialog(admin).getByText('发布后立即出现在用户的列表和搜索中。').waitFor();
    await confirmDialog(admin).getByRole('button', { name: '发布' }).click();
    await tableRow(admin, PUBLISHED).getByText('已发布').waitFor();

    expect(await reportListText(reader)).toContain(PUBLISHED);
    expect(await searchText(reader, PUBLISHED)).toContain(PUBLISHED);
    await screenshot(reader, 'admin-published-report-search-1440');
  });

  it('unpublishing takes it out of /report and search at once', async () => {
    await admin.goto('/admin/reports');
    await tableRow(admin, PUBLISHED).getByRole('button', { name: '下架' }).click();
    await confirmDialog(admin)
      .getByText(/下架后用户在列表、搜索、推荐和详情中都看不到它/)
      .waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-unpublish-confirm-1440');
    await confirmDialog(admin).getByRole('button', { name: '下架' }).click();
    await tableRow(admin, PUBLISHED).getByText('已下架').waitFor();

    expect(await reportListText(reader)).not.toContain(PUBLISHED);
    expect(await searchText(reader, PUBLISHED)).not.toContain(PUBLISHED);
  });

  it("edits a report's metadata, and refuses a save over someone else's newer one", async () => {
    const title = REPORTS[1];
    const adminToken = decodeURIComponent(
      (await admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    await admin.goto('/admin/reports');
    const loaded = admin.waitForResponse((r) => /\/api\/admin\/content\/report\/\d+$/.test(r.url()));
    await tableRow(admin, title).getByRole('button', { name: '编辑' }).click();
    const detail = (await (await loaded).json()) as { data: { id: number; version: number } };
    const drawer = admin.getByRole('dialog', { name: '编辑报告' });
    await expect.poll(() => drawer.getByRole('textbox', { name: '标题' }).inputValue()).toBe(title);
    await drawer.getByRole('textbox', { name: '行业' }).fill('新能源');
    await drawer.getByRole('textbox', { name: '摘要' }).fill('氢燃料重卡的成本曲线与示范城市群进展。');

    // Meanwhile another admin saves the same report.
    const other = await fetch(`${portal.url}/api/admin/reports/${detail.data.id}`, {
      method: 'PUT',
      headers: { token: adminToken, source: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ title, industry: '交通', version: detail.data.version }),
    });
    expect(((await other.json()) as { code: number }).code).toBe(0);

    await drawer.getByRole('button', { name: '保存' }).click();
    await admin.getByText('该内容已被他人修改，请刷新后重试').first().waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-report-edit-conflict-1440');
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Reopened, the editor holds the other save; this one now goes through.
    await tableRow(admin, title).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: '行业' }).inputValue()).toBe('交通');
    await drawer.getByRole('textbox', { name: '行业' }).fill('新能源');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const after = await fetch(`${portal.url}/api/admin/content/report/${detail.data.id}`, {
      headers: { token: adminToken, source: '1' },
    });
    const saved = (await after.json()) as { data: { fields: { industry: string } } };
    expect(saved.data.fields.industry).toBe('新能源');
  });

  it('refuses an empty headline with the contract messages, then publishes one users find', async () => {
    await admin.goto('/admin/headlines');
    await admin.getByRole('button', { name: '新建头条' }).click();
    const drawer = admin.getByRole('dialog', { name: '新建头条' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: '发布' }).click();
    await drawer.getByText('标题不能为空').waitFor();
    await drawer.getByText('来源不能为空').waitFor();
    await drawer.getByText('正文不能为空').waitFor();
    await drawer.getByLabel('原文链接').fill('ftp://example.com/x');
    await drawer.getByText('原文链接格式不对，请以http://或https://开头').waitFor();

    await drawer.getByLabel('标题').fill(HEADLINE);
    await drawer.getByLabel('来源').fill('洞察门户编辑部');
    await drawer.getByLabel('原文链接').fill('https://news.example.com/ev-export');
    await drawer
      .getByRole('textbox', { name: /正文/ })
      .fill(
        '<h2>要点</h2><p>今年前十个月，<b>新能源汽车</b>出口同比大幅增长。</p><ul><li>欧洲份额创新高</li></ul>',
      );
    await drawer.getByRole('tab', { name: '预览' }).click();
    await drawer.frameLocator('iframe').getByText('欧洲份额创新高').waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-headline-form-1440');
    await drawer.getByRole('button', { name: '发布' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await tableRow(admin, HEADLINE).getByText('已发布').waitFor();

    await reader.goto('/headlines');
    const list = reader.getByRole('list', { name: '商业头条' });
    await list.getByRole('article').first().waitFor();
    expect(await list.textContent()).toContain(HEADLINE);
    expect(await searchText(reader, '新能源汽车出海再提速')).toContain(HEADLINE);
  });

  it('deleting says first how many favourites and notes point at the item, then removes it', async () => {
    const readerToken = decodeURIComponent(
      (await reader.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const adminToken = decodeURIComponent(
      (await admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const call = async (token: string, path: string, body?: unknown) => {
      const r = await fetch(`${portal.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { token, source: '1', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const reply = (await r.json()) as { code: number; message: string; data: unknown };
      expect(reply.code, `${path}: ${reply.message}`).toBe(0);
      return reply.data;
    };
    const list = (await call(
      adminToken,
      `/api/admin/content/headline?keyword=${encodeURIComponent(HEADLINE)}`,
    )) as {
      data: { id: number }[];
    };
    const id = list.data[0]!.id;
    // The reader keeps it in a folder and writes a note on it.
    await call(readerToken, '/api/user/favorite', {
      data_id: String(id),
      data_type: CONTENT_INDEXES.business,
      status: 1,
    });
    await call(readerToken, '/api/user/note/create', {
      content: '出海数据值得跟踪',
      url: `/headlines/headlines_details/${id}`,
      data_id: String(id),
      data_type: CONTENT_INDEXES.business,
    });

    await admin.goto('/admin/headlines');
    await tableRow(admin, HEADLINE).getByRole('button', { name: '删除' }).click();
    await confirmDialog(admin)
      .getByText(
        '删除后无法恢复：它将从列表和搜索中消失，指向它的 1 个收藏将从收藏夹中移除，1 条笔记将被删除。',
      )
      .waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-delete-confirm-1440');
    await confirmDialog(admin).getByRole('button', { name: '删除' }).click();
    await tableRow(admin, HEADLINE).waitFor({ state: 'detached' });
    expect(await searchText(reader, '新能源汽车出海再提速')).not.toContain(HEADLINE);
  });

  it('the feedback inbox shows what a user sent, with the phone masked', async () => {
    const content = '报告下载后打开是空白页，换了浏览器也一样，请帮忙看看。';
    await reader.goto('/feedback');
    const sent = await reader.evaluate(async (text) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '');
      const r = await fetch('/api/feedback/set/info', {
        method: 'POST',
        headers: { token, source: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ content: text, email: 'reader@example.com', screen_shot: '' }),
      });
      return ((await r.json()) as { code: number }).code;
    }, content);
    expect(sent).toBe(0);
    await admin.goto('/admin/feedback');
    const entry = tableRow(admin, content);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('138****0001');
    expect(await entry.textContent()).toContain('reader@example.com');
  });

  it('disables a user, whose next request is refused, and enables them again', async () => {
    const phone = '13900000088';
    const session = await apiLogin(portal, phone);
    const status = async (token: string) =>
      (await fetch(`${portal.url}/api/menu`, { headers: { token, source: '1' } })).status;
    expect(await status(session.token)).toBe(200);

    await admin.goto('/admin/users');
    const search = admin.getByPlaceholder('手机号或昵称');
    await search.fill(phone);
    await search.press('Enter');
    await admin.waitForURL(/keyword=13900000088/);
    const user = tableRow(admin, phone);
    await user.getByText('正常').waitFor();
    await user.getByRole('button', { name: '停用' }).click();
    await confirmDialog(admin)
      .getByText(/停用后该用户的所有登录立即失效/)
      .waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-user-disable-confirm-1440');
    await confirmDialog(admin).getByRole('button', { name: '停用' }).click();
    await user.getByText('已停用').waitFor();
    expect(await status(session.token)).toBe(401);
    await expect(apiLogin(portal, phone)).rejects.toThrow('该账号已被停用，请联系管理员');

    await user.getByRole('button', { name: '启用' }).click();
    await confirmDialog(admin).getByRole('button', { name: '启用' }).click();
    await user.getByText('正常').waitFor();
    // Enabled: a code request is no longer refused for the account (only the 60 s resend window
    // since the first login's code still applies).
    const sent = await fetch(`${portal.url}/api/sendCode?phone=${phone}`, { headers: { source: '1' } });
    const body = (await sent.json()) as { message: string };
    expect(body.message).not.toBe('该账号已被停用，请联系管理员');
    expect([200, 429]).toContain(sent.status);
  });

  it('restricts an insight topic, grants it to a user who can then open it, and revokes it', async () => {
    const readerToken = decodeURIComponent(
      (await reader.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const openAs = async (id: number) => {
      const r = await fetch(`${portal.url}/api/detail`, {
        method: 'POST',
        headers: { token: readerToken, source: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ index: CONTENT_INDEXES.insight, detail_id: String(id) }),
      });
      return ((await r.json()) as { code: number }).code;
    };
    await admin.goto('/admin/analyses');
    const first = admin.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const loaded = admin.waitForResponse((r) => /\/api\/admin\/analyses\/\d+\/grants$/.test(r.url()));
    await first.getByRole('button', { name: '授权' }).click();
    const reply = (await (await loaded).json()) as { data: { id: number; restricted: number } };
    const id = reply.data.id;
    const drawer = admin.locator('.ant-drawer-open');
    const restricted = drawer.getByRole('switch', { name: '仅授权用户可查看' });
    if (reply.data.restricted !== 1) {
      await restricted.click();
    }
    await expect.poll(() => restricted.getAttribute('aria-checked')).toBe('true');
    expect(await openAs(id)).toBe(1001);

    await drawer.getByPlaceholder('输入手机号授权').fill('1380000');
    await drawer.getByRole('button', { name: '授权', exact: true }).click();
    // The contract's phone rule, the same message as the user screens; nothing is sent.
    await drawer.getByText(MSG.contactPhone).waitFor();
    await drawer.getByPlaceholder('输入手机号授权').fill(DEMO_USER);
    await drawer.getByRole('button', { name: '授权', exact: true }).click();
    await tableRow(admin, DEMO_USER).waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-grants-1440');
    expect(await openAs(id)).toBe(0);

    await tableRow(admin, DEMO_USER).getByRole('button', { name: '撤销' }).click();
    await confirmDialog(admin).getByRole('button', { name: '撤销' }).click();
    await tableRow(admin, DEMO_USER).waitFor({ state: 'detached' });
    expect(await openAs(id)).toBe(1001);
  });

  it("edits a material's attributes, checked by the contract's rules", async () => {
    await admin.goto('/admin/materials');
    const first = admin.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const loaded = admin.waitForResponse((r) => /\/api\/admin\/content\/material\/\d+$/.test(r.url()));
    await first.getByRole('button', { name: '编辑' }).click();
    const id = ((await (await loaded).json()) as { data: { id: number } }).data.id;
    const drawer = admin.getByRole('dialog', { name: '编辑素材' });
    const channel = drawer.getByRole('textbox', { name: '渠道' });
    await channel.fill('渠'.repeat(101));
    await drawer.getByText('输入内容不能超过100个字').waitFor();
    await channel.fill('小红书');
    await settled(admin);
    await screenshot(admin, 'admin-material-edit-1440');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const adminToken = decodeURIComponent(
      (await admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const r = await fetch(`${portal.url}/api/admin/content/material/${id}`, {
      headers: { token: adminToken, source: '1' },
    });
    expect(((await r.json()) as { data: { fields: { channel: string } } }).data.fields.channel).toBe(
      '小红书',
    );
  });

  it('the audit log shows the uploads, publish, unpublish and the new headline', async () => {
    await admin.goto('/admin/audit');
    const table = admin.locator('.ant-table-tbody');
    await table.getByRole('row').first().waitFor();
    const text = (await table.textContent()) ?? '';
    for (const label of ['上传', '发布', '下架', '新建', '编辑']) {
      expect(text).toContain(label);
    }
    // Filtered to headlines only: the creation is there, the report uploads are not.
    await admin.getByRole('combobox').first().click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '商业头条' }).click();
    await admin.waitForURL(/target_type=headline/);
    await expect.poll(async () => (await table.textContent()) ?? '').not.toContain('上传');
    expect((await table.textContent()) ?? '').toContain('新建');
  });

  it('a role-1 user cannot open the back-office', async () => {
    await reader.goto('/admin');
    await reader.waitForURL(/\/404$/);
    await reader.goto('/admin/audit');
    await reader.waitForURL(/\/404$/);
    // Nor can the API be called around it.
    const reply = await reader.evaluate(async () => {
      const token = document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '';
      const r = await fetch('/api/admin/audit', {
        headers: { token: decodeURIComponent(token), source: '1' },
      });
      return r.status;
    });
    expect(reply).toBe(403);
  });

  it('lays out every screen at 1440 and 390 px', async () => {
    const sections = ['reports', 'headlines', 'analyses', 'materials', 'users', 'feedback', 'audit'];
    for (const section of sections) {
      await admin.goto(`/admin/${section}`);
      await admin.locator('.ant-table-tbody').waitFor();
      await settled(admin);
      await screenshot(admin, `admin-${section}-1440`);
    }
    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    for (const section of sections) {
      await phone.goto(`/admin/${section}`);
      await phone.locator('.ant-table-tbody').waitFor();
      await settled(phone);
      await screenshot(phone, `admin-${section}-390`);
    }
    await phone.getByRole('button', { name: '打开菜单' }).click();
    await phone.locator('.ant-drawer').getByText('内容管理').waitFor();
    await settled(phone);
    await screenshot(phone, 'admin-menu-390');
    await phone.context().close();
  });
});
