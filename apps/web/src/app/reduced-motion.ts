import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3): then
 * dialogs, drawers, menus and messages appear and go without antd's zoom, slide and fade (AntdProviders). Followed
 * live: changing the setting takes effect without a reload.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(QUERY));

function subscribe(changed: () => void): () => void {
  const list = media();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
