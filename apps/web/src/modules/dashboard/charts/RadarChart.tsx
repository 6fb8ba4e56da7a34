import { ChartFrame, type ChartDatum, type ChartSeries } from './ChartFrame';
import { polar, polygon, radarAxes, radarPoints } from './geometry';
import { AXIS_TEXT, FOCUS_RING, GRID } from './palette';
import { useWidth } from './use-width';

export interface RadarChartProps {
  name: string;
  title: string;
  series: ChartSeries;
  /** values[0]: a share from 0 to 1 (a rate); texts[0] as people read it. */
  data: ChartDatum[];
  labelHeader: string;
}

const HEIGHT = 260;
const RINGS = [0.25, 0.5, 0.75, 1];

/** Shares of 0–100 % round a centre, one axis per category (collection rate by charge item). */
export function RadarChart({ name, title, series, data, labelHeader }: RadarChartProps) {
  const [plotRef, width] = useWidth(360);
  const centre = { x: width / 2, y: HEIGHT / 2 };
  const radius = Math.max(40, Math.min(width / 2 - 70, HEIGHT / 2 - 34));
  const axes = radarAxes(data.length, centre.x, centre.y, radius);
  const points = radarPoints(
    data.map((d) => d.values[0] ?? 0),
    centre.x,
    centre.y,
    radius,
  );
  return (
    <ChartFrame {...{ name, title, data, labelHeader, plotRef }} series={[series]} anchors={points} width={width} height={HEIGHT}>
      {(api) => (
        <>
          <g aria-hidden="true" className="chart-axis">
            {RINGS.map((share) => (
              <path
                key={share}
                d={polygon(radarAxes(Math.max(3, data.length), centre.x, centre.y, radius * share))}
                fill="none"
                stroke={GRID}
              />
            ))}
            {axes.map((end, i) => {
              const label = polar(centre.x, centre.y, radius + 16, (i / data.length) * Math.PI * 2);
              const anchor = label.x < centre.x - 4 ? 'end' : label.x > centre.x + 4 ? 'start' : 'middle';
              return (
                <g key={data[i]!.key}>
                  <line x1={centre.x} y1={centre.y} x2={end.x} y2={end.y} stroke={GRID} />
                  <text x={label.x} y={label.y} dy="0.32em" textAnchor={anchor} fontSize={12} fill={AXIS_TEXT}>
                    {data[i]!.label}
                  </text>
                </g>
              );
            })}
          </g>
          {data.length > 0 && (
            <path
              d={polygon(points)}
              fill={series.color}
              fillOpacity={0.15}
              stroke={series.color}
              strokeWidth={2}
              aria-hidden="true"
            />
          )}
          {points.map((p, i) => (
            <g key={data[i]!.key} {...api.point(i)}>
              <circle cx={p.x} cy={p.y} r={14} fill="transparent" />
              <circle
                cx={p.x}
                cy={p.y}
                r={i === api.active ? 6 : 3.5}
                fill={i === api.active ? '#ffffff' : series.color}
                stroke={i === api.active && api.focused ? FOCUS_RING : series.color}
                strokeWidth={2}
              />
            </g>
          ))}
        </>
      )}
    </ChartFrame>
  );
}
