import { ADMIN_TOC_LEVELS, ADMIN_TOC_MAX, ADMIN_TOC_TITLE_MAX } from '@portal/contract';
import type { DocPage } from '../../search/search.types.ts';

/**
 * What a report's text says about it (issue 19): an abstract, a table of contents and tags,
 * computed once at ingestion (and by the start-up backfill for older reports,
 * report-metadata-backfill.ts), never per request. Pure functions of the page texts.
 */

/**
 * Raise when the rules below change: the start-up backfill then computes every report again
 * (its contents only if it never had any computed: report-metadata.repo.ts `backfill`).
 * 2: abstracts and card texts without list markers.
 */
export const REPORT_META_VERSION = 2;

export type TocEntry = { title: string; page: number; level: number };

/**
 * `reports.meta_edited` bits: the computed fields an editor rewrote in the back-office. The
 * backfill leaves them as written; a new PDF (替换文件) computes all of them again.
 */
export const META_EDITED = { abstract: 1, toc: 2, auto_tags: 4 } as const;
export type ReportMetadata = { abstract: string; toc: TocEntry[]; tags: string[] };

/** Abstract length: about two short paragraphs, cut at a sentence end when one is near. */
const ABSTRACT_MIN_CHARS = 160;
const ABSTRACT_MAX_CHARS = 400;
/** A paragraph this long with Chinese sentence punctuation is prose, not a heading or a table cell. */
const PARAGRAPH_CHARS = 40;
const MAX_TOC_ENTRIES = ADMIN_TOC_MAX;
const HEADING_MAX_CHARS = 40;
/** Tags found from the catalogue's keywords: named at least this often, at most this many. */
const TAG_MIN_COUNT = 2;
const MAX_AUTO_TAGS = 6;
/** Contents pages are looked for among the first pages only. */
const CONTENTS_SEARCH_PAGES = 6;

const length = (text: string) => [...text].length;
const SENTENCE_PUNCTUATION = /[，。；！？]/;
/** A contents page's own heading. */
const CONTENTS_TITLE = /^(目\s*录|目\s*次|contents|table of contents)$/i;
/** "一、…", "第二章 …", "（三）…", "1.2 …", "3、…": a numbered heading. */
const NUMBERED =
  /^(第[一二三四五六七八九十百零\d]+[章节篇部分]|[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d{1,2}(?:\.\d{1,2}){0,3}[、.．\s]\s*\S)/;
/** A running footer or header: "…｜… 第 3 页 / 共 9 页", "- 3 -", "3 / 9". */
const FOOTER = /第\s*\d+\s*页|^[-\s]*\d+[-\s]*$|^\d+\s*\/\s*\d+$|[｜|].*\d\s*\/\s*(共\s*)?\d/;
/** A contents line: a heading, then dot leaders or spaces, then its page number. */
const CONTENTS_LINE = /\S.{1,60}?[\s.·…]+\d{1,4}(?=\s|$|[^\d\s])/g;

/**
 * A list item's marker at the start of a line: ■ ● ◆ ▶ and the rest of Unicode's geometric
 * shapes, • ‣ ∙ · ★ ➢ ❖, and the private-use glyphs PDF symbol fonts (Wingdings) extract as.
 * Broker reports set their 投资要点 as such lists; a card or an abstract shows the point, not
 * the glyph.
 */
const LIST_MARKER = /^[\u25A0-\u25FF\u2022\u2023\u2219\u00B7\u30FB\u2605\u2606\u27A2\u2756\uE000-\uF8FF]\s*/u;

/** `text` without the list marker it may start with (a card text stored under version 1). */
export const withoutListMarker = (text: string) => text.replace(LIST_MARKER, '');

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim().replace(LIST_MARKER, ''))
    .filter((l) => l !== '');

function isContentsPage(text: string): boolean {
  const all = lines(text);
  if (all[0] !== undefined && CONTENTS_TITLE.test(all[0].replace(/\s+/g, ' '))) {
    return true;
  }
  return (text.match(CONTENTS_LINE) ?? []).length >= 5 && !SENTENCE_PUNCTUATION.test(text);
}

/**
 * Page numbers of the cover (page 1 of a report with more than one page) and contents pages:
 * no abstract, heading or page hit comes from them while other pages have text.
 */
export function frontPages(pages: readonly string[]): Set<number> {
  const front = new Set<number>();
  if (pages.length > 1) {
    front.add(1);
  }
  pages.slice(0, CONTENTS_SEARCH_PAGES).forEach((text, i) => {
    if (i > 0 && isContentsPage(text)) {
      front.add(i + 1);
    }
  });
  return front;
}

/** The report's pages for the search index, cover and contents marked (search.types.ts DocPage). */
export function docPages(pages: readonly string[]): DocPage[] {
  const front = frontPages(pages);
  return pages.map((text, i) => ({ no: i + 1, text, ...(front.has(i + 1) ? { front: true } : {}) }));
}

const isParagraph = (line: string) =>
  length(line) >= PARAGRAPH_CHARS && SENTENCE_PUNCTUATION.test(line) && !FOOTER.test(line);

/** Cuts `text` to at most ABSTRACT_MAX_CHARS, at the last sentence end inside if there is one. */
function cutAtSentence(text: string): string {
  const chars = [...text];
  if (chars.length <= ABSTRACT_MAX_CHARS) {
    return text;
  }
  const head = chars.slice(0, ABSTRACT_MAX_CHARS).join('');
  const end = Math.max(head.lastIndexOf('。'), head.lastIndexOf('！'), head.lastIndexOf('？'));
  return end >= ABSTRACT_MIN_CHARS / 2 ? head.slice(0, end + 1) : `${head}…`;
}

/**
 * The prose lines (long, with sentence punctuation) after the cover and contents, in page order,
 * from the first one on, until they hold `enough` characters or a table row ends the run.
 */
function proseParagraphs(pages: readonly string[], enough: number): string[] {
  const front = frontPages(pages);
  const paragraphs: string[] = [];
  let total = 0;
  for (const line of pages.filter((_, i) => !front.has(i + 1)).flatMap(lines)) {
    if (total >= enough) {
      break;
    }
    if (isParagraph(line)) {
      paragraphs.push(line);
      total += length(line);
    } else if (paragraphs.length > 0 && length(line) > HEADING_MAX_CHARS) {
      // A long line without sentence punctuation (a table row) ends the run of prose.
      break;
    }
  }
  return paragraphs;
}

/** A report with no prose line (a slide deck, a scan): the text after its title, on one line. */
function textAfterTitle(pages: readonly string[], title: string): string {
  const front = frontPages(pages);
  const body = pages.filter((_, i) => !front.has(i + 1));
  const flat = (body.length > 0 ? body : pages).join(' ').replace(/\s+/g, ' ').trim();
  return flat.startsWith(title) ? flat.slice(title.length).trim() : flat;
}

/** The first substantial paragraphs after the cover and contents, about ABSTRACT_MIN_CHARS of them. */
export function reportAbstract(pages: readonly string[], title: string): string {
  const paragraphs = proseParagraphs(pages, ABSTRACT_MIN_CHARS);
  return cutAtSentence(paragraphs.length > 0 ? paragraphs.join('\n') : textAfterTitle(pages, title));
}

/**
 * A report's card text (its `description`, set at ingestion and the editor's afterwards): the
 * abstract's first paragraph, at most `maxChars`.
 */
export function reportDescription(pages: readonly string[], title: string, maxChars: number): string {
  const [first] = proseParagraphs(pages, 1);
  return [...(first ?? textAfterTitle(pages, title))].slice(0, maxChars).join('');
}

function headingLevel(heading: string): number {
  const dotted = /^\d{1,2}((?:\.\d{1,2}){0,3})/.exec(heading);
  if (dotted?.[1]) {
    return Math.min(3, dotted[1].split('.').length);
  }
  return /^[（(]/.test(heading) ? 2 : 1;
}

function isHeading(line: string, firstOnPage: boolean): boolean {
  const n = length(line);
  if (n < 2 || n > HEADING_MAX_CHARS || SENTENCE_PUNCTUATION.test(line) || FOOTER.test(line)) {
    return false;
  }
  if (NUMBERED.test(line)) {
    // A numbered line ending in a page number is a contents entry, not a heading.
    return !/[\s.·…]\d{1,4}$/.test(line);
  }
  // An unnumbered heading only where a section starts: the top of a page.
  return firstOnPage && /\p{Script=Han}/u.test(line) && !/[：:]/.test(line) && !/\d$/.test(line);
}

/**
 * The table of contents: the PDF's outline when it has one (`outline`, pages resolved at
 * ingestion), else headings found in the text — numbered lines (一、 第二章 1.2 （三）) anywhere
 * and a short line opening a page — outside the cover and contents pages.
 */
export function reportToc(pages: readonly string[], outline: readonly TocEntry[] = []): TocEntry[] {
  if (outline.length > 0) {
    // Within the back-office editor's rules (contract ZAdminTocEntry), so a save never trips on them.
    return outline
      .map((e) => ({
        title: [...e.title.replace(/\s+/g, ' ').trim()].slice(0, ADMIN_TOC_TITLE_MAX).join(''),
        page: e.page,
        level: Math.max(1, Math.min(ADMIN_TOC_LEVELS.length, e.level)),
      }))
      .filter((e) => e.title !== '')
      .slice(0, MAX_TOC_ENTRIES);
  }
  const front = frontPages(pages);
  const toc: TocEntry[] = [];
  pages.forEach((text, i) => {
    if (front.has(i + 1)) {
      return;
    }
    lines(text).forEach((line, at) => {
      if (toc.length < MAX_TOC_ENTRIES && isHeading(line, at === 0) && toc.at(-1)?.title !== line) {
        toc.push({ title: line, page: i + 1, level: headingLevel(line) });
      }
    });
  });
  return toc;
}

function occurrences(text: string, word: string): number {
  let n = 0;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) {
    n++;
  }
  return n;
}

/**
 * Tags from keywords: the catalogue's keywords the text names at least TAG_MIN_COUNT times,
 * most named first, beyond the report's own `keywords` (shown first anyway).
 */
export function reportTags(
  pages: readonly string[],
  ownKeywords: readonly string[],
  catalogue: readonly string[],
): string[] {
  const text = pages.join('\n').toLowerCase();
  const own = new Set(ownKeywords.map((k) => k.toLowerCase()));
  return [...new Set(catalogue.map((k) => k.trim()).filter((k) => k !== ''))]
    .filter((k) => !own.has(k.toLowerCase()))
    .map((k) => ({ k, n: occurrences(text, k.toLowerCase()) }))
    .filter((t) => t.n >= TAG_MIN_COUNT)
    .sort((a, b) => b.n - a.n || a.k.localeCompare(b.k))
    .slice(0, MAX_AUTO_TAGS)
    .map((t) => t.k);
}

export function reportMetadata(input: {
  pages: readonly string[];
  title: string;
  keywords: readonly string[];
  catalogue: readonly string[];
  outline?: readonly TocEntry[];
}): ReportMetadata {
  return {
    abstract: reportAbstract(input.pages, input.title),
    toc: reportToc(input.pages, input.outline),
    tags: reportTags(input.pages, input.keywords, input.catalogue),
  };
}

/** Tags a report shows, at most this many: its own keywords first. */
const MAX_SHOWN_TAGS = 10;

function jsonList(json: string): unknown[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The tags a report shows on its detail page and card: its keywords, then the ones found in its text. */
export function reportTagList(row: { keywords: string; auto_tags: string }): string[] {
  const tags = [...jsonList(row.keywords), ...jsonList(row.auto_tags)].filter(
    (t): t is string => typeof t === 'string' && t.trim() !== '',
  );
  return [...new Set(tags)].slice(0, MAX_SHOWN_TAGS);
}

/** The stored table of contents; anything malformed reads as no entry. */
export function parseToc(json: string): TocEntry[] {
  return jsonList(json).flatMap((e) => {
    if (typeof e !== 'object' || e === null) {
      return [];
    }
    const { title, page, level } = e as Record<string, unknown>;
    return typeof title === 'string' && Number.isInteger(page) && Number.isInteger(level)
      ? [{ title, page: page as number, level: level as number }]
      : [];
  });
}
