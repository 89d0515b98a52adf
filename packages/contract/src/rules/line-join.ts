/** Han, kana, Hangul-free CJK blocks, CJK punctuation and full-width forms. */
const CJK =
  /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/**
 * What goes between a line of a PDF page and the line it continues, when the page's text is
 * assembled: nothing when either side is CJK — a space inside 宁德|时代 would split the word for
 * search — else a space. The server assembles pages for search with it (ingest/page-text.ts)
 * and the reader joins the text layer's lines with it to mark the words search found there.
 */
export function lineJoiner(before: string, after: string): '' | ' ' {
  return CJK.test(before.at(-1) ?? '') || CJK.test(after.at(0) ?? '') ? '' : ' ';
}
