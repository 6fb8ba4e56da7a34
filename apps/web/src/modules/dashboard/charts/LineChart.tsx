import { useTranslation } from '../../../app/i18n';
import { CategoryAxis, ValueAxis } from './axis';
import { plotBox, type CategoryChartProps } from './BarChart';
import { ChartFrame } from './ChartFrame';
import { bandOf, innerHeight, linePoints, niceScale, pathThrough } from './geometry';
import { FOCUS_RING } from './palette';
import { useWidth } from './use-width';

/** One series as a line through its categories (orders by day of a month). */
export function LineChart({ name, title, series, data, labelHeader, integer, labelWidth }: CategoryChartProps) {
  const { i18n } = useTranslation();
  const [plotRef, width] = useWidth(560);
  const box = plotBox(width);
  const values = data.map((d) => d.values[0] ?? 0);
  const scale = niceScale(Math.max(0, ...values), 4, integer);
  const points = linePoints(values, scale, box);
  const colour = series[0]!.color;
  return (
    <ChartFrame {...{ name, title, series, data, labelHeader, plotRef }} anchors={points} width={width} height={box.height}>
      {(api) => (
        <>
          <ValueAxis scale={scale} box={box} language={i18n.language} />
          <CategoryAxis labels={data.map((d) => d.label)} box={box} labelWidth={labelWidth} />
          <path d={pathThrough(points)} fill="none" stroke={colour} strokeWidth={2} aria-hidden="true" />
          {points.map((p, i) => {
            const band = bandOf(i, data.length, box);
            const active = i === api.active;
            return (
              <g key={data[i]!.key} {...api.point(i)}>
                <rect x={band.start} y={box.top} width={band.width} height={innerHeight(box)} fill="transparent" />
                {active && (
                  <line x1={p.x} x2={p.x} y1={box.top} y2={box.top + innerHeight(box)} stroke={colour} strokeDasharray="3 3" />
                )}
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={active ? 5 : 2.5}
                  fill={active ? '#ffffff' : colour}
                  stroke={active && api.focused ? FOCUS_RING : colour}
                  strokeWidth={2}
                />
              </g>
            );
          })}
        </>
      )}
    </ChartFrame>
  );
}
