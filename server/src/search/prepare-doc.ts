import { gramTokens, indexTokens } from './segmenter.ts';
import type { PreparedDoc, SearchDoc } from './search.types.ts';

/**
 * Only the first MAX_INDEXED_BODY_CHARS of a body are segmented and indexed (about 300
 * report pages): it bounds segmentation time and PostgreSQL's 1 MB tsvector limit. The whole
 * body is still stored for snippets.
 */
export const MAX_INDEXED_BODY_CHARS = 300_000;

/** Segments a document. Pure apart from the shared segmenter, so worker threads can run it. */
export function prepareDoc(doc: SearchDoc): PreparedDoc {
  const tags = [...(doc.tags ?? [])];
  const body =
    doc.body.length > MAX_INDEXED_BODY_CHARS ? doc.body.slice(0, MAX_INDEXED_BODY_CHARS) : doc.body;
  return {
    id: doc.id,
    type: doc.type,
    title: doc.title,
    body: doc.body,
    tags,
    publishedAtMs: doc.publishedAt.getTime(),
    hot: Number.isFinite(doc.hot) ? doc.hot : 0,
    titleTokens: indexTokens(doc.title).join(' '),
    tagTokens: tags.flatMap((t) => indexTokens(t)).join(' '),
    bodyTokens: indexTokens(body).join(' '),
    titleGrams: [doc.title, ...tags].flatMap((t) => gramTokens(t)).join(' '),
    bodyGrams: gramTokens(body).join(' '),
  };
}
