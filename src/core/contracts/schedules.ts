import type { ChangeCounts, ScheduleChange, ScheduleChangeProblem } from '../schedule/changes.ts';
import { SCHEDULE_CHANGES_MAX, scheduleChangeSchema } from '../schedule/changes.ts';
import { TEXT_LANGUAGES } from '../local-text.ts';
import { BASELINE_COUNT, type ScheduleModel, type Task, type WallTime } from '../schedule/model.ts';
import type { ScheduledTask } from '../schedule/engine.ts';
import { scheduleNameSchema } from '../schedule/schema.ts';
import { ALLPLAN_PREFIX, idSchema, revisionSchema, strictObject, type Validated } from './common.ts';

/**
 * Schedules (`/gantt-list`, `/gantt/:id`, `/publicSchedule`): per workspace, each a
 * ScheduleModel (src/core/schedule/model.ts) kept with a revision. A save sends changes
 * (src/core/schedule/changes.ts) against the revision the editor loaded; a stale one answers
 * 409 naming who saved since. Every write is in the schedule's history; saves are pushed to the
 * workspace's open editors. A public link shows one schedule read-only to anyone holding it.
 */
export const SCHEDULE_PREFIX = `${ALLPLAN_PREFIX}/schedule`;

export const SCHEDULE_PATHS = {
  /** POST ScheduleListBody → ScheduleListResult */
  list: `${SCHEDULE_PREFIX}/list`,
  /** GET ?id → ScheduleDetail */
  get: `${SCHEDULE_PREFIX}/get`,
  /** POST ScheduleCreateBody → ScheduleSummary (schedule:edit) */
  create: `${SCHEDULE_PREFIX}/create`,
  /** POST ScheduleImportBody → ScheduleImported (schedule:edit; 400 naming the element and line of a broken file) */
  importMspdi: `${SCHEDULE_PREFIX}/import/mspdi`,
  /** GET ?id → the schedule as MS Project XML (a download) */
  exportMspdi: `${SCHEDULE_PREFIX}/export/mspdi`,
  /** POST ScheduleImportXlsxBody → ScheduleImported (schedule:edit; 400 naming the sheet, row and column of a bad cell) */
  importXlsx: `${SCHEDULE_PREFIX}/import/xlsx`,
  /** GET ?id → the schedule's task table as an .xlsx workbook (a download) */
  exportXlsx: `${SCHEDULE_PREFIX}/export/xlsx`,
  /** POST SchedulePrintBody → the schedule printed as a PDF, one page per sheet of rows (a download) */
  exportPdf: `${SCHEDULE_PREFIX}/export/pdf`,
  /** POST SchedulePrintBody → the schedule printed as one PNG picture, at most SCHEDULE_PNG_MAX_PX a side (a download) */
  exportPng: `${SCHEDULE_PREFIX}/export/png`,
  /** POST ScheduleCopyBody → ScheduleSummary (schedule:edit) */
  copy: `${SCHEDULE_PREFIX}/copy`,
  /** POST ScheduleRenameBody → ScheduleSummary (schedule:edit) */
  rename: `${SCHEDULE_PREFIX}/rename`,
  /** POST ScheduleArchiveBody → ScheduleSummary (schedule:manage) */
  archive: `${SCHEDULE_PREFIX}/archive`,
  /** POST { id } → — (schedule:manage) */
  delete: `${SCHEDULE_PREFIX}/delete`,
  /** POST ScheduleSaveBody → ScheduleSaved (schedule:edit; 409 stale, 400 change refused) */
  save: `${SCHEDULE_PREFIX}/save`,
  /** GET ?id → ScheduleHistoryEntry[] (newest first) */
  history: `${SCHEDULE_PREFIX}/history`,
  /** GET ?id → ScheduleShare[] (schedule:manage) */
  shareList: `${SCHEDULE_PREFIX}/share/list`,
  /** POST ScheduleShareCreateBody → ScheduleShareCreated (schedule:manage) */
  shareCreate: `${SCHEDULE_PREFIX}/share/create`,
  /** POST { id } → — (schedule:manage) */
  shareRevoke: `${SCHEDULE_PREFIX}/share/revoke`,
  /** GET ?token → PublicSchedule, signed out; 404 for a revoked, expired or unknown link */
  publicGet: `${SCHEDULE_PREFIX}/public`,
} as const;

/** Function points (menu BUTTON codes); viewing needs membership of the workspace only. */
export const SCHEDULE_POINTS = {
  /** Create, copy, rename schedules and save changes to them (tasks, links, calendars, baselines). */
  edit: 'schedule:edit',
  /** Archive, restore and delete schedules; make and revoke their public links. */
  manage: 'schedule:manage',
} as const;
export type SchedulePoint = (typeof SCHEDULE_POINTS)[keyof typeof SCHEDULE_POINTS];

/** The event pushed to a workspace's open streams when a schedule changes. */
export const SCHEDULE_EVENT = 'schedule';

export const SCHEDULE_STATUSES = ['active', 'archived'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** What a history entry tells of. */
export const SCHEDULE_ACTIONS = ['create', 'copy', 'save', 'rename', 'archive', 'unarchive'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** Columns a public link may hide (the task's name, dates and bars always show). */
export const SCHEDULE_SHARE_COLUMNS = ['duration', 'percentComplete', 'assignees', 'notes', 'float', 'baselines', 'fields'] as const;
export type ScheduleShareColumn = (typeof SCHEDULE_SHARE_COLUMNS)[number];

/** Why a write was refused; the browser shows `schedules:problem.<code>`. */
export const SCHEDULE_PROBLEM_CODES = [
  /** Someone saved since the editor loaded (409; `params.by`, `params.at`, `params.counts`). */
  'stale',
  /** An archived schedule is read-only until restored. 409 */
  'archived',
  /** The file is not MS Project XML, or cannot be read (`params.element`, `params.line`). 400 */
  'badFile',
  /** A cell of a task sheet cannot be read (`params.sheet`, `params.row`, `params.column` its letter, `params.reason`). 400 */
  'badCell',
  /** The file reads, but into a schedule past the limits or unsound (`params.reason`). 400 */
  'badModel',
  /** The links would run in a loop (`params.taskIds`; the message names the tasks). 400 */
  'loop',
  /** A change could not be applied (`params.change` its position, `params.reason` a ScheduleChangeProblem). 400 */
  'changeRefused',
  /** A print's date range ends before it starts (`params.from`, `params.to`). 400 */
  'badRange',
] as const;
export type ScheduleProblemCode = (typeof SCHEDULE_PROBLEM_CODES)[number];

export const SCHEDULE_PAGE_MAX = 200;
export const SCHEDULE_SHARES_MAX = 50;

const workspaceCodeSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const shareTokenSchema = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

// ---- what the server answers ----

export interface SchedulePerson {
  id: number;
  name: string;
}

/** One row of the list. */
export interface ScheduleSummary {
  id: number;
  workspaceCode: string;
  name: string;
  status: ScheduleStatus;
  owner: SchedulePerson | null;
  revision: number;
  taskCount: number;
  /** Scheduled start and finish of the whole schedule, wall minutes; null when it has no tasks. */
  start: WallTime | null;
  finish: WallTime | null;
  /** Percent complete, weighted by duration. */
  progress: number;
  createTime: string;
  updateTime: string;
  updatedBy: SchedulePerson | null;
}

export interface ScheduleListResult {
  rows: ScheduleSummary[];
  total: number;
}

/** A task's dates as the engine scheduled them: the part of its result the wire carries. */
export type ScheduledTaskDates = Pick<
  ScheduledTask,
  'id' | 'wbs' | 'summary' | 'milestone' | 'start' | 'finish' | 'duration' | 'totalFloat' | 'freeFloat' | 'critical' | 'nearCritical'
>;

export interface ScheduleDetail extends ScheduleSummary {
  model: ScheduleModel;
  /** The engine's dates of every task, in outline order, as the editor computes them too. */
  scheduled: ScheduledTaskDates[];
  /** What the caller may do to it. */
  canEdit: boolean;
  canManage: boolean;
}

export interface ScheduleSaved {
  revision: number;
  summary: ScheduleSummary;
}

/** The 409 of a stale save: who saved since, when, and what. */
export interface ScheduleStaleParams {
  by: string | null;
  at: string;
  revision: number;
  counts: ChangeCounts;
}

export interface ScheduleHistoryEntry {
  id: number;
  action: ScheduleAction;
  /** The revision the entry left the schedule at. */
  revision: number;
  user: SchedulePerson | null;
  time: string;
  /** For saves: how many changes of each kind. */
  counts: ChangeCounts;
  /** For renames: the name before and after. */
  note: string | null;
}

export interface ScheduleShare {
  id: number;
  /** The token's first characters, to tell links apart (the whole token is shown once, at creation). */
  hint: string;
  expiresAt: string | null;
  hiddenColumns: ScheduleShareColumn[];
  revoked: boolean;
  createdBy: SchedulePerson | null;
  createTime: string;
}

export interface ScheduleShareCreated extends ScheduleShare {
  token: string;
}

/** A task as a public link shows it: the hidden columns left out. */
export type PublicTask = Omit<Task, 'percentComplete' | 'assignees' | 'notes' | 'fields' | 'duration'> &
  Partial<Pick<Task, 'percentComplete' | 'assignees' | 'notes' | 'fields' | 'duration'>>;

/** The engine's dates as a public link shows them: without the duration or floats it hides. */
export type PublicScheduledDates = Omit<ScheduledTaskDates, 'duration' | 'totalFloat' | 'freeFloat'> &
  Partial<Pick<ScheduledTaskDates, 'duration' | 'totalFloat' | 'freeFloat'>>;

export interface PublicSchedule {
  name: string;
  hiddenColumns: ScheduleShareColumn[];
  model: Omit<ScheduleModel, 'tasks'> & { tasks: PublicTask[] };
  /** Scheduled by the server from the whole model: a link hiding durations leaves the browser none to run the engine on. */
  scheduled: PublicScheduledDates[];
}

// ---- requests ----

export const scheduleIdQuery = strictObject({ id: idSchema }, ['id']);
export const scheduleIdBody = strictObject({ id: idSchema }, ['id']);
export type ScheduleIdQuery = Validated<typeof scheduleIdQuery>;

export const scheduleListBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    status: { enum: [...SCHEDULE_STATUSES, 'all'], default: 'active' },
    /** Part of the name, any case. */
    search: { type: 'string', maxLength: 100, default: '' },
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: SCHEDULE_PAGE_MAX, default: 50 },
  },
  ['workspaceCode'],
);
export type ScheduleListBody = Validated<typeof scheduleListBody>;

/** An empty schedule starting on `start` (wall minutes; today when absent). */
export const scheduleCreateBody = strictObject(
  { workspaceCode: workspaceCodeSchema, name: scheduleNameSchema, start: { type: 'integer', minimum: 0, maximum: 120_000_000 } },
  ['workspaceCode', 'name'],
);
export type ScheduleCreateBody = Validated<typeof scheduleCreateBody>;

/** Characters of an MS Project XML file one import may carry (the browser sends the file's text). */
export const SCHEDULE_IMPORT_MAX = 30_000_000;

export const scheduleImportBody = strictObject(
  { workspaceCode: workspaceCodeSchema, name: scheduleNameSchema, xml: { type: 'string', minLength: 1, maxLength: SCHEDULE_IMPORT_MAX } },
  ['workspaceCode', 'name', 'xml'],
);
export type ScheduleImportBody = Validated<typeof scheduleImportBody>;

/** Bytes of an .xlsx task sheet one import may carry (sent as base64 text). */
export const SCHEDULE_XLSX_IMPORT_MAX = 10 * 1024 * 1024;

export const scheduleImportXlsxBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    name: scheduleNameSchema,
    /** The workbook's bytes, base64. */
    file: { type: 'string', minLength: 1, maxLength: Math.ceil(SCHEDULE_XLSX_IMPORT_MAX / 3) * 4, pattern: '^[A-Za-z0-9+/]+=*$' },
  },
  ['workspaceCode', 'name', 'file'],
);
export type ScheduleImportXlsxBody = Validated<typeof scheduleImportXlsxBody>;

/** A schedule made from a file, and what was read with a default or left out. */
export interface ScheduleImported {
  summary: ScheduleSummary;
  warnings: { code: string; message: string; line?: number; taskId?: number }[];
}

export const scheduleCopyBody = strictObject({ id: idSchema, name: scheduleNameSchema }, ['id', 'name']);
export type ScheduleCopyBody = Validated<typeof scheduleCopyBody>;

export const scheduleRenameBody = strictObject({ id: idSchema, name: scheduleNameSchema }, ['id', 'name']);
export type ScheduleRenameBody = Validated<typeof scheduleRenameBody>;

export const scheduleArchiveBody = strictObject({ id: idSchema, archived: { type: 'boolean' } }, ['id', 'archived']);
export type ScheduleArchiveBody = Validated<typeof scheduleArchiveBody>;

export const scheduleSaveBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idSchema,
    baseRevision: revisionSchema,
    changes: { type: 'array', items: scheduleChangeSchema, minItems: 1, maxItems: SCHEDULE_CHANGES_MAX },
  },
  required: ['id', 'baseRevision', 'changes'],
} as const;
export interface ScheduleSaveBody {
  id: number;
  baseRevision: number;
  changes: ScheduleChange[];
}

export const scheduleShareCreateBody = strictObject(
  {
    id: idSchema,
    /** ISO time the link stops working; none: until revoked. */
    expiresAt: { type: ['string', 'null'], format: 'date-time', default: null },
    hiddenColumns: { type: 'array', items: { enum: [...SCHEDULE_SHARE_COLUMNS] }, uniqueItems: true, default: [] },
  },
  ['id'],
);
export type ScheduleShareCreateBody = Validated<typeof scheduleShareCreateBody>;

export const schedulePublicQuery = strictObject({ token: shareTokenSchema }, ['token']);
export type SchedulePublicQuery = Validated<typeof schedulePublicQuery>;

/** The 400 of a refused change. */
export interface ScheduleChangeRefusedParams {
  change: number;
  reason: ScheduleChangeProblem;
}

// ---- printing (PDF and PNG) ----

/** Paper sizes a schedule prints on, portrait width × height in PDF points (1/72 in); Tabloid turned is Ledger. */
export const SCHEDULE_PAPER_SIZES = ['A4', 'A3', 'A2', 'A1', 'A0', 'Letter', 'Tabloid'] as const;
export type SchedulePaper = (typeof SCHEDULE_PAPER_SIZES)[number];
export const SCHEDULE_PAPER: Record<SchedulePaper, readonly [number, number]> = {
  A4: [595.28, 841.89],
  A3: [841.89, 1190.55],
  A2: [1190.55, 1683.78],
  A1: [1683.78, 2383.94],
  A0: [2383.94, 3370.39],
  Letter: [612, 792],
  Tabloid: [792, 1224],
};

export const SCHEDULE_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type ScheduleOrientation = (typeof SCHEDULE_ORIENTATIONS)[number];

/** The longest side of a printed PNG, in pixels: a taller schedule is drawn smaller, then cut with a note (the PDF has every row). */
export const SCHEDULE_PNG_MAX_PX = 16_384;

const printDaySchema = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/**
 * A schedule printed as MS Project's "Print": the tasks crossing a date range (both days
 * included; from the schedule's start and to its finish when absent) on a paper size, a
 * baseline drawn under the bars when one is named, in the reader's language and time zone
 * (today's line and the printed date).
 */
export const schedulePrintBody = strictObject(
  {
    id: idSchema,
    from: printDaySchema,
    to: printDaySchema,
    paper: { enum: [...SCHEDULE_PAPER_SIZES], default: 'A4' },
    orientation: { enum: [...SCHEDULE_ORIENTATIONS], default: 'landscape' },
    /** A saved baseline's index (0 "Baseline", 1–10 "Baseline 1"…). */
    baseline: { type: 'integer', minimum: 0, maximum: BASELINE_COUNT - 1 },
    language: { enum: [...TEXT_LANGUAGES], default: 'en' },
    /** The reader's IANA time zone; UTC when absent or unknown. */
    timeZone: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' },
  },
  ['id'],
);
export type SchedulePrintBody = Validated<typeof schedulePrintBody>;

/** The rule the schema cannot say: a range that ends before it starts is refused ('badRange'). */
export function printRangeProblem(range: { from?: string; to?: string }): 'badRange' | null {
  return range.from !== undefined && range.to !== undefined && range.from > range.to ? 'badRange' : null;
}
