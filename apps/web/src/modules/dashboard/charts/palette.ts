/**
 * The charts' colours: each reaches 3:1 against the white card (WCAG 1.4.11, graphics), and next to each other
 * they differ in hue and lightness, so neighbouring bars and slices stay apart. Text is never drawn in them.
 */
export const CHART_COLOURS = ['#1668dc', '#d4380d', '#237804', '#722ed1', '#c41d7f', '#006d75', '#ad4e00', '#595959'] as const;

export const colourAt = (index: number) => CHART_COLOURS[index % CHART_COLOURS.length]!;

/** Axis labels and grid: antd's secondary text (7:1 on white) and a light rule. */
export const AXIS_TEXT = '#595959';
export const GRID = '#e5e5e5';
/** The ring round a focused point, dark enough to see on any fill and on the card. */
export const FOCUS_RING = '#1f1f1f';
