import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };

/** A lazy component whose code can be fetched ahead of its first render (`preload`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy takes them
export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => Promise<Module<T>> };

/**
 * React.lazy that renders at once when its code has loaded already.
 *
 * React.lazy suspends on a component's first render even when its `import()` has long resolved (the promise
 * can only be read asynchronously), and React 19 holds the content a retry reveals until 300 ms after the last
 * fallback it showed. On a signed-in start the providers, the shell and the screen are nested lazies fetched
 * together: each level cost up to 300 ms of waiting with its code in hand. Here the first render finds
 * the loaded module through a thenable that calls back at once, which React reads as resolved, so the levels
 * whose code is in render in the same pass. Code still on its way suspends as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function preloadable<T extends ComponentType<any>>(load: () => Promise<Module<T>>): Preloadable<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed fetch (a new deployment, a lost connection) is tried again next time
        throw error;
      },
    ));
  const component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // A thenable, not a promise: React calls `then` and, called back before it returns, renders the module now.
    return { then: (resolve: (value: Module<T>) => void) => resolve(module) } as unknown as Promise<Module<T>>;
  });
  return Object.assign(component, { preload });
}
