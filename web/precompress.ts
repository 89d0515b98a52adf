import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts and pdf.js's binary maps are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every text asset of the
 * build over 1 KiB, so the server sends the smallest form without compressing on every request
 * (server/src/http/web.ts serves them by Accept-Encoding). Build-time cost only: quality 11 is
 * ~15 % smaller than what a server can afford per request.
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
      handler() {
        for (const file of compressibleFiles(outDir)) {
          const raw = readFileSync(file);
          const br = brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = gzipSync(raw, { level: 9 });
          // A copy no smaller than the original would only cost a disk read.
          if (br.length < raw.length) {
            writeFileSync(`${file}.br`, br);
          }
          if (gz.length < raw.length) {
            writeFileSync(`${file}.gz`, gz);
          }
        }
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
