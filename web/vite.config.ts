import { defineConfig, loadEnv, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { allRouteEntries, LAYOUT_MODULES, pageModulePath } from './src/app/routeTable.ts';
import { precompress } from './precompress.ts';
import { firstScreenChunks } from './firstScreenChunks.ts';
import { messageModules } from './messageModules.ts';

const ROOT = decodeURIComponent(new URL('.', import.meta.url).pathname);
const CONTRACT_SRC = /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/;
/** Files that make up the first screen of each route; read by scripts/report-sizes.mjs. */
const ROUTE_TABLE_FILE = '.vite/route-table.json';

type TNode = { type: string; start: number; end: number };
type TDeclarator = { init: TNode | null };
type TStatement = TNode & {
  declaration?: (TNode & { declarations?: TDeclarator[] }) | null;
  declarations?: TDeclarator[];
};

/**
 * The contract holds constants, messages, rules and zod schemas side by side. Its top-level
 * declarations have no side effects, but a bundler cannot prove that `z.object(...)` or
 * `textSchema(...)` is pure, so importing MSG would drag zod (~25 KiB gzip) into every screen,
 * the login page included. Each top-level `const x = <call>` is wrapped in a pure IIFE (and
 * the modules marked side-effect free below), so unused schemas — and zod with them — drop out.
 * So is an object or array literal holding calls (`REPORT_FILTER_FIELDS = { industry:
 * z.string()… }`): its calls would otherwise stay, and zod with them, on every screen that
 * imports a constant from the same file.
 */
const isCall = (node: TNode) => node.type === 'CallExpression' || node.type === 'NewExpression';
const isLiteral = (node: TNode) => node.type === 'ObjectExpression' || node.type === 'ArrayExpression';

function containsCall(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) {
    return false;
  }
  if ('type' in node && isCall(node as TNode)) {
    return true;
  }
  return Object.values(node).some((child) => typeof child === 'object' && containsCall(child));
}

function contractTreeShaking(): Plugin {
  return {
    name: 'portal:contract-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SRC.test(id)) {
        return null;
      }
      const program = parseAst(code) as unknown as { body: TStatement[] };
      const calls: TNode[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') {
          continue;
        }
        for (const { init } of declaration.declarations ?? []) {
          if (init && (isCall(init) || (isLiteral(init) && containsCall(init)))) {
            calls.push(init);
          }
        }
      }
      let out = code;
      for (const call of calls.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, call.start)}/* @__PURE__ */ (() => (${out.slice(call.start, call.end)}))()${out.slice(call.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** Writes, per route, the source modules its first screen loads (layout + page). */
function routeTable(): Plugin {
  return {
    name: 'portal:route-table',
    apply: 'build',
    generateBundle() {
      const routes = allRouteEntries().map((entry) => ({
        path: entry.path,
        layout: entry.layout,
        modules: [
          ...(entry.layout === 'none' ? [] : [LAYOUT_MODULES[entry.layout]]),
          pageModulePath(entry.page),
        ],
      }));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_TABLE_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}

const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const VENDOR_REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
/** Icons, TanStack Query and helpers; antd itself only in the back-office's chunks (/admin). */
const VENDOR_UI =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs|@babel[\\/]runtime|classnames|clsx|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|json2mq|string-convert|is-mobile|@tanstack)[\\/]/;

/**
 * `vite build --ssr src/entry-server.tsx`: the server's render of the first screen
 * (server/src/http/ssr.ts). One self-contained bundle for Node — every dependency inside, so the
 * server needs none of the web's packages — beside, not inside, the browser's `dist`.
 */
const SSR_OUT_DIR = 'dist-ssr';

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, ROOT, '');
  const apiTarget = env.API_PROXY_TARGET || 'http://localhost:3000';
  if (isSsrBuild) {
    return {
      root: ROOT,
      plugins: [react(), contractTreeShaking()],
      ssr: { noExternal: true, target: 'node' },
      // Vite leaves `process.env.NODE_ENV` to run time in a server build, and the server never sets
      // it: React, bundled in, then chose its development build on every render (prop checks,
      // owner stacks): ~100 ms a signed-in page. Decided here, as the browser build decides it.
      define: {
        'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production'),
      },
      // For Node, @ant-design/icons exports an index.mjs over its CommonJS build, which cannot be
      // tree-shaken: every icon (2.9 MB) was in the bundle, parsed on the first render after start.
      // Its ES build keeps the few icons the screens use, as in the browser's build.
      resolve: { alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }] },
      build: { outDir: SSR_OUT_DIR, emptyOutDir: true, copyPublicDir: false, ssrManifest: false },
    };
  }
  const chunks = firstScreenChunks(ROOT);
  return {
    root: ROOT,
    plugins: [
      react(),
      contractTreeShaking(),
      messageModules(),
      routeTable(),
      chunks.plugin,
      pdfjsResources(),
      precompress(),
    ],
    resolve: {
      // react-router exports only its development build (extra warnings); the production build
      // beside it is the same code without them, and lighter on every screen.
      alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }],
    },
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/wxqrcode': { target: apiTarget, changeOrigin: true },
        '/brand': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      // Sizes are reported gzipped by scripts/report-sizes.mjs against our own budgets.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: (id: string) => (CONTRACT_SRC.test(id) ? false : undefined),
        },
        output: {
          // The first-screen groups take modules without their imports, so two chunks can import
          // each other; a module must still run after what it imports, or a constant read while
          // its chunk is evaluating comes out undefined (the report list's sorts, a plain page's
          // theme colours did).
          strictExecutionOrder: true,
          // Shared vendor chunks are named after every screen that uses them; keep file names short.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('vendor') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              // React and the router: every screen needs them; cached across deploys.
              { name: 'react', test: VENDOR_REACT, priority: 40 },
              // The signed-in screens' shell and the code their pages share (firstScreenChunks.ts).
              ...chunks.groups,
              // UI libraries only in chunks of screens that use them, split by which screens
              // share them, so the login page loads none and a simple page little.
              {
                name: 'vendor',
                test: VENDOR_UI,
                priority: 10,
                entriesAware: true,
                // No merging of small subgroups: rolldown merges one into its "closest neighbour"
                // whatever screens that neighbour serves, and once the back-office used antd, the
                // icons it shares with the shell were merged with antd's Upload and Image and every
                // user screen loaded antd (/homepage 127 → 402 KiB). A few more small files instead.
                entriesAwareMergeThreshold: 0,
              },
            ],
          },
        },
      },
    },
  };
});

/**
 * pdf.js needs its character maps and standard font data to show Chinese set in fonts a PDF
 * does not embed (without them such text renders as boxes). They are data files, not code:
 * copied beside the build under /pdfjs/ and fetched only when the reader meets such a font.
 */
function pdfjsResources(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pdfjs-resources',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
      for (const folder of ['cmaps', 'standard_fonts']) {
        cpSync(join(pdfjsRoot, folder), join(outDir, 'pdfjs', folder), { recursive: true });
      }
    },
  };
}
