import type { Locator, Page } from 'playwright-core';

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

/** The table row that shows `text` (a title, a name). */
export function tableRow(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The open confirmation of a destructive or publishing action (antd's modal.confirm). */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm');
}
