import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Files under `root` keyed by their path relative to it (forward slashes), each with the files it imports. */
export type ImportGraph = Map<string, string[]>;

const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' ? [] : listSources(path);
    }
    return isSource(entry.name) ? [path] : [];
  });
}

const toKey = (root: string, path: string) => relative(root, path).split(sep).join('/');

/**
 * Every relative import of every TypeScript file under `root`: static, type-only, re-exports
 * and `import()` alike (a type-only import is still a dependency of the design, and the
 * layering is about the design). Packages (`kysely`, `@portal/contract`) are left out.
 * Uses the compiler's pre-processor: no type checking, a few milliseconds per file.
 */
export function buildImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listSources(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => toKey(root, resolve(dirname(file), spec)));
    graph.set(toKey(root, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of the graph: each strongly connected component of more than one file
 * (or a file importing itself), as its files in a stable order. Tarjan's algorithm, iterative
 * so a deep graph cannot overflow the stack.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;

  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) {
      continue;
    }
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = (graph.get(frame.node) ?? []).filter((t) => graph.has(t));
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) {
          cycles.push(component.sort());
        }
      }
    }
  }
  return cycles;
}

/** A rule: files under `from` (a folder relative to the root) may not import files under any of `forbidden`. */
export type LayerRule = { from: string; forbidden: readonly string[] };

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** Every import that breaks a rule, as `importer → imported`. */
export function findLayerViolations(graph: ImportGraph, rules: readonly LayerRule[]): string[] {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    for (const rule of rules.filter((r) => under(file, r.from))) {
      for (const target of targets) {
        if (rule.forbidden.some((folder) => under(target, folder))) {
          violations.push(`${file} → ${target}`);
        }
      }
    }
  }
  return violations.sort();
}
