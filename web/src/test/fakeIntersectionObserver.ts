import { vi } from 'vitest';

type TObserver = {
  callback: IntersectionObserverCallback;
  targets: Set<Element>;
  instance: IntersectionObserver;
};

/**
 * Replaces IntersectionObserver (jsdom has none) with one the test drives: `reveal()` tells
 * every live observer that its targets came into view, as scrolling to them would.
 */
export function fakeIntersectionObserver() {
  const live = new Set<TObserver>();
  class FakeObserver {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [0];
    private readonly entry: TObserver;
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: new Set(), instance: this as unknown as IntersectionObserver };
      live.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      live.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    reveal() {
      for (const observer of [...live]) {
        const entries = [...observer.targets].map(
          (target) =>
            ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length > 0) {
          observer.callback(entries, observer.instance);
        }
      }
    },
    count: () => live.size,
  };
}
