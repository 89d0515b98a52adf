import { MSG, ResultCode } from '@portal/contract';

/**
 * The one error type services throw. `httpStatus` is the HTTP status, `code` the envelope code
 * (-1 failure, 1001 no permission), `message` the Chinese text the user sees.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string = MSG.badRequest): AppError {
    return new AppError(400, ResultCode.failure, message);
  }

  static unauthorized(): AppError {
    return new AppError(401, ResultCode.failure, MSG.unauthorized);
  }

  /**
   * Spec §6/§8: the client reads code 1001 from a normal (HTTP 200) reply and shows
   * 暂无查看权限, so this is not an HTTP error.
   */
  static noPermission(): AppError {
    return new AppError(200, ResultCode.noPermission, MSG.noPermission);
  }

  /**
   * A back-office call by a user without the admin role: HTTP 403, while the body keeps the
   * spec's code 1001 (暂无查看权限) for clients that read only the envelope.
   */
  static forbidden(): AppError {
    return new AppError(403, ResultCode.noPermission, MSG.noPermission);
  }

  /**
   * A failure the page shows in place, not as an HTTP error (an unconfigured viewer provider,
   * an unsupported file): HTTP 200 with code -1 and the message.
   */
  static notice(message: string): AppError {
    return new AppError(200, ResultCode.failure, message);
  }

  static notFound(message: string = MSG.notFound): AppError {
    return new AppError(404, ResultCode.failure, message);
  }

  static tooManyRequests(message: string = MSG.rateLimited): AppError {
    return new AppError(429, ResultCode.failure, message);
  }
}
