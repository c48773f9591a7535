import type { GlobalToken } from 'antd';
import type { ChartTheme } from './chart-context.ts';

/** The app's theme as chart colours; `onDark` when the chart sits on a dark surface the theme does not know of. */
export function chartTheme(token: GlobalToken, surface: string | null, onDark: boolean): ChartTheme {
  const palette = [
    token.colorPrimary,
    token.cyan6,
    token.gold6,
    token.purple6,
    token.green6,
    token.orange6,
    token.magenta6,
    token.geekblue6,
    token.lime6,
    token.volcano6,
  ];
  const light = {
    text: token.colorText,
    textSecondary: token.colorTextSecondary,
    axisLine: token.colorBorder,
    splitLine: token.colorBorderSecondary,
    scaleLow: token.colorPrimaryBg,
  };
  // Light text on a dark page background (a control-room page), whatever the token colours say.
  const dark = {
    text: 'rgba(255, 255, 255, 0.88)',
    textSecondary: 'rgba(255, 255, 255, 0.68)',
    axisLine: 'rgba(255, 255, 255, 0.35)',
    splitLine: 'rgba(255, 255, 255, 0.14)',
    scaleLow: 'rgba(255, 255, 255, 0.16)',
  };
  return {
    palette,
    ...(onDark ? dark : light),
    background: surface ?? token.colorBgContainer,
    primary: token.colorPrimary,
    fontFamily: token.fontFamily,
    fontSize: token.fontSizeSM,
  };
}

/** An `rgb()`/`rgba()` colour as its channels and alpha. */
function parseRgb(color: string): [number, number, number, number] | null {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)$/.exec(color);
  if (!match) return null;
  const alpha = match[4] === undefined ? 1 : match[4].endsWith('%') ? Number(match[4].slice(0, -1)) / 100 : Number(match[4]);
  return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(r: number, g: number, b: number): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The first opaque background behind an element (computed styles are always rgb/rgba), and whether it is dark. */
export function surfaceBehind(element: Element | null): { color: string | null; dark: boolean } {
  for (let node = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    const rgb = parseRgb(color);
    if (rgb && rgb[3] > 0.5) return { color, dark: luminance(rgb[0], rgb[1], rgb[2]) < 0.18 };
  }
  return { color: null, dark: false };
}
