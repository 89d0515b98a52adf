import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import {
  DEMO_ADMIN,
  DEMO_USER,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { settled, tableRow } from '../src/admin-pages.ts';
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

describe('back-office inboxes', () => {
  const content = '订阅邮件里的链接打不开，点开以后一直在转圈，麻烦看一下。';
  const address = 'inbox-reader@example.com';

  it('answers a feedback by e-mail, marks it done, and the audit log lists the reply', async () => {
    await reader.goto('/feedback');
    const sent = await reader.evaluate(
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

    await admin.goto('/admin/feedback');
    const entry = tableRow(admin, content);
    await entry.getByText('新建').waitFor();
    expect(await entry.textContent()).toContain('138****0001');
    await settled(admin);
    await screenshot(admin, 'admin-inbox-feedback-1440');
    await entry.getByRole('button', { name: '处理' }).click();

    const drawer = admin.locator('.ant-drawer');
    await drawer.getByText(`回复将发送至 ${address}`).waitFor();
    const reply = '您好，链接问题已修复，请重新打开订阅邮件里的链接。';
    // The contract's rule first: an empty reply is refused in the form, nothing is sent.
    await drawer.getByRole('button', { name: '发送' }).click();
    await drawer.getByText(MSG.inboxReplyBodyRequired).waitFor();
    await drawer.getByLabel('回复内容').fill(reply);
    await drawer.getByRole('button', { name: '发送' }).click();
    await admin.getByText(MSG.inboxReplySent).waitFor();
    const mail = await waitForMailTo(portal.dataDir, address, { timeoutMs: 10_000 });
    expect(mail.subject).toBe('【洞察门户】关于您的反馈');
    expect(mail.text).toContain(reply);
    expect(mail.text).toContain(content);
    await drawer.getByText(`管理员 回复至 ${address}`).waitFor();

    await drawer.getByLabel('状态').click();
    await admin.locator('.ant-select-dropdown').getByText('已完成').click();
    await drawer.getByLabel('内部备注').fill('订阅链接域名已更新');
    await drawer.getByRole('button', { name: '保存' }).click();
    await admin.getByText('保存成功').waitFor();
    await settled(admin);
    await screenshot(admin, 'admin-inbox-drawer-1440');
    await admin.keyboard.press('Escape');
    await entry.getByText('已完成').waitFor();

    await admin.goto('/admin/audit');
    const audited = tableRow(admin, '邮件回复');
    await audited.first().waitFor();
    expect(await audited.first().textContent()).toContain(address);
    await tableRow(admin, '处理收件箱').first().waitFor();
  });

  it('a claim filed from the claim dialog lands in the claims inbox', async () => {
    const session = await sessionFor(portal, DEMO_USER);
    const r = await fetch(`${portal.url}/api/company/list?page=1&page_size=50`, {
      headers: { token: session.token, source: '1' },
    });
    const organs = (
      (await r.json()) as { data: { data: { company_id: string; name: string; is_certification: number }[] } }
    ).data.data;
    const uncertified = organs.find((o) => o.is_certification === 0);
    if (!uncertified) {
      throw new Error('no uncertified demo organisation');
    }
    const phone = await loggedInPage(browser, portal, MOBILE, DEMO_USER);
    await phone.goto(`/organ/organDetail/${uncertified.company_id}`);
    await phone.getByRole('button', { name: '认领机构' }).click();
    const dialog = phone.getByRole('dialog', { name: '认领该机构' });
    const form = dialog.getByRole('form', { name: '或在线提交认领申请' });
    await form.getByLabel('联系人').fill('王五');
    await form.getByLabel('手机号或邮箱').fill('12345');
    await form.getByLabel('认领说明').fill('我是该机构的品牌负责人，可以提供营业执照。');
    await form.getByRole('button', { name: '提交认领申请' }).click();
    await form.getByText(MSG.claimContact).waitFor();
    await form.getByLabel('手机号或邮箱').fill('wang.wu@example.com');
    await screenshot(phone, 'organ-claim-form-390');
    await form.getByRole('button', { name: '提交认领申请' }).click();
    await phone.getByText(MSG.claimThanks).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await phone.context().close();

    await admin.goto('/admin/claims');
    const entry = tableRow(admin, '王五');
    await entry.waitFor();
    expect(await entry.textContent()).toContain(uncertified.name);
    expect(await entry.textContent()).toContain('wang.wu@example.com');

    const mobile = await loggedInPage(browser, portal, MOBILE, DEMO_ADMIN);
    await mobile.goto('/admin/claims');
    await tableRow(mobile, '王五').waitFor();
    await settled(mobile);
    await screenshot(mobile, 'admin-inbox-claims-390');
    await mobile.context().close();
  });
});
