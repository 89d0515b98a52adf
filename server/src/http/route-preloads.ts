import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type RouteTable = { routes: { path: string; modules: string[] }[] };

/**
 * What a screen's HTML asks for with itself: its own chunks (paths, for `modulepreload` tags or
 * the late-code list), and the stylesheets its first screen needs (the entry's, then the
 * screen's), which head-tags.ts inlines.
 */
export type TRouteCode = { chunks: string[]; styles: string[] };
/** A screen's code by its path; null for a path no route matches, or a build without the files. */
export type RoutePreloads = (path: string) => TRouteCode | null;

/**
 * Each screen's chunks asked for by the HTML itself. The web app loads a screen's layout and page
 * lazily, so without this a phone fetches the entry, runs it, then fetches the layout and the
 * page, then their imports: a round trip per level before the first card can paint. The build
 * writes which modules make up each route (`.vite/route-table.json`, web/vite.config.ts) beside
 * Vite's manifest; this turns them into `modulepreload` links for the route's chunks and their
 * static imports, leaving out what the entry's own tags load, and lists their CSS — the
 * server-rendered screen (ssr.ts) must not paint unstyled.
 */
export function routePreloads(webDist: string): RoutePreloads {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const tableFile = join(webDist, '.vite', 'route-table.json');
  if (!existsSync(manifestFile) || !existsSync(tableFile)) {
    return () => null;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const table = JSON.parse(readFileSync(tableFile, 'utf8')) as RouteTable;

  const closure = (key: string, chunks: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(key)) {
      return;
    }
    chunks.add(key);
    for (const imported of chunk.imports ?? []) {
      closure(imported, chunks);
    }
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) {
      closure(key, entry);
    }
  }

  const cssOf = (chunks: ManifestChunk[]) =>
    chunks.flatMap((chunk) => chunk.css ?? []).map((css) => `/${css}`);
  const entryCss = cssOf([...entry].map((key) => manifest[key] as ManifestChunk));

  const routes = table.routes.map((route) => {
    const chunks = new Set<string>();
    for (const module of route.modules) {
      closure(module, chunks);
    }
    const own = [...chunks].filter((key) => !entry.has(key)).map((key) => manifest[key] as ManifestChunk);
    const code: TRouteCode = {
      chunks: own.map((chunk) => `/${chunk.file}`),
      styles: [...new Set([...entryCss, ...cssOf(own)])],
    };
    const pattern = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    return { match: new RegExp(`^${pattern}/?$`), code };
  });

  return (path) => {
    const pathname = path.split(/[?#]/)[0] ?? '';
    return routes.find((route) => route.match.test(pathname))?.code ?? null;
  };
}

/** `chunks` asked for by <head>, after the build's own tags, as Vite writes its own. */
export function withModulePreloads(html: string, chunks: readonly string[]): string {
  if (chunks.length === 0) {
    return html;
  }
  const tags = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    ');
  return html.replace(/[ \t]*<\/head>/i, () => `    ${tags}\n  </head>`);
}
