import { action, computed, makeObservable, observableShallow } from 'mobx';

/** At most this many steps can be undone. */
export const UNDO_LIMIT = 100;

/**
 * Undo and redo for an editor's working copy, kept as JSON snapshots: the editor records the
 * state before each change and swaps snapshots on undo and redo. Consecutive changes with the
 * same tag (keystrokes in one property) make one step.
 */
export class EditHistory {
  private past: string[] = [];
  private future: string[] = [];
  private lastTag: string | null = null;

  constructor(private readonly limit = UNDO_LIMIT) {
    makeObservable<EditHistory, 'past' | 'future'>(this, {
      past: observableShallow,
      future: observableShallow,
      canUndo: computed,
      canRedo: computed,
      record: action,
      undo: action,
      redo: action,
      clear: action,
    });
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Called before a change with the state it changes; a change with the last change's tag joins its step. */
  record(before: string, tag: string | null = null): void {
    if (tag === null || tag !== this.lastTag) {
      this.past.push(before);
      if (this.past.length > this.limit) this.past.shift();
    }
    this.lastTag = tag;
    this.future = [];
  }

  /** The state to go back to from `current`, or undefined when there is none. */
  undo(current: string): string | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.lastTag = null;
    this.future.push(current);
    return previous;
  }

  /** The state to go forward to from `current`, or undefined when there is none. */
  redo(current: string): string | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.lastTag = null;
    this.past.push(current);
    return next;
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.lastTag = null;
  }
}
