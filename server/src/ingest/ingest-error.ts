import { ResultCode } from '@portal/contract';
import { AppError } from '../http/app-error.ts';

export type IngestFailure = 'not_pdf' | 'encrypted' | 'corrupt' | 'too_large' | 'too_many_pages' | 'timeout';

export const INGEST_MESSAGES: Readonly<Record<IngestFailure, string>> = {
  not_pdf: '文件不是有效的PDF',
  encrypted: 'PDF文件已加密，无法导入',
  corrupt: 'PDF文件已损坏，无法解析',
  too_large: 'PDF文件过大，无法导入',
  too_many_pages: 'PDF页数超过上限，无法导入',
  timeout: 'PDF文件处理超时，无法导入',
};

/**
 * A PDF the pipeline refuses. An `AppError` (400, the Chinese message) so a route can let it
 * through to the error handler; `reason` is for code that reacts to the kind of failure.
 */
export class IngestError extends AppError {
  constructor(
    readonly reason: IngestFailure,
    message: string = INGEST_MESSAGES[reason],
    options?: { cause?: unknown },
  ) {
    super(400, ResultCode.failure, message);
    this.name = 'IngestError';
    if (options?.cause !== undefined) {
      this.cause = options.cause;
    }
  }
}

export function isIngestFailure(value: unknown): value is IngestFailure {
  return typeof value === 'string' && value in INGEST_MESSAGES;
}
