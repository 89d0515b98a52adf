import type { TablePaginationConfig } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_TEXT } from '../texts.ts';
import { readTableParams, withFilter, writeTableParams, type TTableParams } from './tableParams.ts';

type TSorterLike = { columnKey?: unknown; field?: unknown; order?: 'ascend' | 'descend' | null };

/**
 * A server-paged antd table bound to the address: `params` for the API call, `tableProps`
 * (pagination and onChange for paging and column sorting) and `setFilter` for the search bar.
 */
export function useTableParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readTableParams(search), [search]);
  const update = useCallback(
    (next: TTableParams) => setSearch(writeTableParams(next), { replace: false }),
    [setSearch],
  );

  const pagination = useCallback(
    (total: number): TablePaginationConfig => ({
      current: params.page,
      pageSize: params.page_size,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: ADMIN_TEXT.total,
    }),
    [params.page, params.page_size],
  );

  // Typed loosely so that one handler fits every row type's Table.
  const onChange = useCallback(
    (page: TablePaginationConfig, _filters: unknown, sorter: unknown) => {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as TSorterLike | undefined;
      const key = one?.order ? String(one.columnKey ?? one.field ?? '') : '';
      const order: 'asc' | 'desc' = one?.order === 'ascend' ? 'asc' : 'desc';
      const size = page.pageSize ?? params.page_size;
      // A new sort or page size starts again at page 1.
      const changed =
        (key || undefined) !== params.sort ||
        (key ? order : undefined) !== params.order ||
        size !== params.page_size;
      update({
        filters: params.filters,
        page: changed ? 1 : (page.current ?? 1),
        page_size: size,
        ...(key ? { sort: key, order } : {}),
      });
    },
    [params, update],
  );

  const setFilter = useCallback(
    (key: string, value: string | undefined) => update(withFilter(params, key, value)),
    [params, update],
  );

  /** The antd sortOrder a column shows for the current sort. */
  const sortOrder = useCallback(
    (key: string): 'ascend' | 'descend' | null =>
      params.sort === key ? (params.order === 'asc' ? 'ascend' : 'descend') : null,
    [params.sort, params.order],
  );

  return { params, pagination, onChange, setFilter, sortOrder };
}
