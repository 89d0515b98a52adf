import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts and pdf.js's binary maps are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
/**
 * Files over this get brotli quality 10 instead of 11. Only lazily loaded code is this large
 * (pdf.js's worker, the PDF reader, the back-office's charts and antd; the largest file any
 * user screen loads first, React, is 252 KiB), and quality 11 costs them 2.3× the CPU of quality
 * 10 for 1.6 % fewer bytes: measured on the 2026-11-26 build, 4.3 of the 5.9 s of CPU the
 * compression took, which a first `npm start` on a 2-core machine spends while it also
 * generates the demo library.
 */
const MAX_QUALITY_BYTES = 256 * 1024;

const brotliQuality = (bytes: number) =>
  bytes > MAX_QUALITY_BYTES ? constants.BROTLI_MAX_QUALITY - 1 : constants.BROTLI_MAX_QUALITY;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` (brotli, best quality but for the largest files) and `file.gz` (gzip -9) beside every text asset of the
 * build over 1 KiB, so the server sends the smallest form without compressing on every request
 * (server/src/http/web.ts serves them by Accept-Encoding). Build-time cost only: quality 11 is
 * ~15 % smaller than what a server can afford per request. Brotli at quality 11 runs at about
 * 1 MB/s, and the build holds ~4 MB of text (pdf.js's worker alone is 1.2 MB): the files are
 * compressed on libuv's thread pool, all cores at once, instead of one after another on the
 * main thread.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the other plugins' closeBundle (pdf.js resources) have written their files.
      order: 'post',
      async handler() {
        await Promise.all(
          compressibleFiles(outDir).map(async (file) => {
            const raw = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: brotliQuality(raw.length),
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: 9 }),
            ]);
            // A copy no smaller than the original would only cost a disk read.
            if (br.length < raw.length) {
              await writeFile(`${file}.br`, br);
            }
            if (gz.length < raw.length) {
              await writeFile(`${file}.gz`, gz);
            }
          }),
        );
      },
    },
  };
}

function compressibleFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite/ holds the build manifest, read by scripts, never served to browsers.
      if (entry.name !== '.vite') {
        found.push(...compressibleFiles(path));
      }
    } else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) {
      found.push(path);
    }
  }
  return found;
}
