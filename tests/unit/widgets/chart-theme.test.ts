// @vitest-environment happy-dom
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { chartTheme, surfaceBehind } from '../../../widgets/chart/chart-theme.ts';

const token = theme.getDesignToken();

function chartOn(background: string): HTMLElement {
  const page = document.createElement('div');
  page.style.backgroundColor = background;
  const cell = document.createElement('div'); // transparent: the page shows through
  const chart = document.createElement('div');
  cell.append(chart);
  page.append(cell);
  document.body.append(page);
  return chart;
}

describe('chart theme', () => {
  it('takes the app theme’s colours on a light surface', () => {
    const surface = surfaceBehind(chartOn('rgb(255, 255, 255)'));
    expect(surface.dark).toBe(false);
    const colours = chartTheme(token, surface.color, surface.dark);
    expect(colours).toMatchObject({ text: token.colorText, primary: token.colorPrimary, background: 'rgb(255, 255, 255)' });
    expect(colours.palette[0]).toBe(token.colorPrimary);
  });

  it('writes light text on a dark surface, so it stays legible', () => {
    const surface = surfaceBehind(chartOn('rgb(11, 31, 58)'));
    expect(surface).toEqual({ color: 'rgb(11, 31, 58)', dark: true });
    const colours = chartTheme(token, surface.color, surface.dark);
    expect(colours.text).toBe('rgba(255, 255, 255, 0.88)');
    expect(colours.background).toBe('rgb(11, 31, 58)');
  });

  it('looks through transparent and half-transparent layers', () => {
    const chart = chartOn('rgb(20, 20, 20)');
    chart.parentElement!.style.backgroundColor = 'rgba(255, 255, 255, 0.2)';
    expect(surfaceBehind(chart).dark).toBe(true);
  });
});
