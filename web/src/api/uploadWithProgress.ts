import type { TEndpoint, TEnvelope, TParamsOf, TReplyOf } from '@portal/contract';
import { API_HEADERS, API_SOURCE_WEB, MSG, pathOf, ResultCode } from '@portal/contract';
import { ApiError, apiUrl, handleUnauthorized } from './client.ts';
import { getToken } from './cookies.ts';

export type TUploadProgress = {
  /** Bytes sent so far, as a share of the body (0–1). */
  onProgress?: (fraction: number) => void;
  /** The body is on the server; the reply may take a while (the server is processing it). */
  onSent?: () => void;
  signal?: AbortSignal;
};

/**
 * POSTs a multipart body with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * The same headers and envelope as apiRequest: resolves with `data` when `code` is 0, rejects
 * with an ApiError carrying the server's Chinese message otherwise; a 401 ends the session.
 * No timeout: a large upload on a slow line may take longer than the API's 100 s.
 */
export function uploadWithProgress<E extends TEndpoint>(
  endpoint: E,
  body: FormData,
  options: TUploadProgress & { params?: TParamsOf<E> } = {},
): Promise<TReplyOf<E>> {
  type T = TReplyOf<E>;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(pathOf(endpoint, options.params)));
    xhr.setRequestHeader(API_HEADERS.source, API_SOURCE_WEB);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) {
      xhr.setRequestHeader(API_HEADERS.token, token);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(event.loaded / event.total);
      }
    };
    xhr.upload.onload = () => options.onSent?.();
    xhr.onerror = () => reject(new ApiError(ResultCode.failure, MSG.networkError, 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: Partial<TEnvelope<T>> | null;
      try {
        envelope = JSON.parse(xhr.responseText) as Partial<TEnvelope<T>>;
      } catch {
        envelope = null;
      }
      const message =
        typeof envelope?.message === 'string' && envelope.message !== '' ? envelope.message : null;
      if (xhr.status === 401) {
        handleUnauthorized();
        reject(new ApiError(envelope?.code ?? ResultCode.failure, message ?? MSG.unauthorized, 401));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300 || typeof envelope?.code !== 'number') {
        reject(new ApiError(envelope?.code ?? ResultCode.failure, message ?? MSG.serverError, xhr.status));
        return;
      }
      if (envelope.code !== ResultCode.ok) {
        reject(new ApiError(envelope.code, message ?? MSG.serverError, xhr.status));
        return;
      }
      resolve(envelope.data as T);
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
