import { MSG } from '@portal/contract';
import { ApiError } from '../../../../api/client.ts';

/** The server's message for a refused viewer call (e.g. 未配置Tableau服务…), else a generic one. */
export function errorMessage(error: unknown, fallback: string = MSG.serverError): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
