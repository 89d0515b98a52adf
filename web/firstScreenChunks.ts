import type { Plugin } from 'vite';
import { allRouteEntries, LAYOUT_MODULES, pageModulePath } from './src/app/routeTable.ts';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Fewer, larger chunks for the signed-in screens. Split by which screens share them, the shell
 * and its pages came in 33–45 files of 0.1–6 KiB; a phone on HTTP/1.1 fetches six at a time, a
 * round trip per batch, so a screen waited ~7 round trips (Lighthouse mobile: 150 ms each) for
 * code the HTML had asked for at once. Three groups, chosen from the build's module graph:
 *
 * - `providers`: what the shell and the plain pages share (TanStack Query, the theme), and the
 *   small contract modules (rules, paths, labels; not the zod schemas) any shell page uses.
 * - `shell`: the rest of what the shell layout loads. Every signed-in screen loads all of it.
 * - `pages`: code two or more shell pages and no plain page share (lists, cards, detail parts),
 *   split by which pages use it, small sets merged into a neighbour: a few KiB a page may not
 *   use instead of a request.
 *
 * None takes what the entry or the login page loads (the login budget, DESIGN.md), and the
 * plain pages (links in mails) load only `providers` of them. Each layout and page module stays a chunk of its own, since the route table and
 * the server's preload links find a screen's code by it in .vite/manifest.json.
 */
export function firstScreenChunks(root: string) {
  const providers = new Set<string>();
  const shell = new Set<string>();
  const shared = new Set<string>();

  const plugin: Plugin = {
    name: 'portal:first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const known = (id: string) => this.getModuleInfo(id) !== null;
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = start.filter(known);
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (!seen.has(id)) {
            seen.add(id);
            stack.push(...(this.getModuleInfo(id)?.importedIds ?? []).filter(known));
          }
        }
        return seen;
      };
      const abs = (path: string) => `${root}${path}`;
      const routes = allRouteEntries();
      const pagesOf = (layout: string) =>
        new Set(routes.filter((r) => r.layout === layout).map((r) => abs(pageModulePath(r.page))));

      const entry = closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const login = closure([...pagesOf('none')]);
      const plain = closure([abs(LAYOUT_MODULES.plain), ...pagesOf('plain')]);
      const layout = abs(LAYOUT_MODULES.shell);
      const shellPages = pagesOf('shell');
      const own = (id: string) => !entry.has(id) && !login.has(id) && id !== layout && !shellPages.has(id);
      const usesZod = (id: string) => [...closure([id])].some((m) => ZOD.test(m));

      for (const id of closure([layout])) {
        if (own(id)) {
          (plain.has(id) ? providers : shell).add(id);
        }
      }
      const users = new Map<string, number>();
      for (const page of shellPages) {
        for (const id of closure([page])) {
          if (own(id) && !providers.has(id) && !shell.has(id)) {
            users.set(id, (users.get(id) ?? 0) + 1);
          }
        }
      }
      for (const [id, count] of users) {
        if (CONTRACT.test(id) && !usesZod(id)) {
          providers.add(id);
        } else if (count >= 2 && !plain.has(id)) {
          shared.add(id);
        }
      }
    },
  };

  // Only the modules chosen above: by default a group takes its modules' imports along, which
  // would pull the entry's own modules (and with them the login page) into these chunks.
  const exact = { includeDependenciesRecursively: false };
  const groups = [
    { name: 'providers', test: (id: string) => providers.has(id), priority: 35, ...exact },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 30, ...exact },
    {
      name: 'pages',
      test: (id: string) => shared.has(id),
      priority: 25,
      entriesAware: true,
      entriesAwareMergeThreshold: 8 * 1024,
      ...exact,
    },
  ];
  return { plugin, groups };
}
