import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { PortalServer } from './server.ts';

/** `touch`: a phone's touch screen (no hover), as Chromium's device emulation gives it. */
export type Viewport = { width: number; height: number; touch?: boolean };
export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const MOBILE: Viewport = { width: 390, height: 844 };
export const DEMO_USER = '13800000001';
export const DEMO_ADMIN = '13800000002';

const shotsDir = new URL('../artifacts/', import.meta.url).pathname;

/** Debian's Chromium, started the way this machine needs (no network, no sandbox as root). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export async function newContext(
  browser: Browser,
  portal: PortalServer,
  viewport: Viewport = DESKTOP,
): Promise<BrowserContext> {
  const { touch = false, ...size } = viewport;
  const context = await browser.newContext({
    baseURL: portal.url,
    viewport: size,
    locale: 'zh-CN',
    isMobile: touch,
    hasTouch: touch,
    // Less motion, which the app honours (antd's zooms and slides in the back-office, smooth
    // scrolls): antd opens a dialog or a dropdown at full size for a frame, then starts it from
    // scale 0, so a click aimed in that first frame landed beside it and was lost (CI lost a
    // confirm's 下架 and 停用 and a select's option that way on a loaded machine).
    reducedMotion: 'reduce',
  });
  context.on('page', awaitCodeOnLoad);
  return context;
}

/**
 * A server-rendered screen asks for its code after its first paint (server/src/http/late-code.ts),
 * so its load event comes before React has taken it over: a spec that types or taps right after
 * `goto` would act on markup nothing listens to yet. Here a full page load (goto, reload) ends once
 * the code has called `hydrateRoot` (React marks the container), as it did when the code ran
 * before the load event; input from then on reaches React. `waitUntil: 'commit'` is left alone:
 * the spec wants the page as it comes.
 */
function awaitCodeOnLoad(page: Page): void {
  // The page's document by hand: the bench's TypeScript project, which imports this file, has no
  // DOM types, and the CSP refuses a string expression (no 'unsafe-eval').
  type TPageDocument = { getElementById(id: string): object | null };
  const tookOver = () =>
    page.waitForFunction(() => {
      const doc = (globalThis as unknown as { document: TPageDocument }).document;
      const root = doc.getElementById('root');
      return (
        doc.getElementById('late-code') === null ||
        (root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$')))
      );
    });
  const afterLoad = async <T>(loading: Promise<T>, waitUntil: string | undefined): Promise<T> => {
    const response = await loading;
    if (waitUntil !== 'commit') {
      await tookOver();
    }
    return response;
  };
  const goto = page.goto.bind(page);
  page.goto = (url, options) => afterLoad(goto(url, options), options?.waitUntil);
  const reload = page.reload.bind(page);
  page.reload = (options) => afterLoad(reload(options), options?.waitUntil);
}

export type Session = {
  token: string;
  login_role_type: number[];
  user_company_type_status: number;
  set_keyword_status: number;
};

const sessions = new WeakMap<PortalServer, Map<string, Promise<Session>>>();

/**
 * One API login per phone and portal, shared by the tests of a file: the server allows one code
 * per phone per 60 s, as a person would experience it. Tests that revoke a token use their own phone.
 */
export function sessionFor(portal: PortalServer, phone: string): Promise<Session> {
  let byPhone = sessions.get(portal);
  if (!byPhone) {
    sessions.set(portal, (byPhone = new Map()));
  }
  let session = byPhone.get(phone);
  if (!session) {
    byPhone.set(phone, (session = apiLogin(portal, phone)));
  }
  return session;
}

/** Logs in through the API (send code, read it from the server log, log in). */
export async function apiLogin(
  portal: Pick<PortalServer, 'url' | 'smsCode'>,
  phone: string,
): Promise<Session> {
  const sent = await fetch(`${portal.url}/api/sendCode?phone=${phone}`, { headers: { source: '1' } });
  if (!sent.ok) {
    throw new Error(`sendCode failed: ${sent.status} ${await sent.text()}`);
  }
  const code = await portal.smsCode(phone);
  const r = await fetch(`${portal.url}/api/login?phone=${phone}&code=${code}`, { headers: { source: '1' } });
  const body = (await r.json()) as { code: number; message: string; data: Session };
  if (body.code !== 0) {
    throw new Error(`login failed: ${body.message}`);
  }
  return body.data;
}

/** Puts a session into the browser the way the web client stores it (cookies). */
export async function useSession(context: BrowserContext, portal: PortalServer, s: Session): Promise<void> {
  await context.addCookies(sessionCookies(s, portal.url));
}

/** The cookies the web client keeps for a session, for the site at `url` (a host's, any port). */
export function sessionCookies(s: Session, url: string): { name: string; value: string; url: string }[] {
  return [
    { name: 'token', value: s.token, url },
    { name: 'login_role_type', value: encodeURIComponent(s.login_role_type.join(',')), url },
    { name: 'user_company_type_status', value: String(s.user_company_type_status), url },
    { name: 'set_keyword_status', value: String(s.set_keyword_status), url },
  ];
}

/**
 * Waits until React has taken over `target`. A page's first screen comes rendered from the
 * server (server/src/http/ssr.ts): its text and controls show before the code runs, and input
 * given to them then is lost. React marks each element it hydrates with a `__reactFiber$…` key.
 */
export async function hydrated(target: Locator): Promise<void> {
  await target.waitFor();
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
            ? resolve()
            : setTimeout(check, 20);
        check();
      }),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}${name}.png`, fullPage: false });
}

/** A new page in its own context, signed in as `phone` (the demo user by default). */
export async function loggedInPage(
  browser: Browser,
  portal: PortalServer,
  viewport: Viewport = DESKTOP,
  phone: string = DEMO_USER,
): Promise<Page> {
  const context = await newContext(browser, portal, viewport);
  await useSession(context, portal, await sessionFor(portal, phone));
  return context.newPage();
}
