import type { TPageQuery } from '../../api.ts';
import { apiQuery } from '../../table/tableParams.ts';
import type { TTableParams } from '../../table/tableParams.ts';

/** The API query of a mail tab: the table's paging and filters without the tab itself. */
export function mailQuery(params: TTableParams): TPageQuery {
  const { tab: _tab, ...query } = apiQuery(params);
  return query;
}
