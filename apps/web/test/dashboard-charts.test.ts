import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contrastRatio, WHITE } from '../src/app/contrast';
import { summaryOf, type ChartDatum } from '../src/modules/dashboard/charts/ChartFrame';
import {
  bandOf,
  barsOf,
  donutArcs,
  labelStep,
  linePoints,
  niceScale,
  pathThrough,
  radarAxes,
  radarPoints,
  yOf,
  type PlotBox,
} from '../src/modules/dashboard/charts/geometry';
import { AXIS_TEXT, CHART_COLOURS, FOCUS_RING } from '../src/modules/dashboard/charts/palette';
import { LOOP_INTERVAL_MS, TooltipLoop } from '../src/modules/dashboard/charts/tooltip-loop';
import { agingData, orderData, percentText, position, yearChoices } from '../src/modules/dashboard/dashboard-data';

/** The dashboard's charts: their geometry as numbers, the tooltip loop's timing, colours, and the answers mapped. */
const BOX: PlotBox = { width: 500, height: 240, left: 50, right: 10, top: 20, bottom: 20 }; // inner 440 × 200

describe('scales', () => {
  it('end on a round number that holds the largest value, in even steps from 0', () => {
    expect(niceScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceScale(100)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(0.8)).toEqual({ max: 0.8, ticks: [0, 0.2, 0.4, 0.6, 0.8] });
    expect(niceScale(7, 4, true)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(3, 4, true)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });
  it('draw an axis with nothing to show (an empty garden)', () => {
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
    expect(niceScale(Number.NaN, 4, true)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceScale(-5).max).toBe(1);
  });
  it('place 0 on the plot’s bottom and the maximum on its top, clamped', () => {
    const scale = { max: 100, ticks: [0, 100] };
    expect(yOf(0, scale, BOX)).toBe(220);
    expect(yOf(100, scale, BOX)).toBe(20);
    expect(yOf(25, scale, BOX)).toBe(170);
    expect(yOf(250, scale, BOX)).toBe(20);
    expect(yOf(-3, scale, BOX)).toBe(220);
  });
});

describe('bars and lines', () => {
  const scale = { max: 100, ticks: [0, 100] };
  it('split the plot into equal bands, one a category', () => {
    expect(bandOf(0, 4, BOX)).toEqual({ start: 50, width: 110, center: 105 });
    expect(bandOf(3, 4, BOX)).toEqual({ start: 380, width: 110, center: 435 });
  });
  it('put a category’s bars side by side within 70 % of its band, each as tall as its value', () => {
    const [a, b] = barsOf(1, [50, 100], 4, scale, BOX);
    // band 160–270, group 77 wide centred (176.5–253.5), a 4-unit gap between two bars of 36.5.
    expect(a).toEqual({ x: 176.5, y: 120, width: 36.5, height: 100 });
    expect(b).toEqual({ x: 217, y: 20, width: 36.5, height: 200 });
    const [zero] = barsOf(0, [0], 4, scale, BOX);
    expect(zero).toMatchObject({ y: 220, height: 0 });
  });
  it('put a line’s points at the bands’ centres and join them in order', () => {
    const points = linePoints([0, 50, 100], scale, BOX);
    expect(points.map((p) => Math.round(p.x * 100) / 100)).toEqual([123.33, 270, 416.67]);
    expect(points.map((p) => p.y)).toEqual([220, 120, 20]);
    expect(pathThrough(points)).toBe('M123.33,220 L270,120 L416.67,20');
    expect(pathThrough([])).toBe('');
  });
  it('write as many category labels as fit', () => {
    expect(labelStep(12, BOX, 36)).toBe(1); // 36.7 a band
    expect(labelStep(31, BOX, 24)).toBe(2); // 14.2 a band
    expect(labelStep(31, { ...BOX, width: 330 }, 24)).toBe(3);
  });
});

describe('donut and radar', () => {
  it('cut the ring in shares of the whole, clockwise from the top', () => {
    const arcs = donutArcs([1, 1, 2], 100, 100, 80, 50);
    expect(arcs.map((a) => [a.start, a.end].map((r) => Math.round((r / Math.PI) * 100) / 100))).toEqual([
      [0, 0.5],
      [0.5, 1],
      [1, 2],
    ]);
    // The first slice's middle is at 45°, between the rings.
    expect(arcs[0]!.mid.x).toBeCloseTo(100 + 65 * Math.SQRT1_2);
    expect(arcs[0]!.mid.y).toBeCloseTo(100 - 65 * Math.SQRT1_2);
    // The last, the left half: from the bottom round to the top, then back along the inner ring.
    expect(arcs[2]!.path).toBe('M100,180 A80,80 0 0 1 100,20 L100,50 A50,50 0 0 0 100,150 Z');
  });
  it('draw one slice of everything as a whole ring, and none for a share of nothing', () => {
    const [whole] = donutArcs([5], 0, 0, 10, 5);
    expect(whole!.path.match(/A10,10/g)).toHaveLength(2);
    const [none, all] = donutArcs([0, 3], 0, 0, 10, 5);
    expect(none!.path).toBe('');
    expect(all!.end).toBeCloseTo(Math.PI * 2);
    expect(donutArcs([0, 0], 0, 0, 10, 5).every((a) => a.path === '')).toBe(true);
  });
  it('spread a radar’s axes evenly from the top and place each share along its axis', () => {
    const axes = radarAxes(4, 100, 100, 50);
    expect(axes.map((p) => [Math.round(p.x), Math.round(p.y)])).toEqual([
      [100, 50],
      [150, 100],
      [100, 150],
      [50, 100],
    ]);
    const points = radarPoints([1, 0.5, 0, 2], 100, 100, 50);
    expect(points.map((p) => [Math.round(p.x), Math.round(p.y)])).toEqual([
      [100, 50],
      [125, 100],
      [100, 100],
      [50, 100], // clamped to the whole axis
    ]);
  });
});

describe('the tooltip loop (spec §2.3: every 2000 ms)', () => {
  let shown: number[];
  let loop: TooltipLoop;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    loop = new TooltipLoop((i) => shown.push(i));
  });
  afterEach(() => {
    loop.dispose();
    vi.useRealTimers();
  });

  it('steps to the next point every 2000 ms and round to the first', () => {
    expect(LOOP_INTERVAL_MS).toBe(2000);
    loop.setCount(3);
    vi.advanceTimersByTime(1999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(4000);
    expect(shown).toEqual([1, 2, 0]);
  });

  it('stands still when paused, and moves a whole interval after play', () => {
    loop.setCount(3);
    loop.setPaused(true);
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([]);
    expect(loop.running).toBe(false);
    loop.setPaused(false);
    vi.advanceTimersByTime(1999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
  });

  it('holds while the pointer or focus is on the chart, until both have left', () => {
    loop.setCount(4);
    vi.advanceTimersByTime(1500);
    loop.hold('pointer', true);
    loop.hold('focus', true);
    vi.advanceTimersByTime(6000);
    expect(shown).toEqual([]);
    loop.hold('pointer', false);
    vi.advanceTimersByTime(6000);
    expect(shown).toEqual([]);
    loop.hold('focus', false);
    vi.advanceTimersByTime(2000);
    expect(shown).toEqual([1]);
  });

  it('goes on from the point a person chose, and keeps within the points when they change', () => {
    loop.setCount(5);
    loop.show(3);
    expect(shown).toEqual([3]);
    vi.advanceTimersByTime(2000);
    expect(shown).toEqual([3, 4]);
    loop.show(-1);
    expect(loop.current).toBe(4); // -1 wraps to the last: no change
    loop.setCount(2); // fewer points: back to the first
    expect(loop.current).toBe(0);
    expect(shown.at(-1)).toBe(0);
  });

  it('does not run with fewer than two points (an empty chart, one item)', () => {
    loop.setCount(0);
    expect(loop.running).toBe(false);
    loop.setCount(1);
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([]);
    expect(loop.running).toBe(false);
    loop.setCount(2);
    expect(loop.running).toBe(true);
    loop.dispose();
    expect(loop.running).toBe(false);
  });
});

describe('colours', () => {
  it('reach 3:1 against the card for every series and the focus ring; axis text 4.5:1', () => {
    for (const colour of [...CHART_COLOURS, FOCUS_RING]) expect(contrastRatio(colour, WHITE), colour).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(AXIS_TEXT, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(new Set(CHART_COLOURS).size).toBe(CHART_COLOURS.length);
  });
});

describe('the answers as charts', () => {
  it('read rates as exact percents and draw decimals as positions', () => {
    expect(percentText('0.5630')).toBe('56.30%');
    expect(percentText('1.0000')).toBe('100.00%');
    expect(percentText('0.0001')).toBe('0.01%');
    expect(percentText(null)).toBe('—');
    expect(position('1234.50')).toBe(1234.5);
    expect(position(null)).toBe(0);
  });
  it('map orders and overdue bands, each with its amount to read and its count', () => {
    const data = orderData(
      [
        { month: '2026-01', count: 2, amount: '1234.50', refundAmount: '0.00' },
        { month: '2026-02', count: 0, amount: '0.00', refundAmount: '0.00' },
      ],
      (m) => m.slice(5),
    );
    expect(data).toEqual([
      { key: '2026-01', label: '01', values: [1234.5, 2], texts: ['¥1,234.50', '2'] },
      { key: '2026-02', label: '02', values: [0, 0], texts: ['¥0.00', '0'] },
    ]);
    const aging = agingData(
      {
        sTime: '',
        eTime: '',
        count: 1,
        amount: '5.00',
        aging: [{ key: 'd30', minDays: 1, maxDays: 30, count: 1, amount: '5.00' }],
        debtors: [],
      },
      (key) => `band ${key}`,
    );
    expect(aging).toEqual([{ key: 'd30', label: 'band d30', values: [5, 1], texts: ['¥5.00', '1'] }]);
  });
  it('offer this year and the years with orders, newest first', () => {
    expect(yearChoices([2025, 2024], 2026)).toEqual([2026, 2025, 2024]);
    expect(yearChoices([2026, 2025], 2026)).toEqual([2026, 2025]);
    expect(yearChoices(undefined, 2026)).toEqual([2026]);
  });
  it('summarise a chart for screen readers: how many points and each series’ highest', () => {
    const t = (key: string, p?: Record<string, unknown>) => `${key.split('.').pop()}(${Object.values(p ?? {}).join('|')})`;
    const data: ChartDatum[] = [
      { key: 'a', label: 'Jan', values: [5, 9], texts: ['¥5.00', '9'] },
      { key: 'b', label: 'Feb', values: [7, 1], texts: ['¥7.00', '1'] },
    ];
    const series = [
      { name: 'Amount', color: '#000' },
      { name: 'Orders', color: '#000', drawn: false },
    ];
    expect(summaryOf(t, series, data)).toBe('count(2)separator()highest(Amount|Feb|¥7.00)separator()highest(Orders|Jan|9)');
    expect(summaryOf(t, series, [])).toBe('empty()');
  });
});
