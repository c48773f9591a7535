import { MEDIUM_BELOW_PX, STACK_BELOW_PX, type WidgetConfig, type WidgetGrid } from '../../core/pages/page-config.ts';

/** One placed cell, as react-grid-layout takes it. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  static?: boolean;
}

/** The layouts a page keeps: wide (`grid`), medium (`gridMedium`, else `grid`), and phone (stacked). */
export type Breakpoint = 'wide' | 'medium' | 'narrow';

export const breakpointOf = (width: number): Breakpoint =>
  width > 0 && width < STACK_BELOW_PX ? 'narrow' : width > 0 && width < MEDIUM_BELOW_PX ? 'medium' : 'wide';

/** The cell a widget has at a breakpoint with its own layout. */
export const cellAt = (widget: WidgetConfig, breakpoint: Exclude<Breakpoint, 'narrow'>): WidgetGrid =>
  breakpoint === 'medium' ? widget.gridMedium ?? widget.grid : widget.grid;

/** Rows a stacked cell keeps at least, so short cells (a KPI) stay readable on a phone. */
const STACKED_MIN_ROWS = 3;

/** A cell of `columns` columns mirrored left to right (for pages read right to left), and back. */
export const mirrorX = (cell: { x: number; w: number }, columns: number): number => columns - cell.x - cell.w;

/**
 * The cells of a page at a breakpoint: as configured for it (mirrored left to right when the
 * page reads right to left), or stacked in reading order of the wide layout on narrow screens.
 */
export function gridItems(
  widgets: readonly WidgetConfig[],
  columns: number,
  breakpoint: Breakpoint,
  rtl: boolean,
  options: { static: boolean } = { static: true },
): { cols: number; items: GridItem[] } {
  if (breakpoint === 'narrow') {
    let y = 0;
    const ordered = [...widgets].sort((a, b) => a.grid.y - b.grid.y || a.grid.x - b.grid.x);
    const items = ordered.map((widget) => {
      const h = Math.max(widget.grid.h, STACKED_MIN_ROWS);
      const item: GridItem = { i: widget.id, x: 0, y, w: 1, h, static: options.static };
      y += h;
      return item;
    });
    return { cols: 1, items };
  }
  const items = widgets.map((widget) => {
    const cell = cellAt(widget, breakpoint);
    const w = Math.min(cell.w, columns);
    const x = Math.min(cell.x, columns - w);
    return { i: widget.id, x: rtl ? mirrorX({ x, w }, columns) : x, y: cell.y, w, h: cell.h, static: options.static };
  });
  return { cols: columns, items };
}

/** The row under every cell: where a component added without a drop point goes. */
export const bottomRow = (widgets: readonly WidgetConfig[]): number => widgets.reduce((y, w) => Math.max(y, w.grid.y + w.grid.h), 0);

/**
 * Where a cell of `w` × `h` added without a drop point goes: the first place, row by row from
 * the top, where it overlaps nothing (under the others at the latest).
 */
export function firstFreeCell(widgets: readonly WidgetConfig[], w: number, h: number, columns: number): { x: number; y: number } {
  const width = Math.min(w, columns);
  const bottom = bottomRow(widgets);
  const overlaps = (x: number, y: number) =>
    widgets.some(({ grid }) => x < grid.x + grid.w && grid.x < x + width && y < grid.y + grid.h && grid.y < y + h);
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + width <= columns; x++) if (!overlaps(x, y)) return { x, y };
  }
  return { x: 0, y: bottom };
}
