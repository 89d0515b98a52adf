/** Outside services get this long before the viewer shows its notice. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Thrown by adapters when the provider cannot be reached or answers nonsense; `detail` is for the log only. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderError';
  }
}

/** fetch with a timeout; network failures and non-2xx replies become ProviderError. */
export async function callProvider(provider: string, url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(provider, error instanceof Error ? error.message : String(error));
  }
  if (!res.ok) {
    throw new ProviderError(provider, `HTTP ${res.status}`);
  }
  return res;
}
