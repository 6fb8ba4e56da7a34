import type { ReactNode } from 'react';
import { consoleStyles } from './console-styles';
import { preloadable } from './preloadable';

/** antd's providers and its build-time styles, loaded together: antd's first render must find the styles in place. */
const Providers = preloadable(() =>
  Promise.all([import('./AntdProviders'), consoleStyles()]).then(([m]) => ({ default: m.AntdProviders })),
);

/**
 * What renders antd components: everything but the sign-in page's own form. Suspends (the caller's Suspense
 * shows its fallback) until antd's providers and styles have loaded.
 */
export function WithAntd({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}

/** Starts loading antd's providers and styles now (a signed-in start, or the sign-in page once it shows). */
export function preloadAntd(): void {
  void Providers.preload();
}
