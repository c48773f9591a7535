import type { ScheduleChange } from '../../../../core/schedule/changes.ts';

/** One edit as the undo stack keeps it: the changes it made and the changes that take it back. */
export interface UndoEntry {
  changes: ScheduleChange[];
  inverse: ScheduleChange[];
}

/** A place in the undo stack, to know when undo or redo come back to it. */
export interface UndoPosition {
  top: UndoEntry | null;
  depth: number;
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
    this.saved = this.position();
  }

  /** Where the stack stands: the last edit done and how many are done. */
  position(): UndoPosition {
    return { top: this.done.at(-1) ?? null, depth: this.done.length };
  }

  /** The stack stood at `position` when the schedule was last saved. */
  markSaved(position: UndoPosition): void {
    this.saved = position;
  }

  /** Whether undo and redo have brought the schedule back to what was last saved. */
  get atSaved(): boolean {
    const now = this.position();
    return this.saved !== null && now.top === this.saved.top && now.depth === this.saved.depth;
  }

  private saved: UndoPosition | null = { top: null, depth: 0 };
}
