import { ResultCode } from '@portal/contract';
import { ApiError } from '../../api/client.ts';

export type TDetailFailure = 'noPermission' | 'notFound' | 'error';

/**
 * What a failed detail load means for the page: 1001 → 暂无查看权限; an unknown, deleted or
 * malformed id (404, or 400 from the id schema) → not found; anything else → a load error.
 */
export function detailFailure(error: unknown): TDetailFailure {
  if (!(error instanceof ApiError)) {
    return 'error';
  }
  if (error.code === ResultCode.noPermission) {
    return 'noPermission';
  }
  if (error.status === 404 || error.status === 400) {
    return 'notFound';
  }
  return 'error';
}
