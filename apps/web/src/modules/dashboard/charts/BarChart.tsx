import { useTranslation } from '../../../app/i18n';
import { CategoryAxis, ValueAxis } from './axis';
import { ChartFrame, drawnSeries, type ChartDatum, type ChartSeries } from './ChartFrame';
import { bandOf, barsOf, innerHeight, niceScale, type PlotBox } from './geometry';
import { FOCUS_RING } from './palette';
import { useWidth } from './use-width';

export interface CategoryChartProps {
  name: string;
  title: string;
  series: ChartSeries[];
  data: ChartDatum[];
  labelHeader: string;
  /** Counts: whole steps on the value axis. */
  integer?: boolean;
  /** The widest category label, in pixels (the axis writes as many as fit). */
  labelWidth?: number;
}

export const PLOT_HEIGHT = 240;
export const plotBox = (width: number): PlotBox => ({ width, height: PLOT_HEIGHT, left: 52, right: 12, top: 16, bottom: 30 });

/** Bars by category, one per series side by side (orders by month, receivable against received, overdue ages). */
export function BarChart({ name, title, series, data, labelHeader, integer, labelWidth }: CategoryChartProps) {
  const { i18n } = useTranslation();
  const [plotRef, width] = useWidth(560);
  const box = plotBox(width);
  const drawn = drawnSeries(series);
  const scale = niceScale(Math.max(0, ...data.flatMap((d) => drawn.map((s) => d.values[s.index] ?? 0))), 4, integer);
  const groups = data.map((d, i) =>
    barsOf(
      i,
      drawn.map((s) => d.values[s.index] ?? 0),
      data.length,
      scale,
      box,
    ),
  );
  const anchors = groups.map((bars, i) => ({ x: bandOf(i, data.length, box).center, y: Math.min(...bars.map((b) => b.y)) }));
  return (
    <ChartFrame {...{ name, title, series, data, labelHeader, anchors, plotRef }} width={width} height={box.height}>
      {(api) => (
        <>
          <ValueAxis scale={scale} box={box} language={i18n.language} />
          <CategoryAxis labels={data.map((d) => d.label)} box={box} labelWidth={labelWidth} />
          {groups.map((bars, i) => {
            const band = bandOf(i, data.length, box);
            const active = i === api.active;
            return (
              <g key={data[i]!.key} {...api.point(i)}>
                {/* The whole band answers the pointer, and shows which category is chosen. */}
                <rect
                  x={band.start}
                  y={box.top}
                  width={band.width}
                  height={innerHeight(box)}
                  fill={active ? 'rgba(22, 104, 220, 0.08)' : 'transparent'}
                  stroke={active && api.focused ? FOCUS_RING : 'none'}
                  strokeWidth={2}
                />
                {bars.map((bar, s) => (
                  <rect key={drawn[s]!.name} {...bar} fill={drawn[s]!.color} rx={2} />
                ))}
              </g>
            );
          })}
        </>
      )}
    </ChartFrame>
  );
}
