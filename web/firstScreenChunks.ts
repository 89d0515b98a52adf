import { parseAst, type Plugin } from 'vite';
import { isMessageModule as isMessage } from './messageModules.ts';
import { allRouteEntries, LAYOUT_MODULES, pageModulePath } from './src/app/routeTable.ts';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const CONTRACT_PACKAGE = '@portal/contract';
/** The contract's index files, which only re-export. */
const BARREL = /[\\/]packages[\\/]contract[\\/]src[\\/](api[\\/])?index\.ts$/;

type TImport = { type: string; source?: { value: unknown }; specifiers?: { imported?: { name?: string } }[] };

/** The names a module's code imports from `source` (`import { a, b as c } from source`). */
function importedNames(code: string, source: string): string[] {
  const program = parseAst(code) as unknown as { body: TImport[] };
  return program.body
    .filter((node) => node.type === 'ImportDeclaration' && node.source?.value === source)
    .flatMap((node) => (node.specifiers ?? []).map((specifier) => specifier.imported?.name ?? ''))
    .filter((name) => name !== '');
}

/** The organisation screens (features/organ), whose shared code no other screen needs. */
const ORGAN_PAGE = /[\\/]features[\\/]organ[\\/]pages[\\/]/;
/** An item's own page (a report, a headline, a topic, a material). */
const DETAIL_PAGE = /Details?Page\.tsx$/;

/**
 * Which kind of screen alone uses a module that several shell pages share: `organ` when only
 * organisation screens do, `detail` when only item pages do, else `undefined` (a list and
 * anything else).
 */
function familyOf(pages: readonly string[]): 'organ' | 'detail' | undefined {
  if (pages.every((page) => ORGAN_PAGE.test(page))) {
    return 'organ';
  }
  return pages.every((page) => DETAIL_PAGE.test(page) && !ORGAN_PAGE.test(page)) ? 'detail' : undefined;
}

/**
 * Fewer, larger chunks on every first screen. Split by which screens share them, the entry's own
 * modules came in 15 files of 0.1–1 KiB, the login page's in 9 and a signed-in screen's in 40–45;
 * a phone on HTTP/1.1 fetches six at a time, a round trip per batch, and Lighthouse's simulated
 * phone counts every script that has arrived before the first paint as blocking it. Groups, chosen
 * from the build's module graph:
 *
 * - `app`: the entry's own modules, and what the login page shares with any other screen (the
 *   API client, form rules). Every screen loads all of it.
 * - `login`: the rest of the login page's code (its page module aside).
 * - `providers`: what the shell and the plain pages share (TanStack Query, the theme), and the
 *   contract modules (rules, paths, labels) any shell page uses.
 * - `shell`: the rest of what the shell layout loads. Every signed-in screen loads all of it.
 * - `pages`: code two or more shell pages and no plain page share (lists, cards, detail parts),
 *   in one chunk: a few KiB a page may not use instead of 10–15 requests. What only the
 *   organisation screens share is `organ-pages`, what only item pages share `detail-pages`: a
 *   list screen loaded both (~13 KB of the 50 KB `pages` chunk), never using them.
 *
 * None takes zod or a contract module that imports it (a schema kept for one screen would bring
 * zod to all), nor what the back-office alone uses (antd stays there), and the plain pages (links in
 * mails) load only `app` and `providers` of them. Each layout and page module stays a chunk of
 * its own, since the route table and the server's preload links find a screen's code by it in
 * .vite/manifest.json.
 */
export function firstScreenChunks(root: string) {
  const app = new Set<string>();
  const login = new Set<string>();
  const providers = new Set<string>();
  const shell = new Set<string>();
  const shared = new Set<string>();
  const organShared = new Set<string>();
  const detailShared = new Set<string>();

  const plugin: Plugin = {
    name: 'portal:first-screen-chunks',
    apply: 'build',
    buildEnd() {
      const known = (id: string) => this.getModuleInfo(id) !== null;
      /** `start` and what it imports, transitively; `enter(id)` false keeps an import out, with its own imports. */
      const closure = (start: Iterable<string>, enter: (id: string) => boolean = () => true) => {
        const seen = new Set<string>();
        const stack = [...start].filter(known);
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (!seen.has(id)) {
            seen.add(id);
            stack.push(...(this.getModuleInfo(id)?.importedIds ?? []).filter((i) => known(i) && enter(i)));
          }
        }
        return seen;
      };
      const abs = (path: string) => `${root}${path}`;
      const namesOf = new Map<string, string[]>();
      const contractModules = [...this.getModuleIds()].filter((id) => CONTRACT.test(id) && !BARREL.test(id));
      /**
       * Through the contract's barrel every contract module is a static import of every screen,
       * though tree-shaking keeps few of them. A screen's code: its modules, with of the contract
       * only the modules whose exports its own code names, and what those import.
       */
      const screenCode = (start: Iterable<string>) => {
        // Not into the contract: through its barrel every contract module, and every message a
        // contract module reads, would count as this screen's (the back-office's synonym-group
        // rules' messages were in every screen's first chunk).
        const all = closure(start, (id) => !CONTRACT.test(id));
        const names = new Set<string>();
        for (const id of all) {
          if (!NODE_MODULES.test(id) && !isMessage(id)) {
            if (!namesOf.has(id)) {
              const code = this.getModuleInfo(id)?.code;
              namesOf.set(id, code ? importedNames(code, CONTRACT_PACKAGE) : []);
            }
            namesOf.get(id)?.forEach((name) => names.add(name));
          }
        }
        const named = contractModules.filter((id) =>
          this.getModuleInfo(id)?.exports.some((name) => names.has(name)),
        );
        const contract = [...closure(named)].filter((id) => CONTRACT.test(id));
        // Of the contract's messages (each a module of its own, messageModules.ts): those its
        // code reads (in `all`) and those its contract modules read.
        const messages = contract
          .flatMap((id) => this.getModuleInfo(id)?.importedIds ?? [])
          .filter(isMessage);
        return new Set([...all, ...contract, ...messages]);
      };
      const routes = allRouteEntries();
      const pagesOf = (layout: string) =>
        new Set(routes.filter((r) => r.layout === layout).map((r) => abs(pageModulePath(r.page))));

      // index.html is the entry; the script it names (src/main.tsx) stays the entry chunk, so
      // Vite's manifest still has one, and the route table's closure starts from it.
      const htmlEntries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entries = [
        ...htmlEntries,
        ...htmlEntries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
      ];
      const routeModules = new Set([
        ...entries,
        ...Object.values(LAYOUT_MODULES).map(abs),
        ...routes.map((r) => abs(pageModulePath(r.page))),
      ]);
      const usesZod = (id: string) => [...closure([id])].some((m) => ZOD.test(m));
      const entry = screenCode(entries);
      const loginCode = screenCode(pagesOf('none'));
      // No zod in the groups, nor a contract module that uses it: a module in a group keeps
      // whatever any screen uses of it, a schema and zod with it, loaded by all of its screens.
      const groupable = (id: string) =>
        !routeModules.has(id) && !ZOD.test(id) && !(CONTRACT.test(id) && usesZod(id));
      // The other groups take none of what the entry or the login page load (the login budget).
      const own = (id: string) => groupable(id) && !entry.has(id) && !loginCode.has(id);
      const plain = screenCode([abs(LAYOUT_MODULES.plain), ...pagesOf('plain')]);
      const shellCode = screenCode([abs(LAYOUT_MODULES.shell)]);
      const shellPages = new Map([...pagesOf('shell')].map((page) => [page, screenCode([page])]));

      const elsewhere = (id: string) =>
        plain.has(id) || shellCode.has(id) || [...shellPages.values()].some((p) => p.has(id));
      for (const id of entry) {
        if (groupable(id)) {
          app.add(id);
        }
      }
      for (const id of loginCode) {
        if (groupable(id) && !app.has(id)) {
          (elsewhere(id) ? app : login).add(id);
        }
      }
      for (const id of shellCode) {
        if (own(id)) {
          (plain.has(id) ? providers : shell).add(id);
        }
      }
      // Which shell pages use each module no group has taken yet.
      const users = new Map<string, string[]>();
      for (const [page, code] of shellPages) {
        for (const id of code) {
          if (own(id) && !providers.has(id) && !shell.has(id)) {
            users.set(id, [...(users.get(id) ?? []), page]);
          }
        }
      }
      for (const [id, pages] of users) {
        if (CONTRACT.test(id) || isMessage(id)) {
          providers.add(id);
        } else if (pages.length >= 2 && !plain.has(id)) {
          const family = familyOf(pages);
          (family === 'organ' ? organShared : family === 'detail' ? detailShared : shared).add(id);
        }
      }
    },
  };

  // Only the modules chosen above: by default a group takes its modules' imports along, which
  // would pull the entry's own modules (and with them the login page) into these chunks.
  const exact = { includeDependenciesRecursively: false };
  const groups = [
    { name: 'app', test: (id: string) => app.has(id), priority: 37, ...exact },
    { name: 'login', test: (id: string) => login.has(id), priority: 36, ...exact },
    { name: 'providers', test: (id: string) => providers.has(id), priority: 35, ...exact },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 30, ...exact },
    { name: 'pages', test: (id: string) => shared.has(id), priority: 25, ...exact },
    { name: 'organ-pages', test: (id: string) => organShared.has(id), priority: 24, ...exact },
    { name: 'detail-pages', test: (id: string) => detailShared.has(id), priority: 23, ...exact },
  ];
  return { plugin, groups };
}
