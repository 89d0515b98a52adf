import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, listHits } from '../src/api.ts';
import {
  DEMO_USER,
  DESKTOP,
  launchChromium,
  MOBILE,
  newContext,
  screenshot,
  sessionFor,
  useSession,
  type Viewport,
} from '../src/browser.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

/**
 * The first screen comes rendered in the HTML (server/src/http/ssr.ts, web/src/entry-server.tsx)
 * and the code takes it over without a hydration mismatch: React reports one on the console
 * (minified errors 418/419/423/425 in a production build).
 */
let portal: PortalServer;
let browser: Browser;
let token = '';

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchChromium();
  token = (await sessionFor(portal, DEMO_USER)).token;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// #root is the body's last element but for the scripts that load its code (late-code.ts).
const rootOf = (html: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div>\s*(?:<script[^>]*>[\s\S]*?<\/script>\s*)*<\/body>/.exec(html)?.[1] ??
  '';
const HYDRATION_ERROR = /hydrat|Minified React error #(?:418|419|423|425)/i;

/** A phone's browser names itself so: without JavaScript, the server's guess is all the layout there is. */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A page opened with or without JavaScript; the console's errors are collected. */
async function open(path: string, viewport: Viewport, javaScript: boolean, signedIn: boolean) {
  const ctx = javaScript
    ? await newContext(browser, portal, viewport)
    : await browser.newContext({
        baseURL: portal.url,
        viewport,
        locale: 'zh-CN',
        javaScriptEnabled: false,
        ...(viewport.width < DESKTOP.width ? { userAgent: PHONE_USER_AGENT } : {}),
      });
  if (signedIn) {
    await useSession(ctx, portal, await sessionFor(portal, DEMO_USER));
  }
  const page: Page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  await page.goto(path, { waitUntil: 'networkidle' });
  return { page, errors, close: () => ctx.close() };
}

describe('the first screen in the HTML', () => {
  it("is rendered by React's production build, not its development one (prop checks on every render)", () => {
    const dir = new URL('../../web/dist-ssr/', import.meta.url).pathname;
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    // The bundle names each module it took in: React's server renderer must be the production one.
    const modules = files.flatMap(
      (f) => readFileSync(join(dir, f), 'utf8').match(/node_modules\/react[\w-]*\/cjs\/[\w.-]+\.js/g) ?? [],
    );
    expect(modules).toContain('node_modules/react-dom/cjs/react-dom-server.node.production.js');
    expect(modules.filter((m) => m.includes('.development.'))).toEqual([]);
  });

  it('login: the form is in #root before any code runs', async () => {
    const html = await (await fetch(`${portal.url}/login`)).text();
    const root = rootOf(html);
    expect(root).toContain('<form');
    expect(root).toContain('手机号');
    expect(html).toMatch(/<head>[\s\S]*<title>登录 - 洞察门户<\/title>[\s\S]*<\/head>/);
  });

  it('a signed-out reader asking for a signed-in page is sent to the login by the server', async () => {
    const res = await fetch(`${portal.url}/report?type=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/report?type=1')}`);
    // With a session the same address is the page itself, and a signed-in reader's /login goes on
    // to / (which goes to /homepage).
    const cookie = `token=${encodeURIComponent(token)}`;
    expect(
      (await fetch(`${portal.url}/report?type=1`, { headers: { cookie }, redirect: 'manual' })).status,
    ).toBe(200);
    const login = await fetch(`${portal.url}/login`, { headers: { cookie }, redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/');
  });

  it("a signed-in report page: the report's title in #root, the list's first cards too", async () => {
    const [hit] = await listHits(portal, token, 'report', 1);
    expect(hit).toBeDefined();
    const cookie = `token=${encodeURIComponent(token)}`;
    const detail = await (
      await fetch(`${portal.url}/report/report_details/${hit?._id}`, { headers: { cookie } })
    ).text();
    expect(rootOf(detail)).toContain(`>${hit?._source.title}</h1>`);
    const list = rootOf(await (await fetch(`${portal.url}/report`, { headers: { cookie } })).text());
    expect(list).toContain(hit?._source.title);
    expect(list).not.toContain('content-list__skeleton');
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`home, headlines, organisations and report detail read without JavaScript and hydrate cleanly at ${viewport.width} px`, async () => {
      const [hit] = await listHits(portal, token, 'report', 1);
      const screens = [
        // 机构列表 as the address names it (最热, one industry), with the industry choices.
        {
          path: `/organ?sort=hot&industry=${encodeURIComponent('新能源汽车')}`,
          name: 'organ',
          shows: '宁德时代',
          rows: '.organ-card',
        },
        { path: '/homepage', name: 'home', shows: '全部' },
        // 商业头条: the reader's keywords and the first headlines come with the page.
        { path: '/headlines', name: 'headlines', shows: '商业头条', rows: '.hl-row__title' },
        {
          path: `/report/report_details/${hit?._id}`,
          name: 'report-detail',
          shows: hit?._source.title ?? '?',
        },
      ];
      for (const { path, name, shows, rows } of screens) {
        const plain = await open(path, viewport, false, true);
        expect(await plain.page.locator('#root').innerText()).toContain(shows);
        if (rows) {
          expect(await plain.page.locator(rows).count()).toBeGreaterThan(0);
        }
        await screenshot(plain.page, `ssr-${name}-nojs-${viewport.width}`);
        await plain.close();

        const live = await open(path, viewport, true, true);
        await live.page.waitForFunction(() => document.querySelector('#root')?.children.length);
        await screenshot(live.page, `ssr-${name}-js-${viewport.width}`);
        expect(live.errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
        await live.close();
      }
    });
  }

  it('a report list kept in 列表 view comes as rows and hydrates without a mismatch', async () => {
    // The user's choice as the server keeps it, and this browser's copy of it (the cookie).
    await apiPost(portal, token, '/api/user/preferences', { report_view: 'rows' });
    const cookie = `token=${encodeURIComponent(token)}; report_view=rows`;
    const list = rootOf(await (await fetch(`${portal.url}/report`, { headers: { cookie } })).text());
    expect(list).toContain('class="report-row"');
    const ctx = await newContext(browser, portal, DESKTOP);
    await useSession(ctx, portal, await sessionFor(portal, DEMO_USER));
    await ctx.addCookies([{ name: 'report_view', value: 'rows', url: portal.url }]);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.goto('/report', { waitUntil: 'networkidle' });
    expect(await page.locator('.report-row').count()).toBeGreaterThan(0);
    expect(errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
    await ctx.close();
    await apiPost(portal, token, '/api/user/preferences', { report_view: 'grid' });
  });

  it('a tap and typing before the code arrives are not lost: the code is sent once it is here', async () => {
    const ctx = await newContext(browser, portal, MOBILE);
    // The scripts wait (a slow phone) until the reader has typed and tapped.
    let release = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await ctx.route(/\/assets\/.*\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => void errors.push(error.message));
    await page.goto('/login', { waitUntil: 'commit' });
    const phone = '13800000077';
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).length)).toBe(0);
    release();
    // Once hydrated, React has the typed number and the held tap sends the code.
    expect(await portal.smsCode(phone)).toMatch(/^\d{6}$/);
    await page.getByRole('button', { name: /^\d+s后重新获取$/ }).waitFor();
    expect(await page.getByLabel('手机号').inputValue()).toBe(phone);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a painted screen asks for its code only after its first paint, then runs it (late-code.ts)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const live = await open('/headlines', viewport, true, true);
      const timing = await live.page.evaluate(() => ({
        paint:
          performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
          Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/.*\.js$/.test(e.name))
          .map((e) => e.startTime),
      }));
      // The whole of the entry's and the screen's code, none of it asked for before the paint.
      expect(timing.scripts.length).toBeGreaterThan(5);
      expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.paint);
      // The head asks for no code; the code ran: React took the markup over and handles a tap.
      const sent = await (await live.page.context().request.get('/headlines')).text();
      expect(sent.slice(0, sent.indexOf('</head>'))).not.toMatch(/<script type="module"|modulepreload/);
      expect(await live.page.evaluate(() => document.head.innerHTML)).toMatch(/<script type="module"/);
      await live.page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).length > 0);
      expect(live.errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
      await live.close();
    }
  });

  it('login hydrates without a mismatch', async () => {
    const live = await open('/login', MOBILE, true, false);
    expect(live.errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
    await live.close();
  });
});
