/**
 * WCAG 2.1 contrast (1.4.3): relative luminance of sRGB colours, their ratio, and the shades of a chosen colour
 * that keep text readable. The chosen colour itself stays the colour of fills (buttons, the selected tab's ink,
 * check boxes); text on a fill takes whichever of white or near-black reads on it, and text in the colour takes
 * a darker (or, on a dark sidebar, lighter) shade of it that reaches the ratio against its background.
 */

/** The ratio WCAG 2.1 AA asks of normal-size text. */
export const AA_TEXT = 4.5;
/** Dark text on light fills: antd's text colour without its transparency, so the ratio is the one drawn. */
export const DARK_TEXT = '#1f1f1f';
export const WHITE = '#ffffff';

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (any case) → its three channels, 0–255. Anything else is refused. */
export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const digits = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Relative luminance (WCAG 2.1 definition): 0 for black, 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether a background is dark enough that light text reads better on it than dark text. */
export const isDark = (background: string): boolean => contrastRatio(WHITE, background) > contrastRatio(DARK_TEXT, background);

/**
 * The text colour for a fill of `colour`: white where it reaches the ratio, else antd's near-black, else black.
 * White or black always reaches 4.5:1 (the worst fill, of luminance ≈ 0.18, gives about 4.58 with either); the
 * near-black alone does not (#1677FF: 4.0 with it, 4.1 with white, 5.1 with black).
 */
export function textOnFill(colour: string): string {
  if (contrastRatio(WHITE, colour) >= AA_TEXT) return WHITE;
  return contrastRatio(DARK_TEXT, colour) >= AA_TEXT ? DARK_TEXT : '#000000';
}

/** `colour` mixed towards `target` by `amount` (0 = colour, 1 = target), channel by channel. */
export function mix(colour: string, target: string, amount: number): string {
  const from = parseHex(colour);
  const to = parseHex(target);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount) as Rgb);
}

/**
 * The shade of `colour` nearest to it that reads as text on `background` (ratio ≥ `min`): the colour itself when
 * it does, otherwise mixed towards black on a light background or white on a dark one, by the smallest step
 * (1/100) that reaches the ratio. Black or white at worst, so there is always an answer.
 */
export function readableShade(colour: string, background: string, min = AA_TEXT): string {
  const target = isDark(background) ? WHITE : '#000000';
  for (let step = 0; step <= 100; step++) {
    const shade = mix(colour, target, step / 100);
    if (contrastRatio(shade, background) >= min) return shade;
  }
  return target;
}

/** The shades of one chosen colour that the console's text and fills use. */
export interface Palette {
  /** The chosen colour, unchanged: fills, borders, ink bars. */
  fill: string;
  /** Text drawn on the fill (primary buttons, a selected date). */
  onFill: string;
  /** Text in the colour on white or light grey: links, the selected tab and top menu, the current page number. */
  text: string;
  /** Text in the colour on the colour's palest tint (a selected menu item on a light sidebar). */
  textOnTint: string;
  /** That tint (antd's selected-item background, about a tenth of the colour on white). */
  tint: string;
  /** Whether a shade had to differ from the chosen colour, so the console can say so where one is picked. */
  adjusted: boolean;
}

/**
 * The lightest grey antd lays under text in the colour (a card tab's #fafafa, a hovered row, the layout's
 * #f5f5f5): text that reads on it reads on white too. The selected tab's 4.5:1 on white was 4.37 on #fafafa.
 */
export const LIGHT_GREY = '#f5f5f5';

export function paletteOf(colour: string): Palette {
  const fill = toHex(parseHex(colour));
  const tint = mix(fill, WHITE, 0.9);
  const text = readableShade(fill, LIGHT_GREY);
  // The tint is a little darker than white, so the shade that reads on it reads on white too.
  const textOnTint = readableShade(fill, tint);
  return { fill, onFill: textOnFill(fill), text, textOnTint, tint, adjusted: text !== fill };
}

/** A sidebar's selected item: a fill with its text, each pair at least 4.5:1, and readable on the sidebar. */
export interface SidebarSelection {
  /** The selected item's background. */
  background: string;
  /** The selected item's text, and a folder's title when the selected page is inside it (drawn on the sidebar). */
  text: string;
}

/**
 * The selected item of a sidebar of colour `sider` in the chosen colour. On a dark sidebar the item is filled
 * with a shade of the colour dark enough for white text, and white (the folder above it) reads on the sidebar;
 * on a light sidebar the item takes the colour's tint and a shade of the colour that reads on the tint and on
 * the sidebar.
 */
export function sidebarSelection(colour: string, sider: string): SidebarSelection {
  if (isDark(sider)) return { background: readableShade(colour, WHITE), text: WHITE };
  const { tint } = paletteOf(colour);
  const onTint = readableShade(colour, tint);
  return { background: tint, text: contrastRatio(onTint, sider) >= AA_TEXT ? onTint : readableShade(onTint, sider) };
}
