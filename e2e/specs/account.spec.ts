import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../server/src/modules/account/images.fixture.ts';
import { waitForMailTo } from '../../server/src/platform/mail/read-outbox.ts';
import { DESKTOP, launchChromium, loggedInPage, MOBILE, newContext, screenshot } from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

let portal: PortalServer;
let browser: Browser;
let sso: Server;
let wechat: Server;

/** The test SSO: token `good-<userid>` is valid; user `phone-<11 digits>` comes with that phone. */
function startSso(): Promise<string> {
  sso = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sso');
    const userid = url.searchParams.get('uc_userid') ?? '';
    const ok = url.searchParams.get('uc_token') === `good-${userid}`;
    const phone = /^phone-(\d{11})$/.exec(userid)?.[1];
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        ok
          ? { code: 0, data: { userid, nickname: `SSO ${userid}`, ...(phone ? { phone } : {}) } }
          : { code: 401, message: 'bad token' },
      ),
    );
  });
  return new Promise((resolve) =>
    sso.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(sso.address() as AddressInfo).port}/verify`),
    ),
  );
}

/** The test WeChat API: code `c-<name>` is WeChat user <name>. */
function startWechat(): Promise<string> {
  wechat = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wechat');
    const name = (url.searchParams.get('code') ?? url.searchParams.get('access_token') ?? '').slice(2);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/sns/oauth2/access_token') {
      res.end(JSON.stringify({ access_token: `t-${name}`, openid: `o-${name}`, unionid: `u-${name}` }));
    } else {
      res.end(
        JSON.stringify({
          openid: `o-${name}`,
          unionid: `u-${name}`,
          nickname: `微信${name}`,
          headimgurl: '',
        }),
      );
    }
  });
  return new Promise((resolve) =>
    wechat.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(wechat.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const ssoUrl = await startSso();
  const wechatUrl = await startWechat();
  portal = await startPortal({
    SSO_VERIFY_URL: ssoUrl,
    WX_API_BASE: wechatUrl,
    WX_MP_APPID: 'wxmp-test',
    WX_MP_SECRET: 'mp-secret',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => sso?.close(resolve));
  await new Promise((resolve) => wechat?.close(resolve));
});

const topBarName = (page: Page) => page.locator('.topbar .user-menu__name');
const topBarAvatar = (page: Page) => page.locator('.topbar .user-avatar img');

/**
 * A new account from any sign-in path starts with keyword onboarding (issue 6); the portal
 * itself stays reachable, and its top bar shows who signed in.
 */
async function landsOnOnboarding(page: Page): Promise<void> {
  await page.waitForURL(/\/login_keyword$/);
  await page.goto('/homepage');
  await page.waitForURL(/\/homepage$/);
}

describe('personal settings', () => {
  it('changes avatar and nickname, and the top bar follows at once', async () => {
    const page = await loggedInPage(browser, portal, DESKTOP, '13812340001');
    await page.goto('/self/self_setting');
    await page.getByTestId('nickname').getByText('用户0001').waitFor();
    expect(await topBarName(page).textContent()).toBe('用户0001');

    // A 300 × 200 picture: the page crops it square (256 × 256) before sending.
    await page
      .getByLabel('更换头像')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: solidPng(300, 200, [30, 120, 220]) });
    const crop = page.getByRole('dialog', { name: '裁剪头像' });
    await crop.getByRole('img', { name: '裁剪后的头像' }).waitFor();
    await screenshot(page, 'account-avatar-crop-1440');
    await crop.getByRole('button', { name: '使用此头像' }).click();
    await crop.waitFor({ state: 'detached' });
    await topBarAvatar(page).waitFor();
    const src = await topBarAvatar(page).getAttribute('src');
    // An avatar is a private file: its URL is signed for its owner.
    expect(src).toMatch(/^\/files\/avatars\/\d+\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    await page.waitForFunction(
      () =>
        (document.querySelector('.topbar .user-avatar img') as HTMLImageElement | null)?.naturalWidth === 256,
    );
    expect(await page.locator('.acc-avatar__picture img').getAttribute('src')).toBe(src);

    // A text file named .png is refused by its content.
    await page.getByLabel('更换头像').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await page.getByText('上传失败').first().waitFor();
    expect(await topBarAvatar(page).getAttribute('src')).toBe(src);

    await page.getByRole('button', { name: '修改' }).click();
    await page.getByLabel('昵称').fill('   ');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('昵称不能为空').waitFor();
    await page.getByLabel('昵称').fill('<b>洞察小王</b>');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('nickname').getByText('<b>洞察小王</b>').waitFor();
    expect(await topBarName(page).textContent()).toBe('<b>洞察小王</b>');
    expect(await page.locator('.topbar b').count()).toBe(0);
    await screenshot(page, 'account-settings-1440');

    await page.reload();
    await page.getByTestId('nickname').getByText('<b>洞察小王</b>').waitFor();
    expect(await topBarAvatar(page).getAttribute('src')).toBe(src);
    await page.context().close();
  });

  it('changes the phone with the SMS code sent to the new phone', async () => {
    const page = await loggedInPage(browser, portal, DESKTOP, '13812340002');
    await page.goto('/self/self_setting');
    await page.getByTestId('phone').getByText('138****0002').waitFor();
    await page.getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.getByRole('dialog', { name: '更换手机号' });
    await dialog.getByLabel('新手机号').fill('12345');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('输入手机号格式不对').waitFor();
    await dialog.getByLabel('新手机号').fill('13912349999');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /\d+s后重新获取/ }).waitFor();
    await dialog.getByLabel('验证码').fill(await portal.smsCode('13912349999'));
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('phone').getByText('139****9999').waitFor();
    await page.context().close();
  });

  it('changes the e-mail with the code from the outbox', async () => {
    const page = await loggedInPage(browser, portal, DESKTOP, '13812340003');
    await page.goto('/self/self_setting');
    await page.getByTestId('email').waitFor();
    await page.getByRole('button', { name: '更换邮箱' }).click();
    const dialog = page.getByRole('dialog', { name: '更换接收邮箱' });
    await dialog.getByLabel('新邮箱').fill('settings-new@example.com');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const mail = await waitForMailTo(portal.dataDir, 'settings-new@example.com');
    const code = /验证码为：(\d{6})/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('验证码').fill(code);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('email').getByText('settings-new@example.com').waitFor();
    await page.reload();
    await page.getByTestId('email').getByText('settings-new@example.com').waitFor();
    await page.context().close();
  });

  it('lays the settings out on a phone', async () => {
    const page = await loggedInPage(browser, portal, MOBILE, '13812340001');
    await page.goto('/self/self_setting');
    await page.getByTestId('nickname').waitFor();
    await screenshot(page, 'account-settings-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('sign-in side screens', () => {
  it('renders the privacy policy for a visitor', async () => {
    const context = await newContext(browser, portal);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: '《用户隐私政策》' }).click();
    await page.getByRole('heading', { name: '用户隐私政策' }).waitFor();
    await page.getByRole('heading', { name: '一、我们收集的信息' }).waitFor();
    expect(page.url()).toMatch(/\/user_private$/);
    await screenshot(page, 'privacy-policy-1440');
    await context.close();
  });

  it('signs the computer in when a phone scans the official-account QR, binding a phone the first time', async () => {
    const context = await newContext(browser, portal);
    const page = await context.newPage();
    await page.goto('/login');
    const qrReply = page.waitForResponse((r) => r.url().includes('/api/wx/official/login/qrcode'));
    await page.getByRole('button', { name: '微信公众号扫码登录' }).click();
    const qr = ((await (await qrReply).json()) as { data: { url: string } }).data;
    await page.getByRole('img', { name: '微信登录二维码' }).waitFor();
    await screenshot(page, 'login-wechat-qr-1440');

    // The phone: WeChat sends it to /connect with a code and the QR's state.
    const phone = await (await newContext(browser, portal, MOBILE)).newPage();
    const state = new URL(qr.url).searchParams.get('state') ?? '';
    await phone.goto(`/connect?code=c-li&state=${state}`);
    await phone.getByText('已在手机上确认登录，请回到电脑上继续').waitFor();

    // The computer: its poll picks the sign-in up; a new WeChat user binds a phone once.
    await page.waitForURL(/\/phone_verify$/);
    await page.getByText('第三方账号：微信li').waitFor();
    await page.getByLabel('手机号').fill('13812340099');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await portal.smsCode('13812340099'));
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await landsOnOnboarding(page);
    await topBarName(page).getByText('微信li').waitFor();
    await phone.context().close();
    await context.close();
  });

  it('signs in through the SSO entry against the test SSO server', async () => {
    const context = await newContext(browser, portal);
    const page = await context.newPage();
    await page.goto(
      '/ucoss/tool7?uc_toolid=tool7&uc_userid=phone-13812340077&uc_token=good-phone-13812340077',
    );
    await landsOnOnboarding(page);
    // The SSO's name is over 20 characters, so the account gets the default one.
    await topBarName(page).getByText('用户0077').waitFor();
    await context.close();
  });

  it('binds a phone for an SSO user the portal does not know yet', async () => {
    const context = await newContext(browser, portal);
    const page = await context.newPage();
    await page.goto('/ucoss/tool7?uc_toolid=tool7&uc_userid=zhang&uc_token=good-zhang');
    await page.waitForURL(/\/phone_verify$/);
    await page.getByText('第三方账号：SSO zhang').waitFor();
    await screenshot(page, 'phone-verify-1440');
    await page.getByLabel('手机号').fill('13812340088');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await portal.smsCode('13812340088'));
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await landsOnOnboarding(page);
    await topBarName(page).getByText('SSO zhang').waitFor();
    await context.close();
  });

  it('says why when the SSO refuses the token', async () => {
    const context = await newContext(browser, portal, MOBILE);
    const page = await context.newPage();
    await page.goto('/ucoss/tool7?uc_toolid=tool7&uc_userid=zhang&uc_token=forged');
    await page.getByText('单点登录验证失败，请重新登录').waitFor();
    await screenshot(page, 'ucoss-refused-390');
    await page.getByRole('link', { name: '返回登录' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
