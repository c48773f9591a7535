import type { ScheduleChange } from '../../../../core/schedule/changes.ts';

/** One edit as the undo stack keeps it: the changes it made and the changes that take it back. */
export interface UndoEntry {
  changes: ScheduleChange[];
  inverse: ScheduleChange[];
}

/**
 * Undo and redo over change lists: undoing an edit applies its inverse, redoing applies it
 * again; both go to the save as changes like any other, so the server replays the same path.
 * A new edit drops what could be redone.
 */
export class UndoStack {
  private done: UndoEntry[] = [];
  private undone: UndoEntry[] = [];

  constructor(private readonly limit = 200) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  push(entry: UndoEntry): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The changes that undo the last edit, moving it to redo; null when there is none. */
  undo(): ScheduleChange[] | null {
    const entry = this.done.pop();
    if (!entry) return null;
    this.undone.push(entry);
    return entry.inverse;
  }

  /** The changes that redo the last undone edit; null when there is none. */
  redo(): ScheduleChange[] | null {
    const entry = this.undone.pop();
    if (!entry) return null;
    this.done.push(entry);
    return entry.changes;
  }

  /** Puts back an undo or redo whose changes could not be applied. */
  revert(kind: 'undo' | 'redo'): void {
    if (kind === 'undo') {
      const entry = this.undone.pop();
      if (entry) this.done.push(entry);
    } else {
      const entry = this.done.pop();
      if (entry) this.undone.push(entry);
    }
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
