import type { SearchQuery } from '../../server/src/search/search.types.ts';

/**
 * The baseline: what a portal without a search index would run — `LIKE '%word%'` on title
 * and body for every space-separated word, a count for `total`, and the page ordered
 * title-hits-first (relevance), by publish time or by hot score. Every query scans the table.
 */
export type NaiveSql = { count: string; page: string; params: string[] };

export function naiveSql(query: SearchQuery, placeholder: (i: number) => string): NaiveSql {
  const words = (query.keyword ?? '').split(/\s+/).filter((w) => w.length > 0);
  const params: string[] = [];
  const conditions = words.map((w) => {
    params.push(`%${w}%`);
    const p = placeholder(params.length);
    return `(title LIKE ${p} OR body LIKE ${p})`;
  });
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const first = words.length > 0 ? placeholder(1) : undefined;
  const order =
    query.sort === 'hot'
      ? 'hot DESC, ord DESC'
      : query.sort === 'relevance' && first
        ? `(title LIKE ${first}) DESC, ord DESC`
        : 'ord DESC';
  const offset = (query.page - 1) * query.pageSize;
  return {
    count: `SELECT count(*) AS n FROM search_docs ${where}`,
    page: `SELECT ord FROM search_docs ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
    params,
  };
}
