import { Watermark } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How often the watermark is checked and put back (spec §9). */
export const WATERMARK_REFRESH_MS = 500;

/**
 * The watermark over the pages. Every 500 ms it checks that its layer is still
 * there and draws it again if something removed it (antd's own guard covers the
 * changes it observes; this covers the rest). Redrawing changes the layer's
 * z-index by one, which makes antd draw it anew without remounting the page.
 */
export function ConsoleWatermark({ content, children }: { content: string[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      const container = box.current?.firstElementChild;
      const layer = container && [...container.children].some((el) => (el as HTMLElement).style.backgroundImage.includes('url('));
      if (!layer) setGeneration((g) => g + 1);
    }, WATERMARK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div ref={box}>
      <Watermark
        className="console-watermark"
        zIndex={9 + (generation % 2)}
        content={content}
        font={{ color: 'rgba(0,0,0,.06)' }}
      >
        {children}
      </Watermark>
    </div>
  );
}
