/** starting → ready once set-up has finished → stopping from the shutdown signal on. */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

/**
 * Whether this process may take traffic: not before set-up (migrations, seeds, the search
 * dictionary) has finished, and no longer once it is shutting down — while it drains, a load
 * balancer polling /api/ready stops sending it new requests. An app built after set-up, as in
 * tests, starts ready.
 */
export type Readiness = {
  state(): ReadinessState;
  markReady(): void;
  markStopping(): void;
};

export function createReadiness(ready = false): Readiness {
  let current: ReadinessState = ready ? 'ready' : 'starting';
  return {
    state: () => current,
    markReady: () => {
      if (current === 'starting') {
        current = 'ready';
      }
    },
    markStopping: () => {
      current = 'stopping';
    },
  };
}
