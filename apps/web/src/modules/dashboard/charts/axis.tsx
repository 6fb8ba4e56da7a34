import { AXIS_TEXT, GRID } from './palette';
import { bandOf, labelStep, yOf, type PlotBox, type Scale } from './geometry';

/** A tick's text: short numbers (1.2万, 12K) in the console's language; a fraction's ticks (0.25) whole. */
export function tickText(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en' : 'zh-CN', {
    notation: 'compact',
    maximumFractionDigits: Math.abs(value) < 1 ? 2 : 1,
  }).format(value);
}

/** The value axis: a rule and a label at each tick, drawn behind the points and hidden from screen readers. */
export function ValueAxis({ scale, box, language }: { scale: Scale; box: PlotBox; language: string }) {
  return (
    <g aria-hidden="true" className="chart-axis">
      {scale.ticks.map((tick) => {
        const y = yOf(tick, scale, box);
        return (
          <g key={tick}>
            <line x1={box.left} x2={box.width - box.right} y1={y} y2={y} stroke={GRID} />
            <text x={box.left - 6} y={y} dy="0.32em" textAnchor="end" fill={AXIS_TEXT} fontSize={12}>
              {tickText(tick, language)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The categories' labels under the plot, as many as fit without overlapping (the first always). */
export function CategoryAxis({ labels, box, labelWidth = 36 }: { labels: string[]; box: PlotBox; labelWidth?: number }) {
  const step = labelStep(labels.length, box, labelWidth);
  return (
    <g aria-hidden="true" className="chart-axis">
      {labels.map((label, i) =>
        i % step === 0 ? (
          <text
            key={`${label}-${i}`}
            x={bandOf(i, labels.length, box).center}
            y={box.height - box.bottom + 18}
            textAnchor="middle"
            fill={AXIS_TEXT}
            fontSize={12}
          >
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}
