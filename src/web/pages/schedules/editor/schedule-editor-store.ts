import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { SCHEDULE_PATHS, type ScheduleDetail, type ScheduleSaved, type ScheduleStaleParams } from '../../../../core/contracts/schedules.ts';
import { applyChanges, ScheduleChangeError, type ScheduleChange } from '../../../../core/schedule/changes.ts';
import { createScheduler, scheduleAll, ScheduleLoopError, type ScheduleChange as EngineChange, type Scheduler } from '../../../../core/schedule/engine.ts';
import { baselineDates } from '../../../../core/schedule/baseline-dates.ts';
import type { ScheduleModel } from '../../../../core/schedule/model.ts';
import { ApiError } from '../../../api/api-error.ts';
import type { CallOptions, Http } from '../../../api/endpoints.ts';
import { ownPreferences } from '../../../api/own-preferences.ts';
import { chosenColumns, type GanttColumn } from '../../../gantt/gantt-columns.ts';
import { GanttStore } from '../../../gantt/gantt-store.ts';
import { UndoStack, type UndoEntry } from './undo-stack.ts';

const QUIET: CallOptions = { showErrorToast: false };
/** Each person's choice of grid columns, kept by the server for every schedule they open. */
export const COLUMNS_PREFERENCE = 'scheduleColumns';

/** Why an edit was refused: a loop (the tasks in it, by name) or a change the model cannot take. */
export type EditRefusal = { problem: 'loop'; names: string[] } | { problem: 'refused'; message: string };

export type SaveState = 'saved' | 'unsaved' | 'saving';

/** Fields of a task the engine does not read: changing them leaves every date as it was. */
const UNSCHEDULED = new Set(['name', 'assignees', 'notes', 'fields']);

/**
 * The engine's incremental change for a list of changes, when it is one the scheduler can take
 * in place (a duration, constraint, progress or one link); null when the schedule is to be
 * run afresh, 'none' when no date can move.
 */
export function engineChangeOf(changes: readonly ScheduleChange[], after: ScheduleModel): EngineChange | null | 'none' {
  if (changes.length !== 1) return null;
  const change = changes[0]!;
  switch (change.op) {
    case 'taskUpdate': {
      const keys = Object.keys(change.set);
      const task = after.tasks.find((t) => t.id === change.id);
      if (!task) return null;
      if (keys.every((key) => UNSCHEDULED.has(key))) return 'none';
      if (keys.every((key) => key === 'duration' || key === 'unit')) return { kind: 'duration', taskId: task.id, duration: task.duration, unit: task.unit };
      if (keys.every((key) => key === 'constraint')) return { kind: 'constraint', taskId: task.id, constraint: task.constraint };
      if (keys.every((key) => key === 'percentComplete' || key === 'actualStart' || key === 'actualFinish')) {
        return { kind: 'progress', taskId: task.id, percentComplete: task.percentComplete, actualStart: task.actualStart, actualFinish: task.actualFinish };
      }
      return null;
    }
    case 'linkAdd':
      return { kind: 'link', link: change.link };
    case 'linkRemove':
      return { kind: 'unlink', from: change.from, to: change.to };
    case 'baselineSave':
    case 'baselineClear':
    case 'baselineRestore':
      return 'none';
    case 'linkUpdate': {
      const link = after.links.find((l) => l.from === change.from && l.to === change.to);
      return link ? { kind: 'link', link } : null;
    }
    default:
      return null;
  }
}

/**
 * The schedule editor's state: the schedule as loaded, the changes made since (applied at once
 * and re-scheduled in the browser), undo and redo, and saving against the loaded revision.
 */
export class ScheduleEditorStore {
  status: 'loading' | 'ready' | 'failed' | 'notFound' = 'loading';
  error = '';
  detail: ScheduleDetail | null = null;
  /** The schedule with every unsaved change applied. */
  model: ScheduleModel | null = null;
  /** Changes since the last save, in order. */
  pending: ScheduleChange[] = [];
  saving = false;
  revision = 0;
  /** A save refused as stale: who saved since. */
  conflict: ScheduleStaleParams | null = null;
  /** Someone saved a newer revision while this editor had unsaved changes. */
  newerRevision: number | null = null;
  /** Bumped on each undo or redo, so the toolbar's buttons follow the stack. */
  undoVersion = 0;
  readonly gantt: GanttStore;
  readonly undoStack = new UndoStack();
  private scheduler: Scheduler | null = null;

  constructor(
    private readonly http: Http,
    readonly id: number,
    rtl: boolean,
  ) {
    this.gantt = new GanttStore({ settings: { start: 0, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 }, calendars: [], tasks: [], links: [], baselines: [] }, null, { rtl });
    makeObservable<ScheduleEditorStore, 'show'>(this, {
      status: observable,
      error: observable,
      detail: observableRef,
      model: observableRef,
      pending: observableRef,
      saving: observable,
      revision: observable,
      conflict: observableRef,
      newerRevision: observable,
      undoVersion: observable,
      saveState: computed,
      canUndo: computed,
      canRedo: computed,
      load: action,
      edit: action,
      undo: action,
      redo: action,
      dismissConflict: action,
      show: action,
    });
  }

  get saveState(): SaveState {
    if (this.saving) return 'saving';
    return this.pending.length > 0 ? 'unsaved' : 'saved';
  }

  get canUndo(): boolean {
    void this.undoVersion;
    return this.undoStack.canUndo;
  }

  get canRedo(): boolean {
    void this.undoVersion;
    return this.undoStack.canRedo;
  }

  get canEdit(): boolean {
    return this.detail?.canEdit === true && this.detail.status === 'active';
  }

  /** Loads (or reloads) the schedule, dropping unsaved changes and the undo stack. */
  async load(): Promise<void> {
    if (this.status !== 'ready') this.status = 'loading';
    try {
      const detail = await this.http.get<ScheduleDetail>(SCHEDULE_PATHS.get, { id: this.id }, QUIET);
      runInAction(() => {
        this.detail = detail;
        this.revision = detail.revision;
        this.pending = [];
        this.conflict = null;
        this.newerRevision = null;
        this.undoStack.clear();
        this.undoVersion++;
        this.scheduler = createScheduler(detail.model);
        // A first load opens at the schedule's first bars; a reload keeps the view where it was.
        if (this.model === null) this.gantt.openSchedule(detail.model, { tasks: this.scheduler.result.tasks });
        this.show(detail.model);
        this.status = 'ready';
      });
    } catch (failure) {
      runInAction(() => {
        if (failure instanceof ApiError && failure.status === 404) this.status = 'notFound';
        else {
          this.status = this.detail ? 'ready' : 'failed';
          this.error = failure instanceof Error ? failure.message : String(failure);
        }
      });
    }
  }

  private show(model: ScheduleModel): void {
    this.model = model;
    // A new wrapper each time: the scheduler updates its map in place.
    this.gantt.setSchedule(model, { tasks: this.scheduler!.result.tasks });
  }

  /**
   * Applies an edit's changes and re-schedules (in place when the engine can); refused, the
   * schedule stays as it was. Kept on the undo stack unless it is an undo or redo itself.
   */
  edit(entry: UndoEntry, record = true): EditRefusal | null {
    const refusal = this.applyList(entry.changes);
    if (refusal) return refusal;
    if (record) {
      this.undoStack.push(entry);
      this.undoVersion++;
    }
    return null;
  }

  undo(): EditRefusal | null {
    return this.step('undo');
  }

  redo(): EditRefusal | null {
    return this.step('redo');
  }

  private step(kind: 'undo' | 'redo'): EditRefusal | null {
    const changes = kind === 'undo' ? this.undoStack.undo() : this.undoStack.redo();
    if (!changes) return null;
    const refusal = this.applyList(changes);
    if (refusal) this.undoStack.revert(kind);
    // Back where the last save left it: nothing is left to save.
    else if (this.undoStack.atSaved) this.pending = [];
    this.undoVersion++;
    return refusal;
  }

  private applyList(changes: ScheduleChange[]): EditRefusal | null {
    if (!this.model || !this.scheduler || changes.length === 0) return null;
    let next: ScheduleModel;
    try {
      // A baseline keeps the dates the engine gives, as the server's replay of the save does.
      next = applyChanges(this.model, changes, { datesOf: (model) => baselineDates(scheduleAll(model)) });
    } catch (failure) {
      return { problem: 'refused', message: failure instanceof ScheduleChangeError || failure instanceof Error ? failure.message : String(failure) };
    }
    const engine = engineChangeOf(changes, next);
    try {
      if (engine === null) this.scheduler = createScheduler(next);
      else if (engine !== 'none') this.scheduler.update(engine);
    } catch (failure) {
      if (failure instanceof ScheduleLoopError) {
        const names = failure.taskIds.map((id) => next.tasks.find((t) => t.id === id)?.name ?? String(id));
        return { problem: 'loop', names };
      }
      throw failure;
    }
    this.pending = [...this.pending, ...changes];
    this.show(next);
    return null;
  }

  /** Sends the unsaved changes against the loaded revision; a stale one keeps them and names who saved. */
  async save(): Promise<'saved' | 'stale' | 'failed' | 'nothing'> {
    if (this.pending.length === 0 || this.saving) return 'nothing';
    const sent = this.pending;
    const position = this.undoStack.position();
    runInAction(() => (this.saving = true));
    try {
      const saved = await this.http.post<ScheduleSaved>(SCHEDULE_PATHS.save, { id: this.id, baseRevision: this.revision, changes: sent }, QUIET);
      runInAction(() => {
        this.revision = saved.revision;
        this.undoStack.markSaved(position);
        // Edits made while saving stay unsaved.
        this.pending = this.pending.slice(sent.length);
        if (this.detail) this.detail = { ...this.detail, ...saved.summary };
        if (this.newerRevision !== null && this.newerRevision <= saved.revision) this.newerRevision = null;
      });
      return 'saved';
    } catch (failure) {
      const data = failure instanceof ApiError ? (failure.data as { problem?: string; params?: ScheduleStaleParams } | null) : null;
      if (data?.problem === 'stale' && data.params) {
        runInAction(() => (this.conflict = data.params!));
        return 'stale';
      }
      runInAction(() => (this.error = failure instanceof Error ? failure.message : String(failure)));
      throw failure;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** The columns this person chose before, if any (the defaults stay otherwise). */
  async readColumns(): Promise<void> {
    try {
      const columns = chosenColumns(await ownPreferences(this.http).preference(COLUMNS_PREFERENCE));
      if (columns) this.gantt.setColumns(columns);
    } catch {
      // Not kept or not readable: the default columns show.
    }
  }

  keepColumns(columns: readonly GanttColumn[]): void {
    void ownPreferences(this.http).savePreference(COLUMNS_PREFERENCE, columns).catch(() => undefined);
  }

  dismissConflict(): void {
    this.conflict = null;
  }

  /**
   * Another user saved: their revision is taken at once when nothing here is unsaved;
   * otherwise the screen says a newer version exists. The editor's own saves are ignored.
   */
  async pushed(revision: number): Promise<void> {
    if (revision <= this.revision) return;
    if (this.pending.length === 0 && !this.saving) {
      await this.load();
      return;
    }
    runInAction(() => (this.newerRevision = Math.max(revision, this.newerRevision ?? 0)));
  }
}
