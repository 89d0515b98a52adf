import { MSG } from '@portal/contract';
import { ApiError } from './client.ts';

/**
 * The server's Chinese message for a refused call (验证码错误, 未配置Tableau服务…), else `fallback`
 * (a network failure or a reply without a message).
 */
export function errorMessage(error: unknown, fallback: string = MSG.serverError): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
