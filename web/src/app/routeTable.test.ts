import { describe, expect, it } from 'vitest';
import { STATIC_ROUTES, USER_ROUTES, VIEW_KEYS } from '@portal/contract';
import { hasPageModule, loadPage } from './pageModules.ts';
import { allRouteEntries, STATIC_PAGES, VIEW_PAGES } from './routeTable.ts';

describe('route table', () => {
  it('has a page module for every server view and every registered route', () => {
    for (const view of VIEW_KEYS) {
      expect(hasPageModule(VIEW_PAGES[view]), view).toBe(true);
    }
    for (const [key, entry] of Object.entries(STATIC_PAGES)) {
      expect(hasPageModule(entry.page), key).toBe(true);
    }
  });

  it('loads a page by the export named like its file', async () => {
    const Page = await loadPage('system/NotFoundPage');
    expect(Page.name).toBe('NotFoundPage');
  });

  it('lists each registered and server route once', () => {
    const paths = allRouteEntries().map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of [...Object.values(STATIC_ROUTES), ...USER_ROUTES]) {
      expect(paths).toContain(route.path);
    }
  });

  it('keeps the login page out of every antd layout', () => {
    expect(STATIC_PAGES.login.layout).toBe('none');
  });
});
