import { describe, expect, it } from 'vitest';
import { CONTENT_INDEXES, MSG } from '@portal/contract';
import { DEMO_ADMIN, DEMO_USER, loggedInPage, MOBILE, screenshot } from '../src/browser.ts';
import { adminAndReader, searchText, confirmDialog, settled, tableRow } from '../src/admin-pages.ts';

const s = adminAndReader();

/*
 * The back-office's screens one by one: the way in and out, edit conflicts, form rules, delete
 * with its impact, grants and revokes, refusals and layouts. The walk through every section with
 * its effects on user pages (uploads, publish, certification, inbox reply, disabling a user, …)
 * is e2e/specs/admin-walk.spec.ts.
 */
const HEADLINE = '新能源汽车出海再提速：欧洲市场份额创新高';

describe('back-office', () => {
  it('opens from 切换后台 and returns with 返回门户', async () => {
    await s.admin.goto('/homepage');
    await s.admin.getByRole('button', { name: '用户菜单' }).click();
    await s.admin.getByRole('menuitem', { name: '切换后台' }).click();
    await s.admin.waitForURL(/\/admin\/reports$/);
    await s.admin.getByRole('menu').getByText('内容管理').waitFor();
    await s.admin.locator('.ant-breadcrumb').getByText('报告').waitFor();
    // The section's group is open in the menu, its entry selected, after /admin's redirect too.
    for (const path of ['/admin/reports', '/admin']) {
      await s.admin.goto(path);
      await s.admin.waitForURL(/\/admin\/reports$/);
      const entry = s.admin.getByRole('menu').getByRole('menuitem', { name: '报告', exact: true });
      await entry.waitFor();
      expect(await entry.isVisible()).toBe(true);
      expect(await entry.getAttribute('class')).toContain('ant-menu-item-selected');
    }
    await s.admin.getByRole('button', { name: '返回门户' }).click();
    await s.admin.waitForURL(/\/homepage$/);
  });

  it("edits a report's metadata, and refuses a save over someone else's newer one", async () => {
    const adminToken = decodeURIComponent(
      (await s.admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    await s.admin.goto('/admin/reports');
    const first = s.admin.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const loaded = s.admin.waitForResponse((r) => /\/api\/admin\/content\/report\/\d+$/.test(r.url()));
    await first.getByRole('button', { name: '编辑' }).click();
    const detail = (await (await loaded).json()) as { data: { id: number; version: number; title: string } };
    const title = detail.data.title;
    const drawer = s.admin.getByRole('dialog', { name: '编辑报告' });
    await expect.poll(() => drawer.getByRole('textbox', { name: '标题' }).inputValue()).toBe(title);
    await drawer.getByRole('textbox', { name: '行业' }).fill('新能源');
    await drawer
      .getByRole('textbox', { name: '摘要', exact: true })
      .fill('氢燃料重卡的成本曲线与示范城市群进展。');

    // Meanwhile another admin saves the same report.
    const other = await fetch(`${s.portal.url}/api/admin/reports/${detail.data.id}`, {
      method: 'PUT',
      headers: { token: adminToken, source: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ title, industry: '交通', version: detail.data.version }),
    });
    expect(((await other.json()) as { code: number }).code).toBe(0);

    await drawer.getByRole('button', { name: '保存' }).click();
    await s.admin.getByText('该内容已被他人修改，请刷新后重试').first().waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-report-edit-conflict-1440');
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Reopened, the editor holds the other save; this one now goes through.
    await tableRow(s.admin, title).getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: '行业' }).inputValue()).toBe('交通');
    await drawer.getByRole('textbox', { name: '行业' }).fill('新能源');
    // The contents readers see are the editor's to correct too.
    await drawer.getByRole('textbox', { name: '目录第1条', exact: true }).fill('一、编辑改写的章节');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const after = await fetch(`${s.portal.url}/api/admin/content/report/${detail.data.id}`, {
      headers: { token: adminToken, source: '1' },
    });
    const saved = (await after.json()) as {
      data: { fields: { industry: string; toc: { title: string }[] } };
    };
    expect(saved.data.fields.industry).toBe('新能源');
    expect(saved.data.fields.toc[0]?.title).toBe('一、编辑改写的章节');
    await s.reader.goto(`/report/report_details/${detail.data.id}`);
    await s.reader.getByRole('navigation', { name: '目录' }).getByText('一、编辑改写的章节').waitFor();
  });

  it('refuses an empty headline with the contract messages, then publishes one', async () => {
    await s.admin.goto('/admin/headlines');
    await s.admin.getByRole('button', { name: '新建头条' }).click();
    const drawer = s.admin.getByRole('dialog', { name: '新建头条' });
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
    await settled(s.admin);
    await screenshot(s.admin, 'admin-headline-form-1440');
    await drawer.getByRole('button', { name: '发布' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await tableRow(s.admin, HEADLINE).getByText('已发布').waitFor();
    expect(await searchText(s.reader, '新能源汽车出海再提速')).toContain(HEADLINE);
  });

  it('splits a headline out of a story it was wrongly joined to: the reader then sees two cards', async () => {
    const adminToken = decodeURIComponent(
      (await s.admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const content = '<p>华信咨询12月1日发布报告，氢能重卡示范城市群推广量达到1.2万辆，同比增长40%。</p>';
    const create = async (title: string, source: string) => {
      const res = await fetch(`${s.portal.url}/api/admin/headlines`, {
        method: 'POST',
        headers: { token: adminToken, source: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ title, source, content }),
      });
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const story = '氢能重卡示范城市群推广量达1.2万辆，同比增长40%';
    const copy = '氢能重卡：示范城市群推广量达1.2万辆 同比增长40%';
    await create(story, '汽车日报');
    await create(copy, '电车观察');
    // Joined as one story: one card naming both sources.
    const before = await searchText(s.reader, '氢能重卡 示范城市群');
    expect(before).toContain('2 个来源');
    expect(before).not.toContain(copy);

    await s.admin.goto('/admin/headlines');
    await tableRow(s.admin, copy).getByText('同一事件 2').waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-headline-story-1440');
    await tableRow(s.admin, copy).getByRole('button', { name: '编辑' }).click();
    const drawer = s.admin.getByRole('dialog', { name: '编辑头条' });
    await drawer.getByRole('list', { name: '同一事件的其他来源（1）' }).getByText(story).waitFor();
    await drawer.getByRole('button', { name: '拆分为独立事件' }).click();
    await confirmDialog(s.admin).getByRole('button', { name: '拆分为独立事件' }).click();
    await s.admin.getByText('已拆分为独立事件').first().waitFor();
    await expect.poll(() => tableRow(s.admin, story).getByText('同一事件 2').count()).toBe(0);

    const after = await searchText(s.reader, '氢能重卡 示范城市群');
    expect(after).toContain(story);
    expect(after).toContain(copy);
    expect(after).not.toContain('2 个来源');
  });

  it('deleting says first how many favourites and notes point at the item, then removes it', async () => {
    const readerToken = decodeURIComponent(
      (await s.reader.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const adminToken = decodeURIComponent(
      (await s.admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const call = async (token: string, path: string, body?: unknown) => {
      const r = await fetch(`${s.portal.url}${path}`, {
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

    await s.admin.goto('/admin/headlines');
    await tableRow(s.admin, HEADLINE).getByRole('button', { name: '删除' }).click();
    await confirmDialog(s.admin)
      .getByText(
        '删除后无法恢复：它将从列表和搜索中消失，指向它的 1 个收藏将从收藏夹中移除，1 条笔记将被删除。',
      )
      .waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-delete-confirm-1440');
    await confirmDialog(s.admin).getByRole('button', { name: '删除' }).click();
    await tableRow(s.admin, HEADLINE).waitFor({ state: 'detached' });
    expect(await searchText(s.reader, '新能源汽车出海再提速')).not.toContain(HEADLINE);
  });

  it('restricts an insight topic, grants it to a user who can then open it, and revokes it', async () => {
    const readerToken = decodeURIComponent(
      (await s.reader.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const openAs = async (id: number) => {
      const r = await fetch(`${s.portal.url}/api/detail`, {
        method: 'POST',
        headers: { token: readerToken, source: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ index: CONTENT_INDEXES.insight, detail_id: String(id) }),
      });
      return ((await r.json()) as { code: number }).code;
    };
    await s.admin.goto('/admin/analyses');
    const first = s.admin.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const loaded = s.admin.waitForResponse((r) => /\/api\/admin\/analyses\/\d+\/grants$/.test(r.url()));
    await first.getByRole('button', { name: '授权' }).click();
    const reply = (await (await loaded).json()) as { data: { id: number; restricted: number } };
    const id = reply.data.id;
    const drawer = s.admin.locator('.ant-drawer-open');
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
    await tableRow(s.admin, DEMO_USER).waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-grants-1440');
    expect(await openAs(id)).toBe(0);

    await tableRow(s.admin, DEMO_USER).getByRole('button', { name: '撤销' }).click();
    await confirmDialog(s.admin).getByRole('button', { name: '撤销' }).click();
    await tableRow(s.admin, DEMO_USER).waitFor({ state: 'detached' });
    expect(await openAs(id)).toBe(1001);
  });

  it("edits a material's attributes, checked by the contract's rules", async () => {
    await s.admin.goto('/admin/materials');
    const first = s.admin.locator('.ant-table-tbody .ant-table-row').first();
    await first.waitFor();
    const loaded = s.admin.waitForResponse((r) => /\/api\/admin\/content\/material\/\d+$/.test(r.url()));
    await first.getByRole('button', { name: '编辑' }).click();
    const id = ((await (await loaded).json()) as { data: { id: number } }).data.id;
    const drawer = s.admin.getByRole('dialog', { name: '编辑素材' });
    const channel = drawer.getByRole('textbox', { name: '渠道' });
    await channel.fill('渠'.repeat(101));
    await drawer.getByText('输入内容不能超过100个字').waitFor();
    await channel.fill('小红书');
    await settled(s.admin);
    await screenshot(s.admin, 'admin-material-edit-1440');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const adminToken = decodeURIComponent(
      (await s.admin.context().cookies()).find((c) => c.name === 'token')?.value ?? '',
    );
    const r = await fetch(`${s.portal.url}/api/admin/content/material/${id}`, {
      headers: { token: adminToken, source: '1' },
    });
    expect(((await r.json()) as { data: { fields: { channel: string } } }).data.fields.channel).toBe(
      '小红书',
    );
  });

  it('the audit log filters by target type', async () => {
    await s.admin.goto('/admin/audit');
    const table = s.admin.locator('.ant-table-tbody');
    // The first row may be the empty state shown while the log loads: wait for entries.
    await table.getByText(/#\d+/).first().waitFor();
    const text = (await table.textContent()) ?? '';
    // Targets show as 类型 #id: the report and material edits, the headline, the topic's grants.
    for (const label of ['报告 #', '素材 #', '商业头条 #', '洞察专题 #', '专题授权']) {
      expect(text).toContain(label);
    }
    // Filtered to headlines only: its creation and deletion are there, the other targets are not.
    await s.admin.getByRole('combobox').first().click();
    await s.admin.locator('.ant-select-item-option').filter({ hasText: '商业头条' }).click();
    await s.admin.waitForURL(/target_type=headline/);
    await expect.poll(async () => (await table.textContent()) ?? '').not.toContain('报告 #');
    const filtered = (await table.textContent()) ?? '';
    expect(filtered).not.toContain('素材 #');
    expect(filtered).toContain('新建');
    expect(filtered).toContain('删除');
  });

  it('a role-1 user cannot open the back-office', async () => {
    await s.reader.goto('/admin');
    await s.reader.waitForURL(/\/404$/);
    await s.reader.goto('/admin/audit');
    await s.reader.waitForURL(/\/404$/);
    // Nor can the API be called around it.
    const reply = await s.reader.evaluate(async () => {
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
      await s.admin.goto(`/admin/${section}`);
      await s.admin.locator('.ant-table-tbody').waitFor();
      await settled(s.admin);
      await screenshot(s.admin, `admin-${section}-1440`);
    }
    const phone = await loggedInPage(s.browser, s.portal, MOBILE, DEMO_ADMIN);
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
    // The report editor's companies and the headline editor's cover on a phone.
    for (const [section, drawer] of [
      ['reports', '编辑报告'],
      ['headlines', '编辑头条'],
    ] as const) {
      await phone.goto(`/admin/${section}`);
      await phone
        .locator('.ant-table-tbody .ant-table-row')
        .first()
        .getByRole('button', { name: '编辑' })
        .click();
      const opened = phone.getByRole('dialog', { name: drawer });
      await opened.getByRole('textbox', { name: '标题' }).waitFor();
      await opened
        .getByText(section === 'reports' ? '发布机构与关联机构' : '暂无封面')
        .scrollIntoViewIfNeeded();
      await settled(phone);
      await screenshot(phone, `admin-${section}-editor-390`);
    }
    await phone.context().close();
  });
});
