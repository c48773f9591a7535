import { toPath } from '@rjsf/utils';
import { revealRow, type SubtableRegistry } from './subtable.tsx';

/** Frames to wait for a sub-table row scrolled into view to mount. */
const MOUNT_FRAMES = 10;

/**
 * Focuses the control of a field by its rjsf property path (`.rows.12.name`), as rjsf's own
 * focusOnFirstError does, and also when the field sits in a sub-table row that is not
 * mounted: the sub-table scrolls to the row first.
 */
export function focusField(form: HTMLFormElement | null, subtables: SubtableRegistry, property: string | undefined): void {
  if (!form) return;
  const path = toPath(property ?? '');
  const id = ['root', ...path].join('_');
  const find = () => form.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"], input[id^="${CSS.escape(id)}"], button[id^="${CSS.escape(id)}"]`);
  const control = find();
  if (control) {
    control.focus();
    return;
  }
  const [field, row] = path;
  if (field === undefined || row === undefined || !/^\d+$/.test(row) || !revealRow(subtables, field, Number(row))) return;
  let frames = 0;
  const retry = () => {
    const found = find();
    if (found) found.focus();
    else if (++frames < MOUNT_FRAMES) requestAnimationFrame(retry);
  };
  requestAnimationFrame(retry);
}
