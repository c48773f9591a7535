/**
 * The part of a sheet shown around a follow-up's pin, as the PDF report's snippet and the
 * detail screen show it: sheet units, origin top-left, y down, as pins are.
 */

/** The snippet's shape, width to height (4:3). */
export const SNIPPET_ASPECT = 4 / 3;
/** The window around the pin: this share of the sheet's long side, at least this many sheet units. */
const WINDOW_SHARE = 0.25;
const WINDOW_MIN = 120;

export interface SnippetWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The window of sheet units shown: centred on the pin, kept on the sheet near its edges, and
 * always of the snippet's shape (smaller on a sheet too narrow or too short for it).
 */
export function snippetWindow(sheet: { width: number; height: number }, pin: { x: number; y: number }): SnippetWindow {
  let width = Math.min(sheet.width, Math.max(WINDOW_MIN, WINDOW_SHARE * Math.max(sheet.width, sheet.height)));
  let height = width / SNIPPET_ASPECT;
  if (height > sheet.height) {
    height = sheet.height;
    width = height * SNIPPET_ASPECT;
  }
  const left = Math.min(Math.max(0, pin.x - width / 2), Math.max(0, sheet.width - width));
  const top = Math.min(Math.max(0, pin.y - height / 2), Math.max(0, sheet.height - height));
  return { left, top, width, height };
}
