import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract';
import { listOutbox, waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { launchChromium, MOBILE, newContext, screenshot } from '../src/browser.ts';
import { runDigest as runDigestOn } from '../src/digest.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;

const runDigest = () => runDigestOn(portal);

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('digest e-mail and unsubscribe', () => {
  it('an operator run e-mails the demo user a digest; its link unsubscribes without logging in', async () => {
    expect(await runDigest()).toMatch(/已发送 [1-9]\d* 封/);
    const mail = await waitForMailTo(portal.dataDir, 'user1@example.com');
    expect(mail.subject).toMatch(/^【洞察门户】\d+月\d+日订阅速递：\d+条新头条$/);
    expect(mail.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
    const link = /(http:\/\/\S+\/unsubscribe\?from_where=email&token=\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${portal.url}/unsubscribe?`)).toBe(true);

    // A second run the same day sends nothing.
    const before = (await listOutbox(portal.dataDir)).length;
    expect(await runDigest()).toContain('已发送 0 封');
    expect(await listOutbox(portal.dataDir)).toHaveLength(before);

    // Logged out (a fresh browser context, no cookies), straight from the e-mail.
    const page = await (await newContext(browser, portal)).newPage();
    await page.goto(link);
    await page.getByText('user1@example.com').waitFor();
    await screenshot(page, 'unsubscribe-confirm-desktop');
    await page.getByRole('button', { name: '确认退订' }).click();
    await page.getByText(MSG.unsubscribed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/unsubscribe');
    await screenshot(page, 'unsubscribe-done-desktop');

    const mobile = await (await newContext(browser, portal, MOBILE)).newPage();
    await mobile.goto(link);
    await mobile.getByText('您已退订每日订阅邮件，不会再收到订阅邮件。').waitFor();
    await screenshot(mobile, 'unsubscribe-already-mobile');

    const forged = await (await newContext(browser, portal, MOBILE)).newPage();
    await forged.goto(`${portal.url}/unsubscribe?from_where=email&token=1.AAAAAAAAAAAAAAAAAAAAAA`);
    await forged.getByText(MSG.unsubscribeLinkInvalid).waitFor();
    await screenshot(forged, 'unsubscribe-invalid-mobile');
  });
});
