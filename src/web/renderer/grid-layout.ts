import type { WidgetConfig } from '../../core/pages/page-config.ts';

/** One placed cell, as react-grid-layout takes it. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  static: true;
}

/** Below this container width the cells stack in one column, in reading order. */
export const STACK_BELOW_PX = 768;

/** Rows a stacked cell keeps at least, so short cells (a KPI) stay readable on a phone. */
const STACKED_MIN_ROWS = 3;

/**
 * The cells of a page at a container width: as configured on wide screens (mirrored left to
 * right when the page reads right to left), stacked on narrow ones.
 */
export function gridItems(widgets: readonly WidgetConfig[], columns: number, width: number, rtl: boolean): { cols: number; items: GridItem[] } {
  if (width > 0 && width < STACK_BELOW_PX) {
    let y = 0;
    const ordered = [...widgets].sort((a, b) => a.grid.y - b.grid.y || a.grid.x - b.grid.x);
    const items = ordered.map((widget) => {
      const h = Math.max(widget.grid.h, STACKED_MIN_ROWS);
      const item: GridItem = { i: widget.id, x: 0, y, w: 1, h, static: true };
      y += h;
      return item;
    });
    return { cols: 1, items };
  }
  const items = widgets.map((widget) => {
    const w = Math.min(widget.grid.w, columns);
    const x = Math.min(widget.grid.x, columns - w);
    return { i: widget.id, x: rtl ? columns - x - w : x, y: widget.grid.y, w, h: widget.grid.h, static: true as const };
  });
  return { cols: columns, items };
}
