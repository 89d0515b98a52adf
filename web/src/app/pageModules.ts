import type { ComponentType } from 'react';
import { preloadableLazy, type TPreloadableLazy } from './preloadableLazy.ts';
import type { TPageRef } from './routeTable.ts';

type TPageModule = Record<string, unknown>;

/** Every page, each its own lazily loaded chunk. */
const PAGE_MODULES = import.meta.glob<TPageModule>([
  '../features/*/pages/*.tsx',
  '!../features/*/pages/*.test.tsx',
]);

function parts(ref: TPageRef): { key: string; name: string } {
  const [domain = '', name = ''] = ref.split('/');
  return { key: `../features/${domain}/pages/${name}.tsx`, name };
}

export function hasPageModule(ref: TPageRef): boolean {
  return parts(ref).key in PAGE_MODULES;
}

/** Loads a page module and returns its export named like the file. */
export async function loadPage(ref: TPageRef): Promise<ComponentType> {
  const { key, name } = parts(ref);
  const load = PAGE_MODULES[key];
  if (!load) {
    throw new Error(`No page module for ${ref}`);
  }
  const Page = (await load())[name];
  if (typeof Page !== 'function') {
    throw new Error(`${key} does not export ${name}`);
  }
  return Page as ComponentType;
}

const lazyPages = new Map<TPageRef, TPreloadableLazy>();

/** The page as a lazy component, created once per page so React keeps its loaded state. */
export function lazyPage(ref: TPageRef): TPreloadableLazy {
  let Page = lazyPages.get(ref);
  if (!Page) {
    Page = preloadableLazy(() => loadPage(ref));
    lazyPages.set(ref, Page);
  }
  return Page;
}
