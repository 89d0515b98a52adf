import type { TSearchHit, TSort } from '@portal/contract';
import { shanghaiDateTime } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { highlightTitle } from '../../search/highlight.ts';
import { HOT_WEIGHTS } from '../../search/hot-score.ts';
import { highlightTokens, queryTerms, type QueryTerm } from '../../search/segmenter.ts';
import { withSynonyms, type SynonymTable } from '../../search/synonyms.ts';
import { fileUrl } from '../content/content-types.ts';
import { PUBLISHED } from '../content/publish-status.ts';

/** `_index` of an organisation hit; the web opens /organ/organDetail/{id} for it. */
export const ORGANISATION_INDEX = 'portal_organisation';
const DESCRIPTION_CHARS = 120;

type OrganRow = { id: number; name: string; introduction: string; logo_key: string; created_at: number };

/** A term holds in `text` (normalised as the segmenter does) as its word or any synonym's words. */
function holds(text: string, term: QueryTerm): boolean {
  return text.includes(term.word) || (term.alts ?? []).some((alt) => alt.every((a) => holds(text, a)));
}

const normal = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Each organisation's engagement with its published reports, the 最热 of the organisation
 * directory (organisations.repo.ts `page`): views + 5·downloads + 8·favourites + 4·useful.
 */
async function engagement(db: Db): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('report_companies as rc')
    .innerJoin('reports as r', 'r.id', 'rc.report_id')
    .innerJoin('content_stats as s', (join) =>
      join.onRef('s.content_id', '=', 'r.id').on('s.content_type', '=', 'report'),
    )
    .select([
      'rc.organisation_id',
      sql<number>`sum(s.views + ${HOT_WEIGHTS.downloads} * s.downloads + ${HOT_WEIGHTS.favorites} * s.favorites + ${HOT_WEIGHTS.useful} * s.useful)`.as(
        'e',
      ),
    ])
    .where('r.status', '=', PUBLISHED)
    .groupBy('rc.organisation_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.organisation_id), Number(r.e)]));
}

/**
 * The search page's 机构 tab (issue 19: the search box promises organisations). Organisations
 * are a directory of hundreds, not an index of millions, so every row is matched here, the way
 * the engine matches a document: each word of the keyword (or one of its synonyms) must occur
 * in the name or the introduction. Name matches come first, then the admin's order; 最新 lists
 * the newest organisations first and 最热 those whose reports are read most, as the directory.
 */
export function createOrganisationSearch(db: Db) {
  return async function search(q: {
    keyword: string;
    synonyms: SynonymTable | undefined;
    page: number;
    pageSize: number;
    /** 最新 (new) or 最热 (hot); anything else is relevance. */
    sort?: TSort | undefined;
  }): Promise<{ hits: TSearchHit[]; total: number }> {
    const terms = withSynonyms(queryTerms(q.keyword, true), q.synonyms).terms;
    if (terms.length === 0) {
      return { hits: [], total: 0 };
    }
    const rows: OrganRow[] = await db.kysely
      .selectFrom('organisations')
      .select(['id', 'name', 'introduction', 'logo_key', 'created_at'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const scored = rows.flatMap((row) => {
      const name = normal(row.name);
      const all = `${name}\n${normal(row.introduction)}`;
      if (!terms.every((t) => holds(all, t))) {
        return [];
      }
      return [{ row, byName: terms.every((t) => holds(name, t)) ? 0 : 1 }];
    });
    if (q.sort === 'new') {
      // Rows come in the admin's order: a stable sort keeps it among equal times.
      scored.sort((a, b) => Number(b.row.created_at) - Number(a.row.created_at));
    } else if (q.sort === 'hot') {
      const hot = await engagement(db);
      scored.sort((a, b) => (hot.get(b.row.id) ?? 0) - (hot.get(a.row.id) ?? 0));
    } else {
      scored.sort((a, b) => a.byName - b.byName);
    }
    const offset = (q.page - 1) * q.pageSize;
    const tokens = highlightTokens(terms);
    const hits = scored.slice(offset, offset + q.pageSize).map(({ row }) => {
      const description = row.introduction.replace(/\s+/g, ' ').slice(0, DESCRIPTION_CHARS);
      return {
        _id: String(row.id),
        _index: ORGANISATION_INDEX,
        favorite_status: 0,
        _source: {
          title: row.name,
          cover: fileUrl(row.logo_key),
          tag: [],
          product_brand: '',
          creator: '',
          // The card's foot names a publisher and an age; for an organisation both say nothing new.
          publisher: '',
          create_time: shanghaiDateTime(row.created_at),
          time_format: '',
          description,
          highlight: {
            title: highlightTitle(row.name, tokens),
            content: highlightTitle(description, tokens),
          },
        },
      };
    });
    return { hits, total: scored.length };
  };
}

export type OrganisationSearch = ReturnType<typeof createOrganisationSearch>;
