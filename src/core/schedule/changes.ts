import { BASELINE_COUNT, type Baseline, type Calendar, type Link, type ScheduleModel, type ScheduleSettings, type Task, type WallTime } from './model.ts';
import { baselineSchema, calendarSchema, linkSchema, modelProblems, settingsProperties, taskProperties, taskSchema, wallTimeSchema, type OPTIONAL_TASK_FIELDS } from './schema.ts';

/**
 * A save is a list of changes against the revision the editor started from, applied in order
 * by {@link applyChanges}: the browser runs it at once (optimistic), the server runs it again
 * on the stored model (authoritative). Each change is checked as it is applied; the result is
 * checked whole (src/core/schedule/schema.ts) before it is kept.
 */

/** Optional task fields take null to clear them. */
type Clearable<T, K extends keyof T> = { [P in K]?: T[P] | null };
export type TaskChanges = Partial<Omit<Task, 'id' | 'level' | (typeof OPTIONAL_TASK_FIELDS)[number]>> & Clearable<Task, (typeof OPTIONAL_TASK_FIELDS)[number]>;
export type SettingsChanges = Partial<Omit<ScheduleSettings, 'statusDate'>> & { statusDate?: WallTime | null };

export type ScheduleChange =
  /** A new row at `index` of the outline (0 first; the task count appends). */
  | { op: 'taskInsert'; index: number; task: Task }
  | { op: 'taskUpdate'; id: number; set: TaskChanges }
  /** The rows with their sub-rows, and every link to or from them. */
  | { op: 'taskDelete'; ids: number[] }
  /** The row with its sub-rows, placed before another row as its sibling (null: at the end). */
  | { op: 'taskMove'; id: number; before: number | null }
  /** The rows with their sub-rows one level deeper (under the row above) or shallower. */
  | { op: 'taskIndent'; ids: number[] }
  | { op: 'taskOutdent'; ids: number[] }
  | { op: 'linkAdd'; link: Link }
  | { op: 'linkUpdate'; from: number; to: number; set: Partial<Pick<Link, 'type' | 'lag' | 'lagFormat'>> }
  | { op: 'linkRemove'; from: number; to: number }
  | { op: 'calendarUpsert'; calendar: Calendar }
  | { op: 'calendarRemove'; id: number }
  | { op: 'settingsUpdate'; set: SettingsChanges }
  /** Keeps every task's current dates as baseline `index`, saved at `savedAt` (ISO time). */
  | { op: 'baselineSave'; index: number; savedAt: string }
  | { op: 'baselineClear'; index: number }
  /** Puts a baseline back as it was kept (undoing a save over it); tasks no longer there are left out. */
  | { op: 'baselineRestore'; baseline: Baseline };

export type ScheduleChangeKind = ScheduleChange['op'];
export const SCHEDULE_CHANGE_KINDS = [
  'taskInsert',
  'taskUpdate',
  'taskDelete',
  'taskMove',
  'taskIndent',
  'taskOutdent',
  'linkAdd',
  'linkUpdate',
  'linkRemove',
  'calendarUpsert',
  'calendarRemove',
  'settingsUpdate',
  'baselineSave',
  'baselineClear',
  'baselineRestore',
] as const satisfies readonly ScheduleChangeKind[];

/** Changes one save may carry. */
export const SCHEDULE_CHANGES_MAX = 5000;

/** Why a change could not be applied; the browser words it from the code. */
export const SCHEDULE_CHANGE_PROBLEMS = [
  'taskMissing',
  'taskExists',
  'linkMissing',
  'linkExists',
  'calendarMissing',
  'calendarInUse',
  'cannotIndent',
  'cannotOutdent',
  'moveIntoItself',
  'invalidModel',
] as const;
export type ScheduleChangeProblem = (typeof SCHEDULE_CHANGE_PROBLEMS)[number];

export class ScheduleChangeError extends Error {
  constructor(
    readonly problem: ScheduleChangeProblem,
    /** The change's position in the save; -1 for the model as a whole. */
    readonly index: number,
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleChangeError';
  }
}

/** A task's dates as a baseline keeps them. */
export interface TaskDates {
  start: WallTime;
  finish: WallTime;
  duration: number;
}

export interface ApplyOptions {
  /** The dates a baseline keeps: the engine's scheduled dates where it runs. */
  datesOf: (model: ScheduleModel) => Map<number, TaskDates>;
}

/** The dates the model holds (as last scheduled or imported), the project start otherwise. */
export function storedDates(model: ScheduleModel): Map<number, TaskDates> {
  return new Map(
    model.tasks.map((task) => {
      const start = task.start ?? model.settings.start;
      return [task.id, { start, finish: task.finish ?? start, duration: task.duration }];
    }),
  );
}

/**
 * The model after the changes, a new object (the given one is left as it was). Throws
 * {@link ScheduleChangeError} naming the first change that cannot be made, or the problems of
 * a result that would not be a sound schedule.
 */
export function applyChanges(model: ScheduleModel, changes: readonly ScheduleChange[], options: ApplyOptions = { datesOf: storedDates }): ScheduleModel {
  const next = JSON.parse(JSON.stringify(model)) as ScheduleModel;
  for (const [index, change] of changes.entries()) applyOne(next, change, index, options);
  const problems = modelProblems(next);
  if (problems.length > 0) throw new ScheduleChangeError('invalidModel', -1, problems.slice(0, 5).join('; '));
  return next;
}

function applyOne(model: ScheduleModel, change: ScheduleChange, index: number, options: ApplyOptions): void {
  const fail = (problem: ScheduleChangeProblem, message: string): never => {
    throw new ScheduleChangeError(problem, index, `change ${index + 1} (${change.op}): ${message}`);
  };
  const rowOf = (id: number): number => {
    const row = model.tasks.findIndex((t) => t.id === id);
    return row < 0 ? fail('taskMissing', `task ${id} is not there`) : row;
  };
  const linkRow = (from: number, to: number): number => model.links.findIndex((l) => l.from === from && l.to === to);

  switch (change.op) {
    case 'taskInsert': {
      if (model.tasks.some((t) => t.id === change.task.id)) fail('taskExists', `task ${change.task.id} is already there`);
      model.tasks.splice(Math.min(change.index, model.tasks.length), 0, { ...change.task });
      return;
    }
    case 'taskUpdate': {
      const task = model.tasks[rowOf(change.id)]!;
      const target = task as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(change.set)) {
        if (value === null) delete target[key];
        else if (value !== undefined) target[key] = value;
      }
      return;
    }
    case 'taskDelete': {
      const gone = new Set<number>();
      for (const id of change.ids) {
        const [from, to] = blockOf(model.tasks, rowOf(id));
        for (let row = from; row < to; row++) gone.add(model.tasks[row]!.id);
      }
      model.tasks = model.tasks.filter((t) => !gone.has(t.id));
      model.links = model.links.filter((l) => !gone.has(l.from) && !gone.has(l.to));
      for (const baseline of model.baselines) for (const id of gone) delete baseline.tasks[id];
      return;
    }
    case 'taskMove': {
      const [from, to] = blockOf(model.tasks, rowOf(change.id));
      const block = model.tasks.slice(from, to);
      if (change.before !== null && block.some((t) => t.id === change.before)) fail('moveIntoItself', `task ${change.id} cannot move into its own sub-rows`);
      if (change.before !== null) rowOf(change.before);
      const rest = [...model.tasks.slice(0, from), ...model.tasks.slice(to)];
      const at = change.before === null ? rest.length : rest.findIndex((t) => t.id === change.before);
      // As a sibling of the row it lands before; at the end, as deep as the row above allows.
      const above = at > 0 ? rest[at - 1]!.level : 0;
      const top = change.before === null ? Math.min(block[0]!.level, above + 1) : rest[at]!.level;
      const shift = top - block[0]!.level;
      for (const task of block) task.level += shift;
      rest.splice(at, 0, ...block);
      model.tasks = rest;
      return;
    }
    case 'taskIndent':
    case 'taskOutdent': {
      const deeper = change.op === 'taskIndent';
      const chosen = new Set(change.ids);
      for (const id of change.ids) rowOf(id);
      // Rows inside a chosen row's block move with it, once.
      const done = new Set<number>();
      for (let row = 0; row < model.tasks.length; row++) {
        const task = model.tasks[row]!;
        if (!chosen.has(task.id) || done.has(task.id)) continue;
        const [from, to] = blockOf(model.tasks, row);
        if (deeper) {
          const above = row > 0 ? model.tasks[row - 1]!.level : 0;
          if (task.level + 1 > above + 1) fail('cannotIndent', `task ${task.id} has no row above to go under`);
        } else if (task.level <= 1) {
          fail('cannotOutdent', `task ${task.id} is at the top level`);
        }
        for (let r = from; r < to; r++) {
          model.tasks[r]!.level += deeper ? 1 : -1;
          done.add(model.tasks[r]!.id);
        }
      }
      return;
    }
    case 'linkAdd': {
      rowOf(change.link.from);
      rowOf(change.link.to);
      if (linkRow(change.link.from, change.link.to) >= 0) fail('linkExists', `tasks ${change.link.from} and ${change.link.to} are already linked`);
      model.links.push({ ...change.link });
      return;
    }
    case 'linkUpdate': {
      const row = linkRow(change.from, change.to);
      if (row < 0) fail('linkMissing', `tasks ${change.from} and ${change.to} are not linked`);
      model.links[row] = { ...model.links[row]!, ...definedOf(change.set) };
      return;
    }
    case 'linkRemove': {
      const row = linkRow(change.from, change.to);
      if (row < 0) fail('linkMissing', `tasks ${change.from} and ${change.to} are not linked`);
      model.links.splice(row, 1);
      return;
    }
    case 'calendarUpsert': {
      const row = model.calendars.findIndex((c) => c.id === change.calendar.id);
      if (row < 0) model.calendars.push(change.calendar);
      else model.calendars[row] = change.calendar;
      return;
    }
    case 'calendarRemove': {
      const row = model.calendars.findIndex((c) => c.id === change.id);
      if (row < 0) fail('calendarMissing', `calendar ${change.id} is not there`);
      if (model.settings.calendarId === change.id || model.tasks.some((t) => t.calendarId === change.id)) {
        fail('calendarInUse', `calendar ${change.id} is the project's or a task's calendar`);
      }
      model.calendars.splice(row, 1);
      return;
    }
    case 'settingsUpdate': {
      const target = model.settings as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(change.set)) {
        if (value === null) delete target[key];
        else if (value !== undefined) target[key] = value;
      }
      return;
    }
    case 'baselineSave': {
      const dates = options.datesOf(model);
      const tasks: Record<number, TaskDates> = {};
      for (const [id, d] of dates) tasks[id] = { start: d.start, finish: d.finish, duration: d.duration };
      model.baselines = [...model.baselines.filter((b) => b.index !== change.index), { index: change.index, savedAt: change.savedAt, tasks }].sort(
        (a, b) => a.index - b.index,
      );
      return;
    }
    case 'baselineClear': {
      model.baselines = model.baselines.filter((b) => b.index !== change.index);
      return;
    }
    case 'baselineRestore': {
      const present = new Set(model.tasks.map((t) => t.id));
      const tasks: Record<number, TaskDates> = {};
      for (const [key, d] of Object.entries(change.baseline.tasks)) if (present.has(Number(key))) tasks[Number(key)] = { start: d.start, finish: d.finish, duration: d.duration };
      const kept = { index: change.baseline.index, savedAt: change.baseline.savedAt, tasks };
      model.baselines = [...model.baselines.filter((b) => b.index !== kept.index), kept].sort((a, b) => a.index - b.index);
      return;
    }
  }
}

/** Rows [from, to) of a row and the deeper rows under it. */
export function blockOf(tasks: readonly Task[], row: number): [number, number] {
  const level = tasks[row]!.level;
  let end = row + 1;
  while (end < tasks.length && tasks[end]!.level > level) end++;
  return [row, end];
}

const definedOf = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** How many changes of each kind a save made: the history's "what", worded by the reader's language. */
export type ChangeCounts = Partial<Record<ScheduleChangeKind, number>>;

export function countChanges(changes: readonly ScheduleChange[]): ChangeCounts {
  const counts: ChangeCounts = {};
  for (const change of changes) counts[change.op] = (counts[change.op] ?? 0) + 1;
  return counts;
}

/** The counts in English, for messages and logs: "2 taskUpdate, 1 linkAdd". */
export const describeCounts = (counts: ChangeCounts): string =>
  Object.entries(counts)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');

// ---- the JSON Schema of a change, for the save request ----

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const ids = { type: 'array', items: id, minItems: 1, maxItems: 20000, uniqueItems: true } as const;
const baselineIndex = { type: 'integer', minimum: 0, maximum: BASELINE_COUNT - 1 } as const;
const nullable = <S extends object>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;

const change = <const O extends string, const P extends Record<string, unknown>>(op: O, properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: { op: { const: op }, ...properties },
    required: ['op', ...Object.keys(properties)],
  }) as const;

const taskChangesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: taskProperties.name,
    duration: taskProperties.duration,
    unit: taskProperties.unit,
    milestone: taskProperties.milestone,
    constraint: taskProperties.constraint,
    percentComplete: taskProperties.percentComplete,
    assignees: taskProperties.assignees,
    deadline: nullable(taskProperties.deadline),
    calendarId: nullable(taskProperties.calendarId),
    actualStart: nullable(taskProperties.actualStart),
    actualFinish: nullable(taskProperties.actualFinish),
    notes: nullable(taskProperties.notes),
    fields: nullable(taskProperties.fields),
    start: nullable(taskProperties.start),
    finish: nullable(taskProperties.finish),
  },
} as const;

export const scheduleChangeSchema = {
  oneOf: [
    change('taskInsert', { index: { type: 'integer', minimum: 0, maximum: 20000 }, task: taskSchema }),
    change('taskUpdate', { id, set: taskChangesSchema }),
    change('taskDelete', { ids }),
    change('taskMove', { id, before: nullable(id) }),
    change('taskIndent', { ids }),
    change('taskOutdent', { ids }),
    change('linkAdd', { link: linkSchema }),
    change('linkUpdate', {
      from: id,
      to: id,
      set: { type: 'object', additionalProperties: false, properties: { type: linkSchema.properties.type, lag: linkSchema.properties.lag, lagFormat: linkSchema.properties.lagFormat } },
    }),
    change('linkRemove', { from: id, to: id }),
    change('calendarUpsert', { calendar: calendarSchema }),
    change('calendarRemove', { id }),
    change('settingsUpdate', {
      set: { type: 'object', additionalProperties: false, properties: { ...settingsProperties, statusDate: nullable(wallTimeSchema) } },
    }),
    change('baselineSave', { index: baselineIndex, savedAt: { type: 'string', format: 'date-time' } }),
    change('baselineClear', { index: baselineIndex }),
    change('baselineRestore', { baseline: baselineSchema }),
  ],
} as const;
