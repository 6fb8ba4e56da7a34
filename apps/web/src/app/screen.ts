import { useEffect, useState, useSyncExternalStore } from 'react';
import { screenClass } from './config';

/**
 * The screen-size class of spec §9 (3 from 1200 px, 2 from 992, 1 from 768,
 * else 0), kept up to date on resize and mirrored on <body> as
 * `data-screen` and a `screen-N` class for styles.
 */
export function useScreenClass(): 0 | 1 | 2 | 3 {
  const [screen, setScreen] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScreen(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    document.body.dataset.screen = String(screen);
    document.body.classList.add(`screen-${screen}`);
    return () => document.body.classList.remove(`screen-${screen}`);
  }, [screen]);
  return screen;
}

const PHONE = '(max-width: 767px)';

/** Whether the window is phone-sized (screen class 0 of spec §9), kept up to date; no side effects on <body>. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE).matches,
  );
}
