import { QueryClient } from '@tanstack/react-query';
import { takeFirstData } from '../session/session.ts';
import { sessionStore } from '../session/sessionStore.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; one retry covers a flaky network, not a refusal.
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

// The screen's first data, written into the page by the server (contract first-data.ts): fresh
// for `staleTime`, so the screen's query uses it instead of asking again.
export function seedFirstData(): void {
  for (const { key, data } of takeFirstData()) {
    queryClient.setQueryData(key, data);
  }
}
seedFirstData();

// A session that ends (logout, 401) takes its cached data with it, so the next user sees none.
let wasLoaded = sessionStore.get().loaded;
sessionStore.subscribe(() => {
  const { loaded } = sessionStore.get();
  if (wasLoaded && !loaded) {
    queryClient.clear();
  }
  wasLoaded = loaded;
});
