import { CaretRightOutlined, PauseOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type SVGProps } from 'react';
import { useTranslation } from '../../../app/i18n';
import { useTooltipLoop } from './tooltip-loop';

/** A series of a chart: what its values are, and the colour it is drawn in. */
export interface ChartSeries {
  name: string;
  color: string;
  /** false: read in the tooltip and the table, not drawn (a count beside the amount the bars show). */
  drawn?: boolean;
}

/** The series a chart draws (and its legend lists), by their index among all. */
export const drawnSeries = (series: ChartSeries[]) =>
  series.map((s, index) => ({ ...s, index })).filter((s) => s.drawn !== false);

/** A category of a chart (a month, a day, an item): its label, each series' value to draw and text to read. */
export interface ChartDatum {
  key: string;
  label: string;
  /** Positions only: the values drawn, one per series. */
  values: number[];
  /** What a person reads, one per series: the answer's own text (¥1,234.50, 81.25 %). */
  texts: string[];
}

/** What a chart's drawing gets to make its points reachable: which one is shown, and each point's attributes. */
export interface PointApi {
  active: number;
  focused: boolean;
  point(index: number): SVGProps<SVGGElement>;
}

export interface ChartFrameProps {
  /** Names the chart in tests (data-chart) and keys its element ids. */
  name: string;
  title: string;
  series: ChartSeries[];
  data: ChartDatum[];
  /** The drawing's viewBox, and where each datum's tooltip points (in its coordinates). */
  width: number;
  height: number;
  anchors: Array<{ x: number; y: number }>;
  /** The header of the categories' column in the data table (月份, 收费项目…). */
  labelHeader: string;
  /** Entries of the legend (the series by default). */
  legend?: Array<{ name: string; color: string; text?: string }>;
  /** The plot's element, measured by the chart (useWidth) to draw in its pixels. */
  plotRef?: (el: HTMLDivElement | null) => void;
  children: (api: PointApi) => ReactNode;
}

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The frame every dashboard chart shares (spec §2.3; WCAG 2.1 AA): a titled card with a summary for screen readers,
 * the figures as a table (visually hidden until shown), and the points as one tab stop — arrows, Home and End move
 * between them, each named with its figures. The tooltip steps through the points every 2000 ms, holds still while
 * the pointer or focus is on the chart, starts paused when less motion is asked for, and has a pause/play button
 * (WCAG 2.2.2). The tooltip itself is not announced: a point's name and the table say the same.
 */
export function ChartFrame(props: ChartFrameProps) {
  const { name, title, series, data, width, height, anchors, labelHeader, legend, plotRef, children } = props;
  const { t } = useTranslation();
  const id = useId();
  const ids = { title: `${id}-title`, summary: `${id}-summary`, table: `${id}-table` };
  const loop = useTooltipLoop(data.length);
  const [focused, setFocused] = useState(false);
  const [tableShown, setTableShown] = useState(false);
  const points = useRef<Array<SVGGElement | null>>([]);
  const active = data.length ? loop.index : -1;

  const move = (to: number) => {
    const index = Math.min(data.length - 1, Math.max(0, to));
    loop.show(index);
    points.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const step = NEXT[event.key];
    if (step !== undefined) move(active + step);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(data.length - 1);
    else return;
    event.preventDefault();
  };
  const onFocus = () => {
    setFocused(true);
    loop.hold('focus', true);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setFocused(false);
    loop.hold('focus', false);
  };
  const pointName = (d: ChartDatum) => `${d.label}: ${series.map((s, i) => `${s.name} ${d.texts[i] ?? ''}`).join(', ')}`;
  const api: PointApi = {
    active,
    focused,
    point: (index) => ({
      ref: (el: SVGGElement | null) => {
        points.current[index] = el;
      },
      tabIndex: index === active ? 0 : -1,
      role: 'img',
      'aria-label': data[index] ? pointName(data[index]) : undefined,
      onKeyDown,
      onFocus: () => loop.show(index),
      onPointerEnter: () => loop.show(index),
      className: `chart-point${index === active ? ' is-active' : ''}`,
    }),
  };

  const anchor = anchors[active];
  const shown = data[active];
  const side = anchor && anchor.x > width * 0.6 ? 'left' : anchor && anchor.x < width * 0.4 ? 'right' : 'middle';
  return (
    <Card
      size="small"
      className="chart-card"
      data-chart={name}
      title={
        <h2 id={ids.title} className="chart-title">
          {title}
        </h2>
      }
      extra={
        <span className="chart-tools">
          <Button
            size="small"
            type="text"
            icon={loop.paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={loop.togglePaused}
            disabled={data.length < 2}
            data-loop={loop.paused ? 'paused' : 'playing'}
          >
            {loop.paused ? t('dashboard.chart.play') : t('dashboard.chart.pause')}
          </Button>
          <Button
            size="small"
            type="text"
            icon={<TableOutlined />}
            aria-expanded={tableShown}
            aria-controls={ids.table}
            onClick={() => setTableShown(!tableShown)}
          >
            {t('dashboard.chart.table')}
          </Button>
        </span>
      }
    >
      <p id={ids.summary} className="visually-hidden">
        {summaryOf(t, series, data)}
      </p>
      <div
        ref={plotRef}
        className={`chart-plot${focused ? ' has-focus' : ''}`}
        onPointerEnter={() => loop.hold('pointer', true)}
        onPointerLeave={() => loop.hold('pointer', false)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-labelledby={ids.title} aria-describedby={ids.summary}>
          {children(api)}
        </svg>
        {shown && anchor ? (
          <div
            className={`chart-tooltip chart-tooltip-${side}`}
            aria-hidden="true"
            data-tooltip={shown.key}
            style={{ left: `${(anchor.x / width) * 100}%`, top: `${(anchor.y / height) * 100}%` }}
          >
            <div className="chart-tooltip-label">{shown.label}</div>
            {series.map((s, i) => (
              <div key={s.name} className="chart-tooltip-row">
                {s.drawn !== false && <span className="chart-swatch" style={{ background: s.color }} />}
                {s.name}: <strong>{shown.texts[i]}</strong>
              </div>
            ))}
          </div>
        ) : (
          !data.length && <div className="chart-empty">{t('dashboard.chart.empty')}</div>
        )}
      </div>
      {(legend ?? (drawnSeries(series).length > 1 ? drawnSeries(series) : [])).length > 0 && (
        <ul className="chart-legend">
          {(legend ?? drawnSeries(series)).map((entry) => (
            <li key={entry.name}>
              <span className="chart-swatch" style={{ background: entry.color }} />
              {entry.name}
              {'text' in entry && entry.text ? <strong>{entry.text}</strong> : null}
            </li>
          ))}
        </ul>
      )}
      <div id={ids.table} className={tableShown ? 'chart-table' : 'visually-hidden'}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th scope="col" key={s.name}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.length ? (
              data.map((d) => (
                <tr key={d.key} data-key={d.key}>
                  <th scope="row">{d.label}</th>
                  {d.texts.map((text, i) => (
                    <td key={series[i]?.name ?? i}>{text}</td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={series.length + 1}>{t('dashboard.chart.empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** What a screen reader hears before the points: how many there are and each series' highest. */
export function summaryOf(
  t: (key: string, params?: Record<string, unknown>) => string,
  series: ChartSeries[],
  data: ChartDatum[],
): string {
  if (!data.length) return t('dashboard.chart.empty');
  const highs = series.map((s, i) => {
    const top = data.reduce((best, d) => ((d.values[i] ?? 0) > (best.values[i] ?? 0) ? d : best), data[0]!);
    return t('dashboard.chart.highest', { series: s.name, label: top.label, value: top.texts[i] });
  });
  return [t('dashboard.chart.count', { count: data.length }), ...highs].join(t('dashboard.chart.separator'));
}
