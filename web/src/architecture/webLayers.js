import path from 'node:path';

/**
 * The web's layers, highest first (folders under web/src; README "Web seams"):
 *
 *   app, main.tsx        – routes, guards, providers, the shell and the back-office frame
 *   features/<domain>    – the screens of one domain; never another feature's files
 *   entities/<domain>    – domain pieces several features show (detail parts, cards, favourites,
 *                          notes panel, content lists and their queries)
 *   app/session          – the session store and its fetch (under app/ by history; imports only api)
 *   components, api      – generic UI and the HTTP client (one base layer: notices use the toast)
 *   test                 – test helpers
 *
 * A file may import its own layer (a feature: only its own folder) and the layers listed for it.
 * Plain JavaScript so that eslint.config.js loads it without a build step.
 */
const BASE = ['components', 'api', 'styles'];
const ALLOWED = {
  features: ['entities', 'session', ...BASE, 'test'],
  entities: ['entities', 'session', ...BASE, 'test'],
  session: ['session', 'api'],
  components: [...BASE, 'test'],
  api: [...BASE, 'test'],
  styles: ['styles'],
  test: ['test', ...BASE],
};

/** The layer (and, for features, the domain) of a path relative to web/src; null outside it. */
export function layerOf(relative) {
  const [top, next] = relative.split('/');
  if (top === 'features' || top === 'entities') {
    return { layer: top, domain: next };
  }
  if (top === 'app' && next === 'session') {
    return { layer: 'session' };
  }
  if (top === 'app' || top === 'main.tsx') {
    return { layer: 'app' };
  }
  return top in ALLOWED ? { layer: top } : null;
}

/** Why `from` may not import `to` (paths relative to web/src), or null when it may. */
export function layerViolation(from, to) {
  const source = layerOf(from);
  const target = layerOf(to);
  if (!source || !target || source.layer === 'app') {
    return null;
  }
  if (source.layer === 'features' && target.layer === 'features') {
    return source.domain === target.domain
      ? null
      : `features/${source.domain} may not import another feature's file (${to}): move the shared piece to entities/ or components/`;
  }
  if (source.layer === target.layer || ALLOWED[source.layer].includes(target.layer)) {
    return null;
  }
  const name =
    source.layer === 'features' || source.layer === 'entities'
      ? `${source.layer}/${source.domain}`
      : source.layer;
  const targetName = target.layer === 'session' ? 'app/session' : target.layer;
  return `${name} may not import ${targetName} (${to}): ${source.layer} may use ${ALLOWED[source.layer].join(', ')}`;
}

const SRC_MARK = `${path.sep}web${path.sep}src${path.sep}`;

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports inside web/src follow the layers (README "Web seams")' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const at = filename.lastIndexOf(SRC_MARK);
    if (at < 0) {
      return {};
    }
    const srcRoot = filename.slice(0, at + SRC_MARK.length);
    const from = path.relative(srcRoot, filename).split(path.sep).join('/');
    const check = (node) => {
      const spec = node?.type === 'Literal' ? node.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) {
        return;
      }
      const to = path
        .relative(srcRoot, path.resolve(path.dirname(filename), spec))
        .split(path.sep)
        .join('/');
      const message = layerViolation(from, to);
      if (message) {
        context.report({ node, message });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const webLayersPlugin = { rules: { layers: layersRule } };
