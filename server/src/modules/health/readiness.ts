/**
 * Whether this process has finished setting up (migrations, seeds, the search dictionary) and may
 * take traffic. A process can listen before that (a load balancer then sees it alive but not
 * ready); an app built after set-up, as in tests, starts ready.
 */
export type Readiness = { isReady(): boolean; markReady(): void };

export function createReadiness(ready = false): Readiness {
  let done = ready;
  return {
    isReady: () => done,
    markReady: () => {
      done = true;
    },
  };
}
