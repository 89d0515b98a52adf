import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogueNameRule, CONTENT_INDEXES, MSG } from '@portal/contract';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { apiLogin, DEMO_USER, screenshot, sessionFor } from '../src/browser.ts';
import { adminAndReader, searchText, confirmDialog, settled, tableRow } from '../src/admin-pages.ts';
import { reportPdf } from '../src/reportPdf.ts';

/**
 * The back-office's "done when" (issue 16): the demo admin walks every section in one journey
 * and checks each change where users see it — uploads, publish and unpublish, a headline with
 * its cover, an organisation's certification, a restricted topic's grant, a feedback answered by
 * e-mail, the catalogue, a disabled user — and finds each of them in the audit log.
 */

const s = adminAndReader();

/** Three reports to upload; the first gets a publisher, is published, checked, then taken down. */
const REPORTS = ['钠离子电池储能白皮书', '氢燃料重卡商业化路线图', '低空物流无人机观察'] as const;
const PUBLISHED = REPORTS[0];
const HEADLINE = '新能源汽车出海再提速：欧洲市场份额创新高';
/** A word the new headline holds: adding it as a keyword re-indexes that headline. */
const KEYWORD = '欧洲份额';
/** A 1 × 1 PNG: the headline's cover. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAAABJRU5ErkJggg==',
  'base64',
);

type Organ = { company_id: string; name: string; is_certification: number };

/** The user's organisation directory, as the API lists it. */
async function organs(): Promise<Organ[]> {
  const { token } = await sessionFor(s.portal, DEMO_USER);
  const r = await fetch(`${s.portal.url}/api/company/list?page=1&page_size=50`, {
    headers: { token, source: '1' },
  });
  return ((await r.json()) as { data: { data: Organ[] } }).data.data;
}

/** The card of `title` on the user's report list, or null when the list does not show it. */
async function reportCard(page: Page, title: string): Promise<string | null> {
  await page.goto('/report');
  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .first();
  await list.getByRole('article').first().waitFor();
  const card = list.getByRole('article').filter({ hasText: title });
  return (await card.count()) > 0 ? await card.first().textContent() : null;
}

describe('the demo admin walks every back-office section', () => {
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
    await s.admin.goto('/homepage');
    await s.admin.getByRole('button', { name: '用户菜单' }).click();
    await s.admin.getByRole('menuitem', { name: '切换后台' }).click();
    await s.admin.waitForURL(/\/admin\/reports$/);
    await s.admin.getByRole('button', { name: '上传报告' }).click();
    const dialog = s.admin.getByRole('dialog', { name: '上传报告' });
    await dialog.waitFor();
    // Every phase each file shows, recorded as the page renders it.
    await s.admin.evaluate(() => {
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
    await settled(s.admin);
    await screenshot(s.admin, 'admin-upload-1440');
    const phases = await s.admin.evaluate(
      () => (window as unknown as { uploadPhases: string[] }).uploadPhases,
    );
    for (const title of REPORTS) {
      const entry = dialog.locator('[data-testid="upload-entry"]').filter({ hasText: `${title}.pdf` });
      expect(await entry.textContent()).toContain('完成：草稿');
      const mine = phases.filter((p) => p.includes(`${title}.pdf`)).map((p) => p.split('|')[0]);
      // Sent, then processed by the server, then done — in that order.
      expect(mine.indexOf('processing')).toBeGreaterThanOrEqual(0);
      expect(mine.indexOf('processing')).toBeLessThan(mine.indexOf('done'));
    }
    await dialog.getByRole('button', { name: '完成', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const title of REPORTS) {
      await tableRow(s.admin, title).getByText('草稿').waitFor();
    }
  });

  it('names a publisher, publishes one report: users find it in /report and search; unpublished, it is gone', async () => {
    expect(await reportCard(s.reader, PUBLISHED)).toBeNull();
    const publisher = (await organs()).find((o) => o.is_certification === 1);
    if (!publisher) {
      throw new Error('no certified demo organisation');
    }
    await tableRow(s.admin, PUBLISHED).getByRole('button', { name: '编辑' }).click();
    const drawer = s.admin.getByRole('dialog', { name: '编辑报告' });
    await expect.poll(() => drawer.getByRole('textbox', { name: '标题' }).inputValue()).toBe(PUBLISHED);
    const add = drawer.getByRole('combobox', { name: '搜索并添加机构' });
    await add.click();
    await add.fill(publisher.name);
    await s.admin.locator(`.ant-select-item-option[title="${publisher.name}"]`).click();
    const companies = drawer.getByRole('list', { name: '发布机构与关联机构' });
    await companies.getByText(publisher.name).waitFor();
    expect(await companies.getByRole('listitem').first().textContent()).toContain('发布机构');
    await settled(s.admin);
    await screenshot(s.admin, 'admin-report-companies-1440');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await tableRow(s.admin, PUBLISHED).getByRole('button', { name: '发布' }).click();
    await confirmDialog(s.admin).getByText('发布后立即出现在用户的列表和搜索中。').waitFor();
    await confirmDialog(s.admin).getByRole('button', { name: '发布' }).click();
    await tableRow(s.admin, PUBLISHED).getByText('已发布').waitFor();
    // The card names the publisher the admin chose.
    expect(await reportCard(s.reader, PUBLISHED)).toContain(publisher.name);
    expect(await searchText(s.reader, PUBLISHED)).toContain(PUBLISHED);

    await s.admin.goto('/admin/reports');
    await tableRow(s.admin, PUBLISHED).getByRole('button', { name: '下架' }).click();
    await confirmDialog(s.admin)
      .getByText(/下架后用户在列表、搜索、推荐和详情中都看不到它/)
      .waitFor();
    await confirmDialog(s.admin).getByRole('button', { name: '下架' }).click();
    await tableRow(s.admin, PUBLISHED).getByText('已下架').waitFor();
    expect(await reportCard(s.reader, PUBLISHED)).toBeNull();
    expect(await searchText(s.reader, PUBLISHED)).not.toContain(PUBLISHED);
  });

  it('creates a headline users find in /headlines and search, then gives it a cover', async () => {
    await s.admin.goto('/admin/headlines');
    await s.admin.getByRole('button', { name: '新建头条' }).click();
    const created = s.admin.getByRole('dialog', { name: '新建头条' });
    await created.getByLabel('标题').fill(HEADLINE);
    await created.getByLabel('来源').fill('洞察门户编辑部');
    await created.getByLabel('原文链接').fill('https://news.example.com/ev-export');
    await created
      .getByRole('textbox', { name: /正文/ })
      .fill(
        '<h2>要点</h2><p>今年前十个月，<b>新能源汽车</b>出口同比大幅增长。</p><ul><li>欧洲份额创新高</li></ul>',
      );
    await created.getByRole('button', { name: '发布' }).click();
    await created.waitFor({ state: 'hidden' });
    await tableRow(s.admin, HEADLINE).getByText('已发布').waitFor();

    await tableRow(s.admin, HEADLINE).getByRole('button', { name: '编辑' }).click();
    const edit = s.admin.getByRole('dialog', { name: '编辑头条' });
    await expect.poll(() => edit.getByLabel('标题').inputValue()).toBe(HEADLINE);
    await edit.getByText('暂无封面').waitFor();
    await edit
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await edit.getByRole('img', { name: '封面' }).waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-headline-cover-1440');
    await edit.getByRole('button', { name: '取消' }).click();

    await s.reader.goto('/headlines');
    await s.reader.getByRole('list', { name: '商业头条' }).getByText(HEADLINE).waitFor();
    // Search cards show the cover the admin uploaded.
    expect(await searchText(s.reader, '新能源汽车出海再提速')).toContain(HEADLINE);
    const card = s.reader
      .getByRole('list', { name: '搜索结果列表' })
      .getByRole('article')
      .filter({ hasText: HEADLINE });
    expect(await card.first().locator('img').first().getAttribute('src')).toMatch(
      /^\/files\/public\/headlines\//,
    );
    await screenshot(s.reader, 'walk-headline-cover-search-1440');
  });

  it("certifying an organisation turns the user's claim dialog into the contact form", async () => {
    const organ = (await organs()).find((o) => o.is_certification === 0);
    if (!organ) {
      throw new Error('no uncertified demo organisation');
    }
    await s.reader.goto(`/organ/organDetail/${organ.company_id}`);
    await s.reader.getByRole('button', { name: '认领机构' }).waitFor();

    await s.admin.goto('/admin/organisations');
    await s.admin.getByPlaceholder('搜索机构名称').fill(organ.name);
    await s.admin.getByPlaceholder('搜索机构名称').press('Enter');
    await tableRow(s.admin, organ.name).getByText('未认证').waitFor();
    await tableRow(s.admin, organ.name).getByRole('button', { name: '编辑' }).click();
    const drawer = s.admin.getByRole('dialog').filter({ hasText: `编辑机构：${organ.name}` });
    await expect.poll(() => drawer.getByLabel('机构名称').inputValue()).toBe(organ.name);
    await drawer.getByRole('switch', { name: '已认证' }).click();
    await drawer.getByRole('button', { name: '保存' }).click();
    await tableRow(s.admin, organ.name).getByText('已认证').waitFor();

    await s.reader.reload();
    await s.reader.getByRole('button', { name: '联系我们' }).waitFor();
    expect(await s.reader.getByRole('button', { name: '认领机构' }).count()).toBe(0);
  });

  it('restricts an insight topic and grants it to the user, who can then open it', async () => {
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
      const saved = s.admin.waitForResponse(
        (r) => /\/api\/admin\/analyses\/\d+\/restricted$/.test(r.url()) && r.request().method() === 'PUT',
      );
      await restricted.click();
      await saved;
    }
    await expect.poll(() => restricted.getAttribute('aria-checked')).toBe('true');

    // Restricted: the user's detail call is refused with the spec's 1001 (暂无查看权限).
    const { token } = await sessionFor(s.portal, DEMO_USER);
    const detail = await fetch(`${s.portal.url}/api/detail`, {
      method: 'POST',
      headers: { token, source: '1', 'content-type': 'application/json' },
      body: JSON.stringify({ index: CONTENT_INDEXES.insight, detail_id: String(id) }),
    });
    expect(((await detail.json()) as { code: number; message: string }).message).toBe(MSG.noPermission);
    const topic = `/analysis/analysis_details/${id}?id=${id}&index=${CONTENT_INDEXES.insight}`;

    await drawer.getByPlaceholder('输入手机号授权').fill(DEMO_USER);
    const granted = s.admin.waitForResponse(
      (r) => /\/api\/admin\/analyses\/\d+\/grants$/.test(r.url()) && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: '授权', exact: true }).click();
    await granted;
    await tableRow(s.admin, DEMO_USER).waitFor();
    // Granted: the user opens the topic in the s.browser.
    await s.reader.goto(topic);
    await s.reader.locator('#analysis-title').waitFor();
    expect(await s.reader.getByText(MSG.noPermission).count()).toBe(0);
    await screenshot(s.reader, 'walk-granted-topic-1440');
  });

  it('answers a feedback by e-mail (it lands in the outbox), marks it done and shows the history', async () => {
    const content = '订阅邮件里的链接打不开，点开以后一直在转圈，麻烦看一下。';
    const address = 'walk-reader@example.com';
    await s.reader.goto('/feedback');
    const sent = await s.reader.evaluate(
      async ({ text, email }) => {
        const token = decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '');
        const r = await fetch('/api/feedback/set/info', {
          method: 'POST',
          headers: { token, source: '1', 'content-type': 'application/json' },
          body: JSON.stringify({ content: text, email, screen_shot: '' }),
        });
        return ((await r.json()) as { code: number }).code;
      },
      { text: content, email: address },
    );
    expect(sent).toBe(0);

    await s.admin.goto('/admin/feedback');
    const entry = tableRow(s.admin, content);
    await entry.getByText('新建').waitFor();
    expect(await entry.textContent()).toContain('138****0001');
    await entry.getByRole('button', { name: '处理' }).click();
    const drawer = s.admin.locator('.ant-drawer');
    await drawer.getByText(`回复将发送至 ${address}`).waitFor();
    const answer = '您好，链接问题已修复，请重新打开订阅邮件里的链接。';
    await drawer.getByLabel('回复内容').fill(answer);
    await drawer.getByRole('button', { name: '发送' }).click();
    await s.admin.getByText(MSG.inboxReplySent).waitFor();
    const mail = await waitForMailTo(s.portal.dataDir, address, { timeoutMs: 10_000 });
    expect(mail.subject).toBe('【洞察门户】关于您的反馈');
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain(content);

    await drawer.getByLabel('状态').click();
    await s.admin.locator('.ant-select-dropdown').getByText('已完成').click();
    await drawer.getByRole('button', { name: '保存' }).click();
    await s.admin.getByText('保存成功').waitFor();
    await drawer.getByText('状态：新建 → 已完成').waitFor();
    await settled(s.admin);
    await screenshot(s.admin, 'admin-inbox-history-1440');
    await s.admin.keyboard.press('Escape');
    await entry.getByText('已完成').waitFor();
  });

  it('adds a recommended keyword in 目录 that users can subscribe to at once', async () => {
    await s.admin.goto('/admin/catalogue');
    await s.admin.getByRole('tab', { name: '推荐关键词' }).click();
    const input = s.admin.getByRole('textbox', { name: '新关键词名称' });
    await input.fill('关键词'.repeat(10));
    await s.admin.getByRole('button', { name: '添加', exact: true }).last().click();
    await s.admin.getByText(catalogueNameRule('keywords')('关键词'.repeat(10)) ?? '').waitFor();
    await input.fill(KEYWORD);
    await s.admin.getByRole('button', { name: '添加', exact: true }).last().click();
    await tableRow(s.admin, KEYWORD).waitFor();
    // The background re-index of the documents holding it reports its progress.
    await s.admin
      .getByText(/正在更新搜索索引|搜索索引已更新/)
      .first()
      .waitFor({ timeout: 15_000 });
    await settled(s.admin);
    await screenshot(s.admin, 'admin-catalogue-keyword-1440');

    const { token } = await sessionFor(s.portal, DEMO_USER);
    const r = await fetch(`${s.portal.url}/api/business/subscribe/info`, { headers: { token, source: '1' } });
    const info = (await r.json()) as { data: { subscribe_info: { keyword: string }[] } };
    expect(info.data.subscribe_info.map((k) => k.keyword)).toContain(KEYWORD);
  });

  // A phone of its own per try: a second try with the same phone would meet the 60 s SMS limit.
  let tries = 0;
  it('disables a user, whose next request is refused', async () => {
    const phone = `1390000008${tries++}`;
    const session = await apiLogin(s.portal, phone);
    const status = async () =>
      (await fetch(`${s.portal.url}/api/menu`, { headers: { token: session.token, source: '1' } })).status;
    expect(await status()).toBe(200);
    await s.admin.goto('/admin/users');
    const search = s.admin.getByPlaceholder('手机号或昵称');
    await search.fill(phone);
    await search.press('Enter');
    const user = tableRow(s.admin, phone);
    await user.getByText('正常').waitFor();
    await user.getByRole('button', { name: '停用' }).click();
    await confirmDialog(s.admin)
      .getByText(/停用后该用户的所有登录立即失效/)
      .waitFor();
    await confirmDialog(s.admin).getByRole('button', { name: '停用' }).click();
    // The row says 已停用, or the page shows why not (an error message is the failure to read).
    const refused = s.admin.locator('.ant-message-error');
    await user.getByText('已停用').or(refused).first().waitFor();
    expect(await refused.count(), (await refused.allTextContents()).join(' ')).toBe(0);
    expect(await status()).toBe(401);
    await expect(apiLogin(s.portal, phone)).rejects.toThrow('该账号已被停用，请联系管理员');
  });

  it('the audit log shows each of these writes', async () => {
    await s.admin.goto('/admin/audit');
    const table = s.admin.locator('.ant-table-tbody');
    // A data row: while the list loads, the body holds antd's 暂无数据 placeholder row.
    await table.locator('tr.ant-table-row').first().waitFor();
    const text = (await table.textContent()) ?? '';
    for (const label of [
      '上传',
      '编辑',
      '发布',
      '下架',
      '新建',
      '替换文件',
      '编辑机构',
      '专题授权',
      '邮件回复',
      '处理收件箱',
      '新建目录项',
      '停用账号',
    ]) {
      expect(text, label).toContain(label);
    }
    await settled(s.admin);
    await screenshot(s.admin, 'admin-walk-audit-1440');
  });
});
