import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { Baseline, Calendar, ScheduleModel, Task, WallTime } from '../../core/schedule/model.ts';
import type { BarDrag } from './bar-drag.ts';
import { DEFAULT_COLUMNS, type GanttColumn } from './gantt-columns.ts';
import { ROW_HEIGHT } from '../../core/schedule/bar-geometry.ts';
import { outlineOf, predecessorsOf, visibleRows, type Outline } from './gantt-rows.ts';
import { DEFAULT_ZOOM, ZOOM_LEVELS, type TimeView, type ZoomLevel } from '../../core/schedule/time-scale.ts';

/**
 * What the chart reads of the engine's result (src/core/schedule/engine.ts `ScheduleResult`
 * has these and more). Without one, the dates stored on the tasks are drawn.
 */
export interface ScheduledDates {
  tasks: Map<number, { start: WallTime; finish: WallTime; duration: number; totalFloat: number; freeFloat?: number; critical: boolean }>;
}

/** A task's dates and state as drawn: the engine's when it ran, the stored ones otherwise. */
export interface DrawnTask {
  task: Task;
  start?: WallTime;
  finish?: WallTime;
  duration: number;
  totalFloat?: number;
  freeFloat?: number;
  critical: boolean;
}


/** A cell being edited in the grid, the text typed so far, and why the last try was refused. */
export interface CellEdit {
  taskId: number;
  column: GanttColumn;
  text: string;
  error: string | null;
}

const DAY = 1440;
/** The time axis reaches this far beyond the schedule's first and last dates. */
const MARGIN_DAYS = 30;

/** The view state of one gantt chart: zoom, scroll, collapsed summaries, selection, baseline. */
export class GanttStore {
  model: ScheduleModel;
  result: ScheduledDates | null;
  zoom = DEFAULT_ZOOM;
  /** Pixels the rows have scrolled. */
  scrollTop = 0;
  /** The wall time at the timeline's reading-side edge. */
  viewStart: WallTime;
  viewWidth = 0;
  viewHeight = 0;
  rtl: boolean;
  collapsed = new Set<number>();
  selectedId: number | null = null;
  /** The baseline drawn under the bars (its index 0–10), or none. */
  baselineIndex: number | null = null;
  showCritical = true;
  /** The grid's width beside the timeline. */
  gridWidth: number;
  /** The grid's columns, as the reader chose them. */
  columns: readonly GanttColumn[] = DEFAULT_COLUMNS;
  /** The column of the selected row that Enter or typing edits. */
  column: GanttColumn = 'name';
  editing: CellEdit | null = null;
  /** A bar being dragged (moved, resized, its progress set or a link drawn from it). */
  drag: BarDrag | null = null;
  /** The task whose bar the pointer is over: its link handles show. */
  hoverId: number | null = null;

  constructor(model: ScheduleModel, result: ScheduledDates | null, { rtl = false, gridWidth = 640 } = {}) {
    this.model = model;
    this.result = result;
    this.rtl = rtl;
    this.gridWidth = gridWidth;
    // Open a little before the schedule's first date, so its first bars show whole.
    this.viewStart = Math.max(this.range.start, Math.floor(this.firstDate() / DAY) * DAY - 2 * DAY);
    this.selectedId = model.tasks[0]?.id ?? null;
    makeObservable(this, {
      model: observableRef,
      result: observableRef,
      zoom: observable,
      scrollTop: observable,
      viewStart: observable,
      viewWidth: observable,
      viewHeight: observable,
      rtl: observable,
      collapsed: observable,
      selectedId: observable,
      baselineIndex: observable,
      showCritical: observable,
      gridWidth: observable,
      column: observable,
      columns: observableRef,
      editing: observableRef,
      drag: observableRef,
      hoverId: observable,
      setDrag: action,
      setHover: action,
      varianceBaseline: computed,
      outline: computed,
      predecessors: computed,
      rows: computed,
      rowIndex: computed,
      drawn: computed,
      firstRow: computed,
      lastRow: computed,
      range: computed,
      level: computed,
      timeView: computed,
      calendar: computed,
      setSchedule: action,
      openSchedule: action,
      setViewSize: action,
      scrollTo: action,
      setZoom: action,
      toggle: action,
      select: action,
      moveSelection: action,
      setBaseline: action,
      setShowCritical: action,
      setGridWidth: action,
      setRtl: action,
      setColumn: action,
      setColumns: action,
      startEdit: action,
      refuseEdit: action,
      stopEdit: action,
    });
  }

  get outline(): Outline {
    return outlineOf(this.model.tasks);
  }

  get predecessors() {
    return predecessorsOf(this.model.links);
  }

  /** Row indexes (outline order) of the rows that show. */
  get rows(): number[] {
    return visibleRows(this.model.tasks, this.outline, this.collapsed);
  }

  /** The visible index of each row that shows, by row. */
  get rowIndex(): Map<number, number> {
    const index = new Map<number, number>();
    this.rows.forEach((row, at) => index.set(row, at));
    return index;
  }

  get drawn(): DrawnTask[] {
    return this.model.tasks.map((task) => {
      const scheduled = this.result?.tasks.get(task.id);
      if (scheduled) {
        return { task, start: scheduled.start, finish: scheduled.finish, duration: scheduled.duration, totalFloat: scheduled.totalFloat, freeFloat: scheduled.freeFloat, critical: scheduled.critical };
      }
      return { task, start: task.start, finish: task.finish, duration: task.duration, critical: false };
    });
  }

  /**
   * The first and last rows the grid holds in the page (those in view and two either side):
   * they change once a row has scrolled by, not at every pixel, so the grid renders again then.
   */
  get firstRow(): number {
    return Math.max(0, Math.floor(this.scrollTop / ROW_HEIGHT) - 2);
  }

  get lastRow(): number {
    return Math.min(this.rows.length - 1, Math.ceil((this.scrollTop + this.viewHeight) / ROW_HEIGHT) + 2);
  }

  /** The earliest date drawn: the first task's start, or the project start. */
  firstDate(): WallTime {
    let first = Infinity;
    for (const task of this.drawn) if (task.start !== undefined && task.start < first) first = task.start;
    return Number.isFinite(first) ? first : this.model.settings.start;
  }

  /** The stretch of time the axis scrolls over: the schedule's dates and a margin each side. */
  get range(): { start: WallTime; end: WallTime } {
    let start = this.model.settings.start;
    let end = start;
    for (const task of this.drawn) {
      if (task.start !== undefined && task.start < start) start = task.start;
      if (task.finish !== undefined && task.finish > end) end = task.finish;
    }
    const from = Math.floor(start / DAY) * DAY - MARGIN_DAYS * DAY;
    return { start: from, end: Math.ceil(end / DAY) * DAY + MARGIN_DAYS * DAY };
  }

  get level(): ZoomLevel {
    return ZOOM_LEVELS[this.zoom]!;
  }

  get pxPerMinute(): number {
    return this.level.pxPerDay / DAY;
  }

  /** The whole axis' width at this zoom. */
  get axisWidth(): number {
    return Math.ceil((this.range.end - this.range.start) * this.pxPerMinute);
  }

  get timeView(): TimeView {
    return { start: this.viewStart, pxPerMinute: this.pxPerMinute, width: this.viewWidth, rtl: this.rtl };
  }

  get calendar(): Calendar | undefined {
    return this.model.calendars.find((calendar) => calendar.id === this.model.settings.calendarId) ?? this.model.calendars[0];
  }

  get contentHeight(): number {
    return this.rows.length * ROW_HEIGHT;
  }

  setSchedule(model: ScheduleModel, result: ScheduledDates | null): void {
    this.model = model;
    this.result = result;
  }

  /** Shows a schedule anew: its first bars in view and its first task selected, as the constructor does. */
  openSchedule(model: ScheduleModel, result: ScheduledDates | null): void {
    this.setSchedule(model, result);
    this.viewStart = Math.max(this.range.start, Math.floor(this.firstDate() / DAY) * DAY - 2 * DAY);
    this.scrollTop = 0;
    this.selectedId = model.tasks[0]?.id ?? null;
    this.editing = null;
  }

  setViewSize(width: number, height: number): void {
    this.viewWidth = width;
    this.viewHeight = height;
  }

  /** Scrolls rows to `top` and the axis so `start` is at the reading-side edge, both kept in range. */
  scrollTo(top: number, start: WallTime = this.viewStart): void {
    this.scrollTop = Math.max(0, Math.min(top, this.contentHeight - this.viewHeight));
    const latest = this.range.end - this.viewWidth / this.pxPerMinute;
    this.viewStart = Math.max(this.range.start, Math.min(start, latest));
  }

  /** Changes the zoom level, keeping the time at the middle of the view where it was. */
  setZoom(zoom: number): void {
    const next = Math.max(0, Math.min(ZOOM_LEVELS.length - 1, zoom));
    if (next === this.zoom) return;
    const middle = this.viewStart + this.viewWidth / 2 / this.pxPerMinute;
    this.zoom = next;
    this.scrollTo(this.scrollTop, middle - this.viewWidth / 2 / this.pxPerMinute);
  }

  toggle(taskId: number): void {
    const row = this.outline.rowOf.get(taskId);
    if (row === undefined || !this.outline.summary[row]) return;
    if (this.collapsed.has(taskId)) this.collapsed.delete(taskId);
    else this.collapsed.add(taskId);
  }

  select(taskId: number | null): void {
    this.selectedId = taskId;
    this.revealSelection();
  }

  /** Moves the selection `by` visible rows, and scrolls it into view. */
  moveSelection(by: number): void {
    const rows = this.rows;
    if (rows.length === 0) return;
    const current = this.selectedId === null ? -1 : rows.indexOf(this.outline.rowOf.get(this.selectedId) ?? -1);
    const next = Math.max(0, Math.min(rows.length - 1, current + by));
    this.select(this.model.tasks[rows[next]!]!.id);
  }

  /** The selected task's summary, or null at the top level. */
  parentOfSelection(): number | null {
    const row = this.selectedId === null ? undefined : this.outline.rowOf.get(this.selectedId);
    if (row === undefined) return null;
    const parent = this.outline.parent[row]!;
    return parent < 0 ? null : this.model.tasks[parent]!.id;
  }

  private revealSelection() {
    if (this.selectedId === null) return;
    const index = this.rowIndex.get(this.outline.rowOf.get(this.selectedId) ?? -1) ?? -1;
    if (index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < this.scrollTop) this.scrollTo(top);
    else if (top + ROW_HEIGHT > this.scrollTop + this.viewHeight) this.scrollTo(top + ROW_HEIGHT - this.viewHeight);
  }

  setBaseline(index: number | null): void {
    this.baselineIndex = index;
  }

  /** The baseline variances are measured from: the one drawn, else "Baseline" (as MS Project's variance fields). */
  get varianceBaseline(): Baseline | undefined {
    const baselines = this.model.baselines;
    return baselines.find((baseline) => baseline.index === this.baselineIndex) ?? baselines.find((baseline) => baseline.index === 0);
  }

  setDrag(drag: BarDrag | null): void {
    this.drag = drag;
  }

  setHover(taskId: number | null): void {
    if (this.hoverId !== taskId) this.hoverId = taskId;
  }

  setColumns(columns: readonly GanttColumn[]): void {
    this.columns = columns;
    if (!columns.includes(this.column)) this.column = 'name';
  }

  setShowCritical(show: boolean): void {
    this.showCritical = show;
  }

  setGridWidth(width: number): void {
    this.gridWidth = Math.max(120, Math.round(width));
  }

  setRtl(rtl: boolean): void {
    this.rtl = rtl;
  }

  setColumn(column: GanttColumn): void {
    this.column = column;
  }

  /** Opens the selected row's cell (or the given one) for editing, with its text or what was typed. */
  startEdit(taskId: number, column: GanttColumn, text: string): void {
    this.selectedId = taskId;
    this.column = column;
    this.editing = { taskId, column, text, error: null };
    this.revealSelection();
  }

  refuseEdit(text: string, error: string): void {
    if (this.editing) this.editing = { ...this.editing, text, error };
  }

  stopEdit(): void {
    this.editing = null;
  }
}
