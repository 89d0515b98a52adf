import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
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

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  admin = await loggedInPage(browser, portal, DESKTOP, DEMO_ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// Answering a feedback by e-mail and marking it done is part of admin-walk.spec.ts.
describe('back-office inboxes', () => {
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
