import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../server/src/modules/account/images.fixture.ts';
import { qrPng } from '../../server/src/modules/detail/share-qr.ts';
import {
  DEMO_ADMIN,
  DESKTOP,
  launchChromium,
  loggedInPage,
  MOBILE,
  screenshot,
  sessionFor,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;

/** The footer QR pictures the operator configured (a data URL here; usually a URL of their own). */
let QR = '';

beforeAll(async () => {
  QR = `data:image/png;base64,${(await qrPng('https://insight.example.cn/official')).toString('base64')}`;
  portal = await startPortal({
    FEEDBACK_CONTACT: '客服电话：400-800-1234|客服邮箱：help@insight.example.cn',
    FEEDBACK_QR_OFFICIAL: QR,
    FEEDBACK_QR_MINIPROGRAM: QR,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const png = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(320, 200, rgb),
});
const shots = (page: Page) => page.locator('.fb-shot:not(.fb-shot--add)');

type Inbox = { data: { content: string; email: string; screenshots: string[] }[] };

describe('feedback', () => {
  it('shows each validation message, refuses a fifth screenshot, then sends with two', async () => {
    const page = await loggedInPage(browser, portal, DESKTOP);
    await page.goto('/feedback');
    await page.getByRole('heading', { name: '意见反馈' }).waitFor();
    await page.getByText('客服电话：400-800-1234').waitFor();
    expect(await page.getByRole('img', { name: '关注公众号' }).isVisible()).toBe(true);

    await page.getByLabel('问题描述').fill('太短');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await page.getByText('请输入问题描述10-200字！').waitFor();

    const description = '<b>报告下载</b>后打开是空白页，换了浏览器也一样。';
    await page.getByLabel('问题描述').fill(description);
    await page.getByLabel('联系邮箱').fill('not-an-email');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await page.getByText('请输入正确的邮箱！').waitFor();
    await page.getByLabel('联系邮箱').fill('reader@example.com');

    const input = page.getByLabel('上传截图');
    await input.setInputFiles([png('a.png', [200, 40, 40]), png('b.png', [40, 160, 60])]);
    await expect.poll(() => shots(page).count()).toBe(2);

    // Three more would make five.
    await input.setInputFiles([png('c.png', [1, 1, 1]), png('d.png', [2, 2, 2]), png('e.png', [3, 3, 3])]);
    await page.getByText('最多只能上传4张素材').first().waitFor();
    expect(await shots(page).count()).toBe(2);

    // A text file dressed as a picture.
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await page.getByText('上传失败').first().waitFor();
    expect(await shots(page).count()).toBe(2);
    await screenshot(page, 'feedback-form-1440');

    await page.getByRole('button', { name: '提交反馈' }).click();
    await page.getByRole('status').getByText('感谢您的反馈，我们会尽快给你回复，请注意查收邮箱').waitFor();
    await screenshot(page, 'feedback-thanks-1440');

    const admin = await sessionFor(portal, DEMO_ADMIN);
    const inbox = (await (
      await fetch(`${portal.url}/api/admin/feedback`, { headers: { token: admin.token } })
    ).json()) as { data: Inbox };
    expect(inbox.data.data[0]).toMatchObject({ content: description, email: 'reader@example.com' });
    expect(inbox.data.data[0]?.screenshots).toHaveLength(2);
    await page.context().close();
  });

  it('hides the login page WeChat entry when WeChat is not configured', async () => {
    const context = await browser.newContext({ baseURL: portal.url, viewport: DESKTOP });
    const page = await context.newPage();
    const status = page.waitForResponse((r) => r.url().endsWith('/api/wx/status'));
    await page.goto('/login');
    expect(((await (await status).json()) as { data: unknown }).data).toEqual({
      open: false,
      official: false,
    });
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(await page.getByText('微信').count()).toBe(0);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const page = await loggedInPage(browser, portal, MOBILE);
    await page.goto('/feedback');
    await page.getByText('客服电话：400-800-1234').waitFor();
    await page.getByLabel('上传截图').setInputFiles([png('a.png', [200, 40, 40])]);
    await expect.poll(() => shots(page).count()).toBe(1);
    await screenshot(page, 'feedback-form-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
