/**
 * The charts' geometry, apart from React so it is tested as numbers: scales, bars, line points, donut arcs and
 * radar polygons, in the coordinates of an SVG viewBox. Values here are only positions on screen; every figure a
 * person reads is the answer's own decimal text.
 */

/** A value axis from 0 to a round maximum, with its ticks (0 first). */
export interface Scale {
  max: number;
  ticks: number[];
}

/**
 * An axis that holds `largest` and ends on a round number (1, 2, 2.5 or 5 times a power of ten per step), in
 * `steps` steps. Nothing to show (0, negative, not a number) still draws an axis: 0 to `steps` for counts, 0 to 1
 * otherwise. `integer`: counts, whose steps are whole.
 */
export function niceScale(largest: number, steps = 4, integer = false): Scale {
  const top = Number.isFinite(largest) && largest > 0 ? largest : integer ? steps : 1;
  const rough = top / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * magnitude >= rough - 1e-12) ?? 10;
  let step = factor * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  // Decimal steps (0.25) add up exactly when rounded to their own places.
  const places = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(places)));
  return { max: ticks[ticks.length - 1]!, ticks };
}

/** Where the plot sits in the viewBox: its size and the margins the axes' labels take. */
export interface PlotBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const innerWidth = (box: PlotBox) => box.width - box.left - box.right;
export const innerHeight = (box: PlotBox) => box.height - box.top - box.bottom;

/** The y of a value on the scale: the plot's bottom for 0, its top for the scale's max (clamped within). */
export function yOf(value: number, scale: Scale, box: PlotBox): number {
  const share = scale.max > 0 ? Math.min(1, Math.max(0, value / scale.max)) : 0;
  return box.top + innerHeight(box) * (1 - share);
}

/** The band of each category along x: its start, width and centre. */
export function bandOf(index: number, count: number, box: PlotBox) {
  const band = innerWidth(box) / Math.max(1, count);
  const start = box.left + band * index;
  return { start, width: band, center: start + band / 2 };
}

/** A bar of a group: `series` bars share a band, with a gap around the group and between bars. */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The bars of one category (one per series), side by side in its band; a bar of 0 is a line on the axis (height
 * 0), so a month without money shows as nothing rather than as a sliver.
 */
export function barsOf(index: number, values: number[], count: number, scale: Scale, box: PlotBox): BarRect[] {
  const band = bandOf(index, count, box);
  const group = band.width * 0.7;
  const gap = values.length > 1 ? Math.min(4, (group / values.length) * 0.15) : 0;
  const width = (group - gap * (values.length - 1)) / values.length;
  const bottom = box.top + innerHeight(box);
  return values.map((value, s) => {
    const y = yOf(value, scale, box);
    return { x: band.start + (band.width - group) / 2 + s * (width + gap), y, width, height: bottom - y };
  });
}

/** A point of a line: each category's value at its band's centre. */
export function linePoints(values: number[], scale: Scale, box: PlotBox): Array<{ x: number; y: number }> {
  return values.map((value, i) => ({ x: bandOf(i, values.length, box).center, y: yOf(value, scale, box) }));
}

/** An SVG path through points, in order (empty for none). */
export const pathThrough = (points: Array<{ x: number; y: number }>) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)},${round(p.y)}`).join(' ');

const round = (n: number) => Math.round(n * 100) / 100;

/** The point at an angle (radians, 0 = up, clockwise) and a distance from a centre. */
export function polar(cx: number, cy: number, r: number, angle: number) {
  return { x: cx + r * Math.sin(angle), y: cy - r * Math.cos(angle) };
}

/** A donut slice: its path, and where its middle is (for the tooltip). */
export interface Arc {
  path: string;
  start: number;
  end: number;
  mid: { x: number; y: number };
}

/**
 * A donut's slices, clockwise from the top, each its value's share of the total. A slice of nothing has no path; a
 * single slice of everything is a whole ring (two half arcs, as one arc cannot end where it starts).
 */
export function donutArcs(values: number[], cx: number, cy: number, outer: number, inner: number): Arc[] {
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  let angle = 0;
  return values.map((raw) => {
    const value = Math.max(0, raw);
    const sweep = total > 0 ? (value / total) * Math.PI * 2 : 0;
    const start = angle;
    const end = angle + sweep;
    angle = end;
    const mid = polar(cx, cy, (outer + inner) / 2, start + sweep / 2);
    if (sweep === 0) return { path: '', start, end, mid };
    if (sweep >= Math.PI * 2 - 1e-9) {
      const half = start + Math.PI;
      return { path: `${ring(cx, cy, outer, inner, start, half)} ${ring(cx, cy, outer, inner, half, end)}`, start, end, mid };
    }
    return { path: ring(cx, cy, outer, inner, start, end), start, end, mid };
  });
}

/** One closed slice of a ring between two angles. */
function ring(cx: number, cy: number, outer: number, inner: number, start: number, end: number): string {
  const large = end - start > Math.PI ? 1 : 0;
  const a = polar(cx, cy, outer, start);
  const b = polar(cx, cy, outer, end);
  const c = polar(cx, cy, inner, end);
  const d = polar(cx, cy, inner, start);
  return [
    `M${round(a.x)},${round(a.y)}`,
    `A${outer},${outer} 0 ${large} 1 ${round(b.x)},${round(b.y)}`,
    `L${round(c.x)},${round(c.y)}`,
    `A${inner},${inner} 0 ${large} 0 ${round(d.x)},${round(d.y)}`,
    'Z',
  ].join(' ');
}

/** A radar's axes: one per category, evenly round the centre, the first straight up. */
export function radarAxes(count: number, cx: number, cy: number, r: number) {
  return Array.from({ length: count }, (_, i) => polar(cx, cy, r, (i / Math.max(1, count)) * Math.PI * 2));
}

/** A radar's points: each share (0–1, clamped) along its axis. */
export function radarPoints(shares: number[], cx: number, cy: number, r: number) {
  return shares.map((share, i) =>
    polar(cx, cy, r * Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0)), (i / shares.length) * Math.PI * 2),
  );
}

/** A closed polygon through points (a radar's web or its values). */
export const polygon = (points: Array<{ x: number; y: number }>) => (points.length ? `${pathThrough(points)} Z` : '');

/** Every how many categories a label is written along x, so labels `labelWidth` wide never overlap. */
export function labelStep(count: number, box: PlotBox, labelWidth: number): number {
  const band = innerWidth(box) / Math.max(1, count);
  return Math.max(1, Math.ceil(labelWidth / band));
}
