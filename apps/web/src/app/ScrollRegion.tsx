import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A table wider than a phone scrolls sideways inside this region, which the keyboard reaches (Tab, then the arrow
 * keys): the figures hold nothing focusable of their own (axe scrollable-region-focusable). Styled by `.stat-scroll`.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stat-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
