import { formatDurationShort, isElapsedUnit, parseDuration, toMinutes, type DurationSettings } from '../durations.ts';
import { LINK_TYPES, type Link, type LinkType, type ScheduleModel, type Task, type WallTime } from '../model.ts';
import { outlineNumbers, predecessorsText } from '../outline.ts';

/**
 * The task table a spreadsheet exchanges: one row per task in outline order, as MS Project's
 * Entry table shows it. Predecessors name rows by their ID (the 1-based row number) as
 * "3", "3SS", "3FS+2d", "5FF-1ed", "4SS+50%".
 */
export const TASK_TABLE_COLUMNS = ['id', 'uid', 'wbs', 'name', 'duration', 'start', 'finish', 'predecessors', 'percentComplete', 'assignees'] as const;
export type TaskTableColumn = (typeof TASK_TABLE_COLUMNS)[number];

export interface TaskTableRow {
  /** The row's ID: its 1-based position, which predecessors refer to. */
  id: number;
  /** The task's stable id (MSPDI UID); blank for a row typed into the sheet. */
  uid?: number;
  /** Outline number ("1.2.3"): its depth is the row's level. */
  wbs: string;
  name: string;
  /** "3d", "2.5h", "5ed". */
  duration: string;
  start?: WallTime;
  finish?: WallTime;
  predecessors: string;
  percentComplete: number;
  /** Names, separated by commas. */
  assignees: string;
}

export type TaskTableProblemCode = 'badDuration' | 'badPredecessor' | 'unknownRow' | 'badWbs' | 'duplicateUid';

export interface TaskTableProblem {
  code: TaskTableProblemCode;
  /** The row's ID. */
  row: number;
  column: TaskTableColumn;
  message: string;
}

/** The table of a schedule; with a result, the scheduled dates. */
export function taskTableOf(model: ScheduleModel, result?: { tasks: ReadonlyMap<number, { start: WallTime; finish: WallTime }> }): TaskTableRow[] {
  const numbers = outlineNumbers(model.tasks);
  const rowIdOf = new Map(model.tasks.map((t, i) => [t.id, i + 1]));
  const incoming = new Map<number, Link[]>();
  for (const link of model.links) incoming.set(link.to, [...(incoming.get(link.to) ?? []), link]);
  return model.tasks.map((task, i) => {
    const start = result?.tasks.get(task.id)?.start ?? task.start;
    const finish = result?.tasks.get(task.id)?.finish ?? task.finish;
    return {
      id: i + 1,
      uid: task.id,
      wbs: numbers[i]!,
      name: task.name,
      duration: formatDurationShort(task.duration, task.unit, model.settings),
      ...(start !== undefined ? { start } : {}),
      ...(finish !== undefined ? { finish } : {}),
      predecessors: predecessorsText(incoming.get(task.id) ?? [], (id) => rowIdOf.get(id), model.settings),
      percentComplete: task.percentComplete,
      assignees: task.assignees.join(', '),
    };
  });
}

const PREDECESSOR = /(\d+)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+(?:[.,]\d+)?)\s*(%|[a-z]*))?\s*(?=[,;]|$)/iy;

/**
 * The items of a predecessors cell. Items are separated by commas or semicolons ("3,5" is rows 3
 * and 5, as MS Project writes it); a comma inside a lag is a decimal comma ("3FS+1,5d").
 */
function predecessorItems(cell: string): { item: string; match: RegExpExecArray | null }[] {
  const items: { item: string; match: RegExpExecArray | null }[] = [];
  let at = 0;
  while (at < cell.length) {
    while (at < cell.length && /[\s,;]/.test(cell[at]!)) at++;
    if (at >= cell.length) break;
    PREDECESSOR.lastIndex = at;
    const match = PREDECESSOR.exec(cell);
    const end = match ? PREDECESSOR.lastIndex : cell.slice(at).search(/[,;]|$/) + at;
    items.push({ item: cell.slice(at, end).trim(), match });
    at = end;
  }
  return items;
}

/**
 * Tasks and links from a table's rows. A row without a UID gets a new id; a cell that cannot be
 * read is reported with its row and column and read with a default (one day, no link).
 */
export function tasksFromTable(rows: readonly TaskTableRow[], settings: DurationSettings): { tasks: Task[]; links: Link[]; problems: TaskTableProblem[] } {
  const problems: TaskTableProblem[] = [];
  const problem = (code: TaskTableProblemCode, row: number, column: TaskTableColumn, message: string) => problems.push({ code, row, column, message });
  const used = new Set<number>();
  let nextId = Math.max(0, ...rows.map((r) => r.uid ?? 0)) + 1;
  const tasks: Task[] = [];
  const idOfRow = new Map<number, number>();
  let previousLevel = 0;
  for (const row of rows) {
    let id = row.uid;
    if (id !== undefined && used.has(id)) {
      problem('duplicateUid', row.id, 'uid', `UID ${id} is used by an earlier row; the row gets a new one`);
      id = undefined;
    }
    id ??= nextId++;
    used.add(id);
    idOfRow.set(row.id, id);
    let level = row.wbs.trim() === '' ? 1 : row.wbs.trim().split('.').length;
    if (level > previousLevel + 1) {
      problem('badWbs', row.id, 'wbs', `“${row.wbs}” is deeper than the row above allows; read as level ${previousLevel + 1}`);
      level = previousLevel + 1;
    }
    previousLevel = level;
    const parsed = parseDuration(row.duration, settings);
    if (!parsed.ok) problem('badDuration', row.id, 'duration', `${parsed.message}; one day is assumed`);
    const duration = parsed.ok ? parsed.minutes : settings.minutesPerDay;
    const task: Task = {
      id,
      name: row.name.trim(),
      level,
      duration,
      unit: parsed.ok ? parsed.unit : 'd',
      milestone: duration === 0,
      constraint: { type: 'ASAP' },
      percentComplete: Math.min(100, Math.max(0, Math.round(row.percentComplete))),
      assignees: [
        ...new Set(
          row.assignees
            .split(/[,;]/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
    };
    if (row.start !== undefined) task.start = row.start;
    if (row.finish !== undefined) task.finish = row.finish;
    tasks.push(task);
  }
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const to = idOfRow.get(row.id)!;
    for (const { item, match } of predecessorItems(row.predecessors)) {
      if (!match) {
        problem('badPredecessor', row.id, 'predecessors', `“${item}” is not a predecessor such as 3, 3SS or 3FS+2d`);
        continue;
      }
      const [, rowText, typeText, sign, amount, unitText] = match;
      const from = idOfRow.get(Number(rowText));
      if (from === undefined || from === to) {
        problem('unknownRow', row.id, 'predecessors', `“${item}” names row ${rowText}, which ${from === to ? 'is this row' : 'the sheet does not have'}`);
        continue;
      }
      const type = (typeText?.toUpperCase() ?? 'FS') as LinkType;
      let lag = 0;
      let lagFormat: Link['lagFormat'] = 'work';
      if (amount !== undefined) {
        const value = Number(amount.replace(',', '.')) * (sign === '-' ? -1 : 1);
        if (unitText === '%') {
          lagFormat = 'percent';
          lag = Math.round(value) || 0; // never -0: a zero lag is one value
        } else {
          const unit = parseDuration(`1${unitText ?? ''}`, settings);
          if (!unit.ok) {
            problem('badPredecessor', row.id, 'predecessors', `“${item}”: ${unit.message}`);
            continue;
          }
          lagFormat = isElapsedUnit(unit.unit) ? 'elapsed' : 'work';
          lag = toMinutes(value, unit.unit, settings) || 0;
        }
      }
      if (!LINK_TYPES.includes(type) || seen.has(`${from}>${to}`)) continue;
      seen.add(`${from}>${to}`);
      links.push({ from, to, type, lag, lagFormat });
    }
  }
  return { tasks, links, problems };
}
