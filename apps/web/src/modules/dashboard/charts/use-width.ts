import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The width an element is drawn at, followed as it changes: the charts draw in its pixels (a viewBox as wide as
 * the plot), so their labels keep their size on a phone instead of shrinking with the drawing. `initial` until
 * measured (and where ResizeObserver is missing).
 */
export function useWidth(initial: number): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(initial);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
