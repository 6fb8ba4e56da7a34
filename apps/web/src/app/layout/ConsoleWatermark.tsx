import { useEffect, useRef, type ReactNode } from 'react';

/** How often the watermark is checked and put back (spec §9). */
export const WATERMARK_REFRESH_MS = 500;

/** The layer's look: 6 % grey text, turned 22° anticlockwise, 100 px apart. */
const FONT_PX = 16;
const LINE_PX = 22;
const GAP_PX = 100;
const ANGLE = (-22 * Math.PI) / 180;
const COLOUR = 'rgba(0,0,0,.06)';
/** Over the page, under its dialogs and menus (antd's popups start at 1000); clicks go through. */
const LAYER_STYLE = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:9;display:block;';

/**
 * Draws the lines, repeated in staggered rows, over the whole of `canvas` (`width` × `height` CSS pixels): one tile
 * (the lines twice, the second row shifted by half a step), filled as a turned pattern, so the cost stays the
 * same however long the page.
 */
export function drawWatermark(canvas: HTMLCanvasElement, lines: string[], width: number, height: number): void {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const context = canvas.getContext('2d');
  const shown = lines.filter(Boolean);
  if (!context || shown.length === 0) return;
  const font = `${FONT_PX}px sans-serif`;
  context.font = font;
  const stepX = Math.ceil(Math.max(...shown.map((line) => context.measureText(line).width)) + GAP_PX);
  const stepY = shown.length * LINE_PX + GAP_PX;
  const tile = document.createElement('canvas');
  tile.width = Math.round(stepX * ratio);
  tile.height = Math.round(2 * stepY * ratio);
  const ink = tile.getContext('2d');
  if (!ink) return;
  ink.scale(ratio, ratio);
  Object.assign(ink, { font, fillStyle: COLOUR, textAlign: 'center', textBaseline: 'middle' });
  // Row one centred in the tile; row two half a step along, drawn at both edges so it wraps.
  const write = (x: number, y: number) =>
    shown.forEach((line, i) => ink.fillText(line, x, y + (i - (shown.length - 1) / 2) * LINE_PX));
  write(stepX / 2, stepY / 2);
  write(0, stepY * 1.5);
  write(stepX, stepY * 1.5);
  const pattern = context.createPattern(tile, 'repeat');
  if (!pattern) return;
  pattern.setTransform(new DOMMatrix().rotate((ANGLE * 180) / Math.PI).scale(1 / ratio));
  context.scale(ratio, ratio);
  context.fillStyle = pattern;
  context.fillRect(0, 0, width, height);
}

/**
 * The watermark over the pages: who is signed in and their tenant, drawn on a canvas laid over the page.
 * Every 500 ms it checks that its layer is still there as drawn, and puts it back if something removed,
 * hid or restyled it. The canvas is the console's own, outside React's tree, so putting it back never
 * conflicts with a render.
 *
 * A canvas rather than a repeated background image (antd's Watermark): a page's largest paint is its
 * largest text or image, and a background image the size of a tile of names was the list screen's, so
 * browsers and Lighthouse timed the page by the watermark rather than by its content.
 */
export function ConsoleWatermark({ content, children }: { content: string[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const text = content.join('\n');
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const lines = text.split('\n');
    let canvas = document.createElement('canvas');
    let drawnFor = '';
    const draw = () => {
      const { width, height } = container.getBoundingClientRect();
      drawnFor = `${Math.round(width)}x${Math.round(height)}x${window.devicePixelRatio}`;
      drawWatermark(canvas, lines, width, height);
    };
    const place = () => {
      canvas = document.createElement('canvas');
      canvas.className = 'console-watermark-layer';
      canvas.setAttribute('aria-hidden', 'true');
      canvas.style.cssText = LAYER_STYLE;
      container.append(canvas);
      draw();
    };
    place();
    const resized = new ResizeObserver(draw);
    resized.observe(container);
    const guard = window.setInterval(() => {
      if (!canvas.isConnected || canvas.parentElement !== container) return place();
      if (canvas.style.cssText.replace(/\s/g, '') !== LAYER_STYLE.replace(/\s/g, '')) canvas.style.cssText = LAYER_STYLE;
      const { width, height } = container.getBoundingClientRect();
      // A canvas cleared or resized by hand no longer matches what was drawn: draw it again.
      const expected = `${Math.round(width)}x${Math.round(height)}x${window.devicePixelRatio}`;
      if (expected !== drawnFor || canvas.width !== Math.max(1, Math.round(width * window.devicePixelRatio))) draw();
    }, WATERMARK_REFRESH_MS);
    return () => {
      window.clearInterval(guard);
      resized.disconnect();
      canvas.remove();
    };
  }, [text]);
  return (
    <div ref={box} className="console-watermark" style={{ position: 'relative' }}>
      {children}
    </div>
  );
}
