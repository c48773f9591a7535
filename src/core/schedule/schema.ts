import { BASELINE_COUNT, CONSTRAINT_TYPES, DURATION_UNITS, LAG_FORMATS, LINK_TYPES, type ScheduleModel } from './model.ts';

/**
 * The JSON Schemas of a schedule (src/core/schedule/model.ts) and its limits: what the server
 * stores and the browser may send. The shape is checked by ajv with these schemas; what JSON
 * Schema cannot say (ids unique, links between tasks that exist, the outline's levels, the
 * calendars named) is checked by {@link modelProblems}, the same code on both sides.
 */
export const SCHEDULE_TASKS_MAX = 20000;
export const SCHEDULE_LINKS_MAX = 60000;
export const SCHEDULE_CALENDARS_MAX = 100;
export const SCHEDULE_EXCEPTIONS_MAX = 2000;
export const SCHEDULE_NAME_MAX = 255;
export const SCHEDULE_LEVEL_MAX = 20;
export const SCHEDULE_NOTES_MAX = 10000;
export const SCHEDULE_ASSIGNEES_MAX = 50;
export const SCHEDULE_FIELDS_MAX = 50;
/** Wall minutes up to 2200-01-01: far enough for any building, near enough to stay exact. */
export const WALL_TIME_MAX = 120_000_000;
/** A hundred years of minutes: the longest duration or lag. */
export const SCHEDULE_MINUTES_MAX = 52_560_000;

export const scheduleNameSchema = { type: 'string', minLength: 1, maxLength: SCHEDULE_NAME_MAX, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;
export const wallTimeSchema = { type: 'integer', minimum: 0, maximum: WALL_TIME_MAX } as const;
const daySchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const minuteOfDay = { type: 'integer', minimum: 0, maximum: 1440 } as const;

export const workingPeriodSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { from: minuteOfDay, to: minuteOfDay },
  required: ['from', 'to'],
} as const;

const periodsSchema = { type: 'array', items: workingPeriodSchema, maxItems: 12 } as const;

export const calendarSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idSchema,
    name: { type: 'string', maxLength: SCHEDULE_NAME_MAX },
    week: { type: 'array', items: periodsSchema, minItems: 7, maxItems: 7 },
    exceptions: {
      type: 'array',
      maxItems: SCHEDULE_EXCEPTIONS_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { name: { type: 'string', maxLength: SCHEDULE_NAME_MAX }, from: daySchema, to: daySchema, periods: periodsSchema },
        required: ['name', 'from', 'to', 'periods'],
      },
    },
  },
  required: ['id', 'name', 'week', 'exceptions'],
} as const;

export const linkSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: idSchema,
    to: idSchema,
    type: { enum: [...LINK_TYPES] },
    lag: { type: 'number', minimum: -SCHEDULE_MINUTES_MAX, maximum: SCHEDULE_MINUTES_MAX },
    lagFormat: { enum: [...LAG_FORMATS] },
  },
  required: ['from', 'to', 'type', 'lag', 'lagFormat'],
} as const;

/** ASAP and ALAP need no date; every other constraint type does. */
export const constraintSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { type: { enum: [...CONSTRAINT_TYPES] }, date: wallTimeSchema },
  required: ['type'],
  if: { properties: { type: { enum: ['ASAP', 'ALAP'] } } },
  then: {},
  else: { required: ['type', 'date'] },
} as const;

const fieldValueSchema = { type: ['string', 'number', 'boolean', 'null'], maxLength: 1000 } as const;

/** The properties of a task, each as the model types it. */
export const taskProperties = {
  name: { type: 'string', maxLength: SCHEDULE_NAME_MAX },
  level: { type: 'integer', minimum: 1, maximum: SCHEDULE_LEVEL_MAX },
  duration: { type: 'number', minimum: 0, maximum: SCHEDULE_MINUTES_MAX },
  unit: { enum: [...DURATION_UNITS] },
  milestone: { type: 'boolean' },
  constraint: constraintSchema,
  deadline: wallTimeSchema,
  calendarId: idSchema,
  percentComplete: { type: 'number', minimum: 0, maximum: 100 },
  actualStart: wallTimeSchema,
  actualFinish: wallTimeSchema,
  assignees: { type: 'array', items: { type: 'string', minLength: 1, maxLength: SCHEDULE_NAME_MAX }, maxItems: SCHEDULE_ASSIGNEES_MAX },
  notes: { type: 'string', maxLength: SCHEDULE_NOTES_MAX },
  fields: {
    type: 'object',
    maxProperties: SCHEDULE_FIELDS_MAX,
    propertyNames: { maxLength: 64 },
    additionalProperties: fieldValueSchema,
  },
  start: wallTimeSchema,
  finish: wallTimeSchema,
} as const;

/** The task fields a task may be without; a change sets them to null to clear them. */
export const OPTIONAL_TASK_FIELDS = ['deadline', 'calendarId', 'actualStart', 'actualFinish', 'notes', 'fields', 'start', 'finish'] as const;

export const taskSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: idSchema, ...taskProperties },
  required: ['id', 'name', 'level', 'duration', 'unit', 'milestone', 'constraint', 'percentComplete', 'assignees'],
} as const;

export const baselineSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    index: { type: 'integer', minimum: 0, maximum: BASELINE_COUNT - 1 },
    savedAt: { type: 'string', maxLength: 40 },
    tasks: {
      type: 'object',
      propertyNames: { pattern: '^[1-9][0-9]{0,9}$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { start: wallTimeSchema, finish: wallTimeSchema, duration: { type: 'number', minimum: 0, maximum: SCHEDULE_MINUTES_MAX } },
        required: ['start', 'finish', 'duration'],
      },
    },
  },
  required: ['index', 'savedAt', 'tasks'],
} as const;

export const settingsProperties = {
  start: wallTimeSchema,
  statusDate: wallTimeSchema,
  calendarId: idSchema,
  minutesPerDay: { type: 'integer', minimum: 1, maximum: 1440 },
  minutesPerWeek: { type: 'integer', minimum: 1, maximum: 10080 },
  daysPerMonth: { type: 'integer', minimum: 1, maximum: 31 },
  nearCriticalMinutes: { type: 'integer', minimum: 0, maximum: SCHEDULE_MINUTES_MAX },
} as const;

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: settingsProperties,
  required: ['start', 'calendarId', 'minutesPerDay', 'minutesPerWeek', 'daysPerMonth', 'nearCriticalMinutes'],
} as const;

export const scheduleModelSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    settings: settingsSchema,
    calendars: { type: 'array', items: calendarSchema, minItems: 1, maxItems: SCHEDULE_CALENDARS_MAX },
    tasks: { type: 'array', items: taskSchema, maxItems: SCHEDULE_TASKS_MAX },
    links: { type: 'array', items: linkSchema, maxItems: SCHEDULE_LINKS_MAX },
    baselines: { type: 'array', items: baselineSchema, maxItems: BASELINE_COUNT },
  },
  required: ['settings', 'calendars', 'tasks', 'links', 'baselines'],
} as const;

/** What is wrong with a model beyond its shape, in English for logs; empty when it is sound. */
export function modelProblems(model: ScheduleModel): string[] {
  const problems: string[] = [];
  // Changes can grow a model past what a request may carry: the limits hold for the result too.
  if (model.tasks.length > SCHEDULE_TASKS_MAX) problems.push(`a schedule has at most ${SCHEDULE_TASKS_MAX} tasks`);
  if (model.links.length > SCHEDULE_LINKS_MAX) problems.push(`a schedule has at most ${SCHEDULE_LINKS_MAX} links`);
  if (model.calendars.length > SCHEDULE_CALENDARS_MAX) problems.push(`a schedule has at most ${SCHEDULE_CALENDARS_MAX} calendars`);
  const calendarIds = new Set<number>();
  for (const calendar of model.calendars) {
    if (calendarIds.has(calendar.id)) problems.push(`calendar ${calendar.id} appears twice`);
    calendarIds.add(calendar.id);
    for (const [day, periods] of calendar.week.entries()) {
      if (!periodsInOrder(periods)) problems.push(`calendar ${calendar.id}: the periods of week day ${day} overlap or run backwards`);
    }
    for (const exception of calendar.exceptions) {
      if (exception.to < exception.from) problems.push(`calendar ${calendar.id}: exception "${exception.name}" ends before it starts`);
      if (!periodsInOrder(exception.periods)) problems.push(`calendar ${calendar.id}: the periods of exception "${exception.name}" overlap or run backwards`);
    }
  }
  if (!calendarIds.has(model.settings.calendarId)) problems.push(`the project calendar ${model.settings.calendarId} is not among the calendars`);
  const taskIds = new Set<number>();
  let previousLevel = 0;
  for (const task of model.tasks) {
    if (taskIds.has(task.id)) problems.push(`task ${task.id} appears twice`);
    taskIds.add(task.id);
    if (task.level > previousLevel + 1) problems.push(`task ${task.id} is at level ${task.level} under a row at level ${previousLevel}`);
    previousLevel = task.level;
    if (task.calendarId !== undefined && !calendarIds.has(task.calendarId)) problems.push(`task ${task.id} names calendar ${task.calendarId}, which is not there`);
    if (task.actualStart !== undefined && task.actualFinish !== undefined && task.actualFinish < task.actualStart) {
      problems.push(`task ${task.id} finishes before it starts`);
    }
  }
  const linkKeys = new Set<string>();
  for (const link of model.links) {
    const key = `${link.from}>${link.to}`;
    if (!taskIds.has(link.from) || !taskIds.has(link.to)) problems.push(`link ${key} names a task that is not there`);
    if (link.from === link.to) problems.push(`task ${link.from} is linked to itself`);
    if (linkKeys.has(key)) problems.push(`link ${key} appears twice`);
    linkKeys.add(key);
  }
  const indexes = new Set<number>();
  for (const baseline of model.baselines) {
    if (indexes.has(baseline.index)) problems.push(`baseline ${baseline.index} appears twice`);
    indexes.add(baseline.index);
  }
  return problems;
}

function periodsInOrder(periods: readonly { from: number; to: number }[]): boolean {
  let end = 0;
  for (const period of periods) {
    if (period.from < end || period.to <= period.from) return false;
    end = period.to;
  }
  return true;
}
