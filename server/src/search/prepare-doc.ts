import { fieldTokens } from './segmenter.ts';
import type { DocPage, PreparedDoc, PreparedPage, SearchDoc } from './search.types.ts';

/**
 * Only the first MAX_INDEXED_BODY_CHARS of a body are segmented and indexed (about 300
 * report pages): it bounds segmentation time and PostgreSQL's 1 MB tsvector limit. The whole
 * body is still stored for snippets.
 */
export const MAX_INDEXED_BODY_CHARS = 300_000;

/** Code points of `text` (a page's offset in the body is counted the way SQL substr counts). */
function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      n--;
    }
  }
  return n;
}

/**
 * Pages are segmented one by one and the body's tokens are theirs joined: a newline ends every
 * jieba word and every Han run, so that equals segmenting the joined body, at no extra cost.
 * Pages past MAX_INDEXED_BODY_CHARS are not indexed, as the body past it is not.
 */
function preparePages(pages: readonly DocPage[]): {
  body: string;
  bodyTokens: string;
  bodyGrams: string;
  pages: PreparedPage[];
} {
  const prepared: PreparedPage[] = [];
  let start = 0;
  let indexed = 0;
  for (const page of pages) {
    const length = codePointLength(page.text);
    if (indexed + page.text.length <= MAX_INDEXED_BODY_CHARS) {
      prepared.push({ no: page.no, start, length, front: page.front === true, ...fieldTokens(page.text) });
    }
    indexed += page.text.length + 1;
    start += length + 1;
  }
  const join = (key: 'words' | 'grams') =>
    prepared
      .map((p) => p[key])
      .filter((t) => t !== '')
      .join(' ');
  return {
    body: pages.map((p) => p.text).join('\n'),
    bodyTokens: join('words'),
    bodyGrams: join('grams'),
    pages: prepared,
  };
}

/** Segments a document. Pure apart from the shared segmenter, so worker threads can run it. */
export function prepareDoc(doc: SearchDoc): PreparedDoc {
  const tags = [...(doc.tags ?? [])];
  const paged = doc.pages ? preparePages(doc.pages) : null;
  const title = fieldTokens(doc.title);
  const tagFields = tags.map(fieldTokens);
  const body = paged
    ? { words: paged.bodyTokens, grams: paged.bodyGrams }
    : fieldTokens(
        doc.body.length > MAX_INDEXED_BODY_CHARS ? doc.body.slice(0, MAX_INDEXED_BODY_CHARS) : doc.body,
      );
  const joined = (fields: readonly string[]) => fields.filter((f) => f !== '').join(' ');
  return {
    id: doc.id,
    type: doc.type,
    title: doc.title,
    body: paged ? paged.body : doc.body,
    tags,
    publishedAtMs: doc.publishedAt.getTime(),
    hot: Number.isFinite(doc.hot) ? doc.hot : 0,
    titleTokens: title.words,
    tagTokens: joined(tagFields.map((t) => t.words)),
    bodyTokens: body.words,
    titleGrams: joined([title.grams, ...tagFields.map((t) => t.grams)]),
    bodyGrams: body.grams,
    ...(paged ? { pages: paged.pages } : {}),
  };
}
