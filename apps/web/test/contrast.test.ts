import { describe, expect, it } from 'vitest';
import { APP } from '../src/app/config';
import {
  AA_TEXT,
  contrastRatio,
  DARK_TEXT,
  isDark,
  luminance,
  mix,
  paletteOf,
  parseHex,
  readableShade,
  sidebarSelection,
  textOnFill,
  WHITE,
} from '../src/app/contrast';
import { THEMES } from '../src/app/layout/themes';
import { consoleTheme } from '../src/app/theme';

/** Colours a person might pick: the default, antd's presets, very light and very dark ones, the worst mid-tone. */
const PICKS = [
  APP.colour,
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FADB14',
  '#FA8C16',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
  '#FFFFFF',
  '#E6F7FF',
  '#000000',
  '#001529',
  '#767676',
  '#8C8C8C',
];

describe('contrast (WCAG 2.1)', () => {
  it('computes luminance and ratios as WCAG defines them', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The measurements (axe-core reports the same): #409EFF with white, #767676 the lightest AA grey.
    expect(contrastRatio(APP.colour, WHITE).toFixed(2)).toBe('2.78');
    expect(contrastRatio('#767676', WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#777777', WHITE)).toBeLessThan(AA_TEXT);
    // The order of the two colours does not matter.
    expect(contrastRatio(WHITE, APP.colour)).toBe(contrastRatio(APP.colour, WHITE));
  });

  it('parses #rgb and #rrggbb and refuses anything else', () => {
    expect(parseHex('#409EFF')).toEqual([64, 158, 255]);
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(() => parseHex('rgb(1,2,3)')).toThrow();
    expect(() => parseHex('#12345')).toThrow();
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it('tells dark backgrounds from light ones by which text reads better', () => {
    expect(isDark('#20222a')).toBe(true);
    expect(isDark('#ffffff')).toBe(false);
    expect(isDark('#0b3d91')).toBe(true);
    expect(isDark('#f5f7fa')).toBe(false);
  });

  it('puts near-black text on #409EFF (white was 2.78:1) and white on a dark fill', () => {
    expect(textOnFill(APP.colour)).toBe(DARK_TEXT);
    expect(textOnFill('#0050b3')).toBe(WHITE);
    for (const pick of PICKS) expect(contrastRatio(textOnFill(pick), pick)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps a colour that already reads and darkens or lightens one that does not, as little as needed', () => {
    expect(readableShade('#0050b3', WHITE)).toBe('#0050b3');
    const shade = readableShade(APP.colour, WHITE);
    expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    // One step less would not have been enough: the shade is the nearest that reads.
    const step = readableShade(APP.colour, WHITE, contrastRatio(shade, WHITE) + 0.01);
    expect(step).not.toBe(shade);
    expect(contrastRatio(readableShade(APP.colour, '#20222a'), '#20222a')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(luminance(readableShade(APP.colour, '#000000'))).toBeGreaterThanOrEqual(luminance(APP.colour));
  });

  it('gives every picked colour a palette whose text reaches 4.5:1 on its background', () => {
    for (const pick of PICKS) {
      const p = paletteOf(pick);
      expect(contrastRatio(p.onFill, p.fill), `${pick} on fill`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(p.text, WHITE), `${pick} text`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(p.text, '#fafafa'), `${pick} text on a card tab`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(p.textOnTint, p.tint), `${pick} on tint`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(p.textOnTint, WHITE), `${pick} tint text on white`).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(paletteOf(APP.colour)).toMatchObject({ fill: '#409eff', adjusted: true });
    expect(paletteOf('#0050b3')).toMatchObject({ text: '#0050b3', adjusted: false });
  });

  it('keeps the chosen colour as the fill in the antd theme, and text in a readable shade', () => {
    const theme = consoleTheme(APP.colour);
    expect(theme.token?.colorPrimary).toBe('#409eff');
    expect(contrastRatio(theme.token!.colorLink!, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(theme.components?.Button?.primaryColor).toBe(DARK_TEXT);
  });

  it('gives red text and grey descriptions that read on white, and white text that reads on the red fill', () => {
    const { token } = consoleTheme(APP.colour);
    expect(contrastRatio(token!.colorError!, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    // 65 % black over white.
    expect(token!.colorTextDescription).toBe('rgba(0, 0, 0, 0.65)');
    expect(contrastRatio(mix(WHITE, '#000000', 0.65), WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    // Placeholders (a select's 请选择) at 55 % black; antd's 25 % does not read.
    expect(token!.colorTextPlaceholder).toBe('rgba(0, 0, 0, 0.55)');
    expect(contrastRatio(mix(WHITE, '#000000', 0.55), WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(mix(WHITE, '#000000', 0.25), WHITE)).toBeLessThan(AA_TEXT);
    expect(contrastRatio('#ff4d4f', WHITE)).toBeLessThan(AA_TEXT); // antd's own red, replaced
    expect(contrastRatio(token!.colorErrorHover!, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps links and outlined buttons readable under the pointer and pressed, for every picked colour', () => {
    for (const pick of PICKS) {
      const { token, components } = consoleTheme(pick);
      const states = [
        token!.colorLinkHover,
        token!.colorLinkActive,
        components!.Button!.defaultHoverColor,
        components!.Button!.defaultActiveColor,
      ];
      for (const colour of states) expect(contrastRatio(colour!, WHITE), pick).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});

describe('the 11 sidebar themes', () => {
  it('has 11 themes whose menu text reads on the sidebar and on an open folder', () => {
    expect(THEMES).toHaveLength(11);
    for (const theme of THEMES) {
      expect(contrastRatio(theme.siderText, theme.sider), theme.key).toBeGreaterThanOrEqual(AA_TEXT);
      // An open folder of a dark sidebar is drawn 18% darker (SideMenu's darkSubMenuItemBg).
      if (isDark(theme.sider))
        expect(contrastRatio(theme.siderText, mix(theme.sider, '#000000', 0.18))).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('shows the selected menu item in a shade of every picked colour that reads on every sidebar', () => {
    for (const theme of THEMES) {
      for (const pick of PICKS) {
        const selected = sidebarSelection(pick, theme.sider);
        const where = `${pick} on ${theme.key}`;
        expect(contrastRatio(selected.text, selected.background), where).toBeGreaterThanOrEqual(AA_TEXT);
        // The folder holding the selected page has the selected colour as its title, on the sidebar itself.
        expect(contrastRatio(selected.text, theme.sider), where).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  it("keeps the header's text readable in every theme", () => {
    for (const theme of THEMES) {
      const text = isDark(theme.header) ? WHITE : DARK_TEXT;
      expect(contrastRatio(text, theme.header), theme.key).toBeGreaterThanOrEqual(AA_TEXT);
      // The selected top menu in the colour's shade for that header.
      expect(contrastRatio(readableShade(APP.colour, theme.header), theme.header)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
