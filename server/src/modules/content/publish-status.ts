import type { TPublishStatus } from '@portal/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ContentType } from './content-types.ts';

/**
 * The one status users see (migration 2026112502). Drafts and unpublished rows stay in their
 * tables — favourites and notes keep pointing at them — but every user read filters on this,
 * and they have no search document.
 */
export const PUBLISHED = 'published' satisfies TPublishStatus;

/**
 * True when the content a `(type, id)` pair names (favourite folder entries) is published:
 * folder lists and their counts show what the user can open, while the entry itself stays
 * and comes back when the item is published again. Pass qualified column names: `reports` has
 * a `content_id` column of its own, which an unqualified name would resolve to.
 */
export function refIsPublished(typeColumn: string, idColumn: string): RawBuilder<SqlBool> {
  const type = sql.ref(typeColumn);
  const id = sql.ref(idColumn);
  const branch = (contentType: ContentType, table: string) =>
    sql`(${type} = ${contentType} and exists (select 1 from ${sql.table(table)} p where p.id = ${id} and p.status = ${PUBLISHED}))`;
  return sql<SqlBool>`(${sql.join(
    [
      branch('report', 'reports'),
      branch('business', 'headlines'),
      branch('insight', 'analyses'),
      branch('material', 'materials'),
    ],
    sql` or `,
  )})`;
}
