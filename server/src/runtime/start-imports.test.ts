import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Libraries that only some requests or set-ups use: loading them took ~0.2 s of every process
 * start (measured 2026-12-02, warm start of the compiled server 1.55 → 1.35 s), and a portal
 * starts a process per core, again after every crash.
 */
const LOADED_ON_USE = [
  'qrcode', // share QR codes
  'mammoth', // Word files in the insight-topic viewer
  'sharp', // card-size picture copies
  'tencentcloud-sdk-nodejs-sms', // one SMS provider
  '@alicloud/dysmsapi20170525', // the other
  'pdfkit', // the demo library's PDFs, drawn on a first start only
  'fontkit',
  'exceljs', // Excel files in the viewer
  'nodemailer', // the first mail a process sends
  'sanitize-html', // cleaning a headline's HTML
];

/**
 * Imports `modules` in a fresh process under tsx (this runner has loaded most libraries
 * already), runs `then`, and returns the packages among LOADED_ON_USE that were resolved. A
 * resolve hook records every URL: ES modules do not show in require's cache.
 */
function packagesLoaded(modules: string[], then = ''): string[] {
  const hook = `let port; export function initialize(data) { port = data.port; }
    export async function resolve(specifier, context, next) {
      const found = await next(specifier, context);
      port.postMessage(found.url);
      return found;
    }`;
  const script = `
    import { register } from 'node:module';
    import { MessageChannel } from 'node:worker_threads';
    const { port1, port2 } = new MessageChannel();
    const urls = [];
    port1.on('message', (url) => urls.push(url));
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), {
      data: { port: port2 }, transferList: [port2],
    });
    for (const url of ${JSON.stringify(modules.map((m) => new URL(m, import.meta.url).href))}) await import(url);
    ${then}
    // The hook's messages come from the loader's thread: let the last ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    port1.close();
    const wanted = ${JSON.stringify(LOADED_ON_USE)};
    process.stdout.write(JSON.stringify(wanted.filter((name) => urls.some((u) => u.includes('/node_modules/' + name + '/')))));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: here,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

it('a process start loads none of the libraries only some requests use', () => {
  expect(packagesLoaded(['./serve.ts', './cluster.ts', './prepare-database.ts', '../app.ts'])).toEqual([]);
});

it('the check above notices such a library once a request needs it', () => {
  const loaded = packagesLoaded(
    ['../modules/detail/share-qr.ts'],
    "await (await import(new URL('../modules/detail/share-qr.ts', import.meta.url).href)).qrPng('https://example.com');",
  );
  expect(loaded).toEqual(['qrcode']);
});
