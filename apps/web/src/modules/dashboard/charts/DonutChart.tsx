import { ChartFrame, type ChartDatum } from './ChartFrame';
import { donutArcs, polar } from './geometry';
import { colourAt, FOCUS_RING } from './palette';

export interface DonutChartProps {
  name: string;
  title: string;
  /** The one series' name (实收金额). */
  seriesName: string;
  data: ChartDatum[];
  labelHeader: string;
  /** Written in the middle: the whole (¥12,345.00). */
  centre: string;
  centreLabel: string;
}

const SIZE = { width: 240, height: 220 };
const CENTRE = { x: 120, y: 110 };
/** The ring's outer radius: a slice's tooltip points at its outer edge, leaving the total in the middle readable. */
const OUTER = 100;

/** Shares of a whole as a ring (money taken in by charge item), each slice's figure in the legend. */
export function DonutChart({ name, title, seriesName, data, labelHeader, centre, centreLabel }: DonutChartProps) {
  const arcs = donutArcs(
    data.map((d) => d.values[0] ?? 0),
    CENTRE.x,
    CENTRE.y,
    OUTER,
    62,
  );
  const legend = data.map((d, i) => ({ name: d.label, color: colourAt(i), text: d.texts[0] }));
  return (
    <ChartFrame
      {...{ name, title, data, labelHeader, legend }}
      series={[{ name: seriesName, color: colourAt(0) }]}
      anchors={arcs.map((a) => polar(CENTRE.x, CENTRE.y, OUTER, (a.start + a.end) / 2))}
      {...SIZE}
    >
      {(api) => (
        <>
          {/* The whole in the middle; with nothing to share, the frame's 暂无数据 stands there alone. */}
          {data.length > 0 && (
            <>
              <text x={CENTRE.x} y={CENTRE.y - 8} textAnchor="middle" fontSize={12} fill="#595959" aria-hidden="true">
                {centreLabel}
              </text>
              <text
                x={CENTRE.x}
                y={CENTRE.y + 12}
                textAnchor="middle"
                fontSize={14}
                fontWeight={600}
                fill="#1f1f1f"
                aria-hidden="true"
              >
                {centre}
              </text>
            </>
          )}
          {arcs.map((arc, i) => (
            <g key={data[i]!.key} {...api.point(i)}>
              <path
                d={arc.path}
                fill={colourAt(i)}
                stroke={i === api.active ? (api.focused ? FOCUS_RING : '#ffffff') : '#ffffff'}
                strokeWidth={i === api.active ? 3 : 1}
                opacity={api.active === -1 || i === api.active ? 1 : 0.85}
              />
            </g>
          ))}
        </>
      )}
    </ChartFrame>
  );
}
