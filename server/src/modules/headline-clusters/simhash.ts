import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indexTokens } from '../../search/segmenter.ts';

/**
 * SimHash (Charikar) of a headline over the project's jieba tokens, as 16 hex digits. Each token
 * votes on 64 bits with its weight (jieba's IDF up to IDF_CAP, ×3 in the title); texts that
 * share most of their weighted tokens get fingerprints a few bits apart, so "the same story" is
 * a small Hamming distance. Measured on LABELLED_PAIRS (2026-11-26, with the figures check of same-story.ts):
 * with every token weighing 1 the best was precision 0.80 at recall 0.50 (8 bits); with IDF
 * weights precision 1.00 at recall 0.69 (9 bits) — company names weigh more than 发布 or 增长,
 * so one template about two companies stays apart.
 */

/** Title words count this many times a summary word: the title is what a reader calls "the story". */
export const TITLE_WEIGHT = 3;
/** The summary (or the body's first characters) is cut here: bodies differ per source. */
export const SUMMARY_CHARS = 300;

const HAN_SINGLE = /^\p{Script=Han}$/u;

/**
 * The tokens that carry meaning: jieba search-mode tokens (normalised as the search index does)
 * without single Han characters (的, 在, 将 … say nothing about which story it is). Numbers stay:
 * 增长 15% and 增长 30% are different news.
 */
export function storyTokens(text: string): string[] {
  return indexTokens(text).filter((t) => !HAN_SINGLE.test(t));
}

/**
 * Words rarer than this (jieba's IDF; about the rarest 80% of its 270,000 words, company names,
 * figures and any word it does not know) all weigh this much: only the common words' lower
 * weights are kept, which is what tells 宁德时代 from 发布 and keeps the table small (~55,000
 * words, read in ~0.3 s). Measured on LABELLED_PAIRS against keeping every word: the same
 * precision (1.00) at 8–10 bits, recall within one pair.
 */
export const IDF_CAP = 10.29;

let idfs: Map<string, number> | undefined;

/** jieba's IDF table, common words only (IDF_CAP). */
function idfOf(token: string): number {
  if (!idfs) {
    idfs = new Map();
    const text = readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/idf.txt'), 'utf8');
    for (let at = 0; at < text.length;) {
      const end = text.indexOf('\n', at);
      const stop = end === -1 ? text.length : end;
      const space = text.lastIndexOf(' ', stop);
      if (space > at) {
        const value = Number(text.slice(space + 1, stop));
        if (value < IDF_CAP) {
          idfs.set(text.slice(at, space), value);
        }
      }
      at = stop + 1;
    }
  }
  return idfs.get(token) ?? IDF_CAP;
}

const tokenBits = new Map<string, [number, number]>();
const TOKEN_CACHE = 50_000;

/** A token's 64 bits (two 32-bit halves of its MD5), cached: headlines reuse few words. */
function bitsOf(token: string): [number, number] {
  let bits = tokenBits.get(token);
  if (!bits) {
    const digest = createHash('md5').update(token).digest();
    bits = [digest.readUInt32BE(0), digest.readUInt32BE(4)];
    if (tokenBits.size >= TOKEN_CACHE) {
      tokenBits.clear();
    }
    tokenBits.set(token, bits);
  }
  return bits;
}

/** The fingerprint of a headline's title and summary; null when they hold no usable token. */
export function simhash(title: string, summary: string): string | null {
  const votes = new Float64Array(64);
  let any = false;
  const add = (tokens: readonly string[], weight: number) => {
    for (const token of tokens) {
      any = true;
      const [hi, lo] = bitsOf(token);
      const w = weight * idfOf(token);
      for (let bit = 0; bit < 32; bit++) {
        votes[bit] = (votes[bit] ?? 0) + ((hi >>> bit) & 1 ? w : -w);
        votes[32 + bit] = (votes[32 + bit] ?? 0) + ((lo >>> bit) & 1 ? w : -w);
      }
    }
  };
  add(storyTokens(title), TITLE_WEIGHT);
  add(storyTokens([...summary].slice(0, SUMMARY_CHARS).join('')), 1);
  if (!any) {
    return null;
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if ((votes[bit] ?? 0) > 0) {
      hi |= 1 << bit;
    }
    if ((votes[32 + bit] ?? 0) > 0) {
      lo |= 1 << bit;
    }
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, SUMMARY_CHARS * 2);

/**
 * A headline's fingerprint: its title and its summary, or the start of its body's text when it
 * has none. Pure, so feed polls compute it in their parser thread (modules/feeds/feed-parse.ts).
 */
export function headlineStoryHash(row: {
  title: string;
  description: string;
  content: string;
}): string | null {
  return simhash(row.title, row.description || plainText(row.content));
}

export function popcount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A fingerprint as two unsigned 32-bit numbers. */
export function halves(hash: string): [number, number] {
  return [parseInt(hash.slice(0, 8), 16) >>> 0, parseInt(hash.slice(8), 16) >>> 0];
}

/** Bits that differ between two fingerprints (0–64). */
export function hamming(a: string, b: string): number {
  return (
    popcount((parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0) +
    popcount((parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16)) >>> 0)
  );
}
