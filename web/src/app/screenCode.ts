import { matchRoutes } from 'react-router';
import { lazyPage } from './pageModules.ts';
import { preloadableLazy, type TPreloadableLazy } from './preloadableLazy.ts';
import { mountPattern, routeEntries, type TLayoutKey } from './routeTable.ts';
import { sessionStore } from './session/sessionStore.ts';

/** The layouts, each loaded with the first screen that uses it. */
export const LAYOUTS: Readonly<Record<Exclude<TLayoutKey, 'none'>, TPreloadableLazy>> = {
  plain: preloadableLazy(async () => (await import('./PlainLayout.tsx')).PlainLayout),
  shell: preloadableLazy(async () => (await import('./shell/ShellLayout.tsx')).ShellLayout),
  // The back-office (antd) is a part of its own: no user screen loads this chunk.
  admin: preloadableLazy(async () => (await import('./admin/AdminLayout.tsx')).AdminLayout),
};

/**
 * Loads the layout and page of the screen at `pathname` (as React Router would pick it), so the
 * server-rendered screen hydrates without suspending on their code. The HTML already asked for
 * these chunks (modulepreload), so this waits for little. An address no screen matches loads
 * nothing (the router sends it to the not-found page).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const list = routeEntries(sessionStore.get().routes);
  const matches = matchRoutes(
    list.map((screen, index) => ({ path: mountPattern(screen), id: String(index) })),
    pathname,
  );
  const screen = list[Number(matches?.at(-1)?.route.id ?? -1)];
  if (!screen) {
    return;
  }
  await Promise.all([
    screen.layout === 'none' ? undefined : LAYOUTS[screen.layout].preload(),
    lazyPage(screen.page).preload(),
  ]);
}
