type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * The build files a route's first screen loads, from Vite's manifest: the entry chunk, the
 * page's chunk and their static imports (transitively), with their CSS. index.html not included.
 */
export function firstLoadFiles(manifest: Record<string, ManifestChunk>, page: string): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) {
      return;
    }
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`${key} is not in the Vite manifest`);
    }
    files.add(chunk.file);
    for (const css of chunk.css ?? []) {
      files.add(css);
    }
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) {
    throw new Error('no entry chunk in the Vite manifest');
  }
  visit(entry);
  visit(page);
  return [...files];
}
