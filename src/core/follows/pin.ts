import type { FollowPin } from '../contracts/follows.ts';

/**
 * Whether a pin lies on its revision's sheet: sheet units, origin top-left, y down, as
 * markups; the edge counts as on it.
 */
export function pinOnSheet(pin: Pick<FollowPin, 'x' | 'y'>, sheet: { width: number; height: number }): boolean {
  return pin.x >= 0 && pin.y >= 0 && pin.x <= sheet.width && pin.y <= sheet.height;
}

/**
 * Whether a pin dropped on revision `droppedOn` shows on revision `shown` of the same sheet: a
 * pin belongs to its sheet, so it shows on the revision it was dropped on and every later one
 * (revision ids grow with upload order), never on an earlier one.
 */
export function pinShowsOn(droppedOn: number, shown: number): boolean {
  return droppedOn <= shown;
}
