import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy component whose code can be asked for before React renders it. */
export type TPreloadableLazy = LazyExoticComponent<ComponentType> & {
  /** Loads the code; once it has resolved, the component renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that renders at once when its code is already here. React.lazy suspends on its
 * first render even for a module that has loaded: it learns the result from a promise callback,
 * which runs later. While the server-rendered screen hydrates, a suspended layout or page keeps
 * that part dehydrated, and React drops a click on it (it hydrates what it can, then stops the
 * event). main.tsx preloads the screen's layout and page before hydrating; the factory then hands
 * React a thenable that calls back synchronously, and hydration finishes in one pass.
 */
export function preloadableLazy(load: () => Promise<ComponentType>): TPreloadableLazy {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk (a deploy, a dropped connection) may be asked for again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // Resolved synchronously: React.lazy reads the result inside this call.
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return preload().then((c) => ({ default: c }));
  });
  return Object.assign(component, { preload: () => preload().then(() => undefined) });
}
