import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, DESKTOP, launchChromium, loggedInPage } from './browser.ts';
import { startPortal, type PortalServer } from './server.ts';

/**
 * Back-office tables loaded and transitions over (a drawer sliding in, a toast appearing): ready
 * to photograph. Endless animations (a spinner) never end, so they do not count; and this only
 * steadies a screenshot, so after 5 s it goes on rather than failing the test.
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** What the user's search page lists for `words` (empty when nothing matched): where an admin's change shows. */
export async function searchText(page: Page, words: string): Promise<string> {
  await page.goto(`/searchpage/searchpage?search=${encodeURIComponent(words)}`);
  const results = page.getByRole('list', { name: '搜索结果列表' });
  await Promise.race([
    results.getByRole('article').first().waitFor(),
    page.getByText('没有找到相关结果').waitFor(),
  ]);
  return (await results.count()) > 0 ? ((await results.textContent()) ?? '') : '';
}

/** The table row that shows `text` (a title, a name). */
export function tableRow(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The open confirmation of a destructive or publishing action (antd's modal.confirm). */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm');
}

/** A spec's portal with the demo admin and the demo user logged in, side by side on a desktop. */
export type AdminAndReader = { portal: PortalServer; browser: Browser; admin: Page; reader: Page };

/**
 * Registers the calling spec file's hooks: a portal of its own on the demo library, one
 * Chromium, the admin's and the reader's pages; all closed after the file. The fields are set
 * once `beforeAll` has run.
 */
export function adminAndReader(env: Record<string, string> = {}): AdminAndReader {
  const s = {} as AdminAndReader;
  beforeAll(async () => {
    s.portal = await startPortal(env);
    s.browser = await launchChromium();
    s.admin = await loggedInPage(s.browser, s.portal, DESKTOP, DEMO_ADMIN);
    s.reader = await loggedInPage(s.browser, s.portal, DESKTOP, DEMO_USER);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.portal?.stop();
  });
  return s;
}
