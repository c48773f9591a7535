import {
  CONSTRAINT_TYPES,
  parseWallTime,
  standardCalendar,
  type Baseline,
  type Calendar,
  type Link,
  type LinkType,
  type ScheduleModel,
  type Task,
  type WallTime,
} from '../model.ts';
import { type FileCalendar, foldCalendars, readCalendar } from './calendars.ts';
import { isElapsedUnit } from '../durations.ts';
import { ELAPSED_PERCENT_FORMAT, durationUnitOf, lagFormatOf, parseXsdDuration } from './formats.ts';
import { MspdiError, type Xml, bool, int, lineAt, list, num, obj, parseProject, tagOffsets, text } from './xml.ts';

/** Something in the file that was read with a default, dropped, or turned into the model's terms. */
export type ImportWarningCode =
  | 'noName'
  | 'noDuration'
  | 'badDuration'
  | 'unknownDurationFormat'
  | 'badDate'
  | 'constraintWithoutDate'
  | 'unknownConstraint'
  | 'unknownCalendar'
  | 'outlineJump'
  | 'blankRow'
  | 'externalLink'
  | 'summaryLink'
  | 'selfLink'
  | 'duplicateLink'
  | 'unknownLinkType'
  | 'unknownLagFormat'
  | 'elapsedPercentLag'
  | 'recurringException'
  | 'noCalendar'
  | 'noStartDate';

export interface ImportWarning {
  code: ImportWarningCode;
  message: string;
  line?: number;
  /** The task's UID, when the warning is about one task. */
  taskId?: number;
}

export interface MspdiImport {
  model: ScheduleModel;
  warnings: ImportWarning[];
}

export interface MspdiImportOptions {
  /**
   * The near-critical threshold in working minutes: MSPDI has no such setting, so the caller
   * passes the schedule's own when a file replaces it. Default: one working week of the file.
   */
  nearCriticalMinutes?: number;
}

// MSPDI link Type: 0 FF, 1 FS, 2 SF, 3 SS.
const LINK_TYPE_NUMBERS: readonly LinkType[] = ['FF', 'FS', 'SF', 'SS'];

/** An MSPDI date-time ('2024-03-04T08:00:00', sometimes with fractions or a zone) to wall minutes. */
function wallTime(value: unknown): WallTime | undefined {
  const s = text(value);
  const match = s === undefined ? null : /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?)?/.exec(s);
  if (!match) return undefined;
  const time = parseWallTime(match[0]);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Reads a Microsoft Project XML (MSPDI) file into a schedule: settings, calendars with their
 * base calendars folded in, tasks in outline order, links, assignees and baselines. Unknown
 * elements are ignored; odd values are read with a default and a warning. A file that is not a
 * project, or a link to a task the file lacks, throws an MspdiError naming element and line.
 */
export function importMspdi(xml: string, options: MspdiImportOptions = {}): MspdiImport {
  const source = xml.replace(/^\uFEFF/, '');
  const project = parseProject(source);
  const warnings: ImportWarning[] = [];
  const warn = (code: ImportWarningCode, message: string, line?: number, taskId?: number) =>
    warnings.push({ code, message, ...(line !== undefined ? { line } : {}), ...(taskId !== undefined ? { taskId } : {}) });

  const minutesPerDay = Math.max(1, int(project.MinutesPerDay) ?? 480);
  const minutesPerWeek = Math.max(1, int(project.MinutesPerWeek) ?? 2400);
  const daysPerMonth = Math.max(1, num(project.DaysPerMonth) ?? 20);
  const basis = { minutesPerDay, daysPerMonth };

  // Calendars: resource calendars are kept only when the project or a task uses them.
  const calendarOffsets = tagOffsets(source, 'Calendar');
  const fileCalendars: FileCalendar[] = [];
  list(obj(project.Calendars).Calendar).forEach((element, i) => {
    const calendar = readCalendar(element);
    const line = lineAt(source, calendarOffsets[i] ?? 0);
    if (Number.isNaN(calendar.uid)) throw new MspdiError('badValue', 'Calendar', line, 'A calendar has no UID');
    if (calendar.recurring > 0)
      warn('recurringException', `Calendar “${calendar.name}”: ${calendar.recurring} recurring exception(s) were expanded into single days`, line);
    fileCalendars.push(calendar);
  });
  const folded = foldCalendars(fileCalendars);
  let projectCalendarId = int(project.CalendarUID);
  if (projectCalendarId === undefined || !folded.has(projectCalendarId)) {
    const base = fileCalendars.find((c) => c.isBase) ?? fileCalendars[0];
    if (base) projectCalendarId = base.uid;
    else {
      warn('noCalendar', 'The file has no calendar: the standard calendar (Monday to Friday, 08:00–17:00) is used');
      const standard = standardCalendar(1);
      folded.set(standard.id, standard);
      projectCalendarId = standard.id;
    }
  }
  const usedCalendars = new Set<number>([projectCalendarId]);

  // Tasks, in ID order as MS Project lists them.
  const taskOffsets = tagOffsets(source, 'Task');
  const linkOffsets = tagOffsets(source, 'PredecessorLink');
  const rows = list(obj(project.Tasks).Task).map((element, i) => ({ element, line: lineAt(source, taskOffsets[i] ?? 0), index: i }));
  if (rows.every((r) => int(r.element.ID) !== undefined)) rows.sort((a, b) => (int(a.element.ID) ?? 0) - (int(b.element.ID) ?? 0) || a.index - b.index);

  // PredecessorLinks in document order, to name a broken link's line.
  let linkIndex = 0;
  const linkLines = new Map<Xml, number>();
  for (const { element } of [...rows].sort((a, b) => a.index - b.index)) {
    element.PredecessorLink = list(element.PredecessorLink);
    for (const link of element.PredecessorLink as Xml[]) linkLines.set(link, lineAt(source, linkOffsets[linkIndex++] ?? 0));
  }

  const tasks: Task[] = [];
  const seen = new Map<number, number>();
  const droppedUids = new Set<number>();
  const rawLinks: { link: Xml; to: number; line: number }[] = [];
  const baselineTasks = new Map<number, Baseline['tasks']>();
  let previousLevel = 0;
  for (const { element, line } of rows) {
    const uid = int(element.UID);
    if (uid === undefined) throw new MspdiError('badValue', 'Task', line, 'A task has no UID');
    if (seen.has(uid)) throw new MspdiError('badValue', 'UID', line, `Task UID ${uid} appears twice (first at line ${seen.get(uid)})`);
    seen.set(uid, line);
    const outlineLevel = int(element.OutlineLevel);
    // The project summary task (outline level 0, UID 0) is the project itself, not a row.
    if (outlineLevel === 0 || (uid === 0 && outlineLevel === undefined)) {
      droppedUids.add(uid);
      continue;
    }
    if (bool(element.IsNull)) {
      droppedUids.add(uid);
      warn('blankRow', `Task UID ${uid} is a blank row and was left out`, line, uid);
      continue;
    }
    let level = Math.max(1, outlineLevel ?? 1);
    if (level > previousLevel + 1) {
      warn('outlineJump', `Task UID ${uid}: outline level ${level} follows level ${previousLevel}; read as ${previousLevel + 1}`, line, uid);
      level = previousLevel + 1;
    }
    previousLevel = level;

    const name = text(element.Name) ?? '';
    if (!name) warn('noName', `Task UID ${uid} has no name`, line, uid);

    const format = int(element.DurationFormat);
    let unit = format === undefined ? 'd' : durationUnitOf(format);
    if (!unit) {
      warn('unknownDurationFormat', `Task UID ${uid}: duration format ${format} is read as days`, line, uid);
      unit = 'd';
    }
    const durationText = text(element.Duration);
    let duration = durationText === undefined ? Number.NaN : parseXsdDuration(durationText, basis, isElapsedUnit(unit));
    if (durationText === undefined) {
      // MS Project gives a task without a duration its default: one (estimated) day.
      warn('noDuration', `Task UID ${uid} has no duration; one day is assumed`, line, uid);
      duration = isElapsedUnit(unit) ? 1440 : minutesPerDay;
    } else if (Number.isNaN(duration) || duration < 0) {
      warn('badDuration', `Task UID ${uid}: duration “${durationText}” is not a duration; one day is assumed`, line, uid);
      duration = isElapsedUnit(unit) ? 1440 : minutesPerDay;
    }

    const date = (key: string): WallTime | undefined => {
      const value = wallTime(element[key]);
      if (value === undefined && text(element[key]) !== undefined)
        warn('badDate', `Task UID ${uid}: ${key} “${text(element[key])}” is not a date and was left out`, line, uid);
      return value;
    };

    const constraintNumber = int(element.ConstraintType) ?? 0;
    let constraintType = CONSTRAINT_TYPES[constraintNumber];
    if (!constraintType) {
      warn('unknownConstraint', `Task UID ${uid}: constraint type ${constraintNumber} is read as As Soon As Possible`, line, uid);
      constraintType = 'ASAP';
    }
    const constraintDate = date('ConstraintDate');
    let constraint: Task['constraint'] = { type: constraintType };
    if (constraintType !== 'ASAP' && constraintType !== 'ALAP') {
      if (constraintDate === undefined) {
        warn('constraintWithoutDate', `Task UID ${uid}: a ${constraintType} constraint without a date is read as As Soon As Possible`, line, uid);
        constraint = { type: 'ASAP' };
      } else constraint = { type: constraintType, date: constraintDate };
    }

    let calendarId = int(element.CalendarUID);
    if (calendarId !== undefined && calendarId >= 0 && !folded.has(calendarId)) {
      warn('unknownCalendar', `Task UID ${uid}: calendar ${calendarId} is not in the file; the project calendar is used`, line, uid);
      calendarId = undefined;
    }
    if (calendarId !== undefined && calendarId < 0) calendarId = undefined;
    if (calendarId !== undefined) usedCalendars.add(calendarId);

    const percent = num(element.PercentComplete) ?? 0;
    const task: Task = {
      id: uid,
      name,
      level,
      duration,
      unit,
      milestone: bool(element.Milestone) ?? false,
      constraint,
      percentComplete: Math.min(100, Math.max(0, Math.round(percent))),
      assignees: [],
    };
    const deadline = date('Deadline');
    if (deadline !== undefined) task.deadline = deadline;
    if (calendarId !== undefined) task.calendarId = calendarId;
    const actualStart = date('ActualStart');
    if (actualStart !== undefined) task.actualStart = actualStart;
    const actualFinish = date('ActualFinish');
    if (actualFinish !== undefined) task.actualFinish = actualFinish;
    const notes = text(element.Notes);
    if (notes !== undefined) task.notes = notes;
    const start = date('Start');
    if (start !== undefined) task.start = start;
    const finish = date('Finish');
    if (finish !== undefined) task.finish = finish;
    tasks.push(task);

    for (const link of element.PredecessorLink as Xml[]) rawLinks.push({ link, to: uid, line: linkLines.get(link) ?? line });
    for (const baseline of list(element.Baseline)) {
      const index = int(baseline.Number) ?? 0;
      const bStart = wallTime(baseline.Start);
      const bFinish = wallTime(baseline.Finish);
      if (index < 0 || index > 10 || bStart === undefined || bFinish === undefined) continue;
      const bDuration = text(baseline.Duration);
      const minutes = bDuration === undefined ? 0 : parseXsdDuration(bDuration, basis);
      const record = baselineTasks.get(index) ?? {};
      record[uid] = { start: bStart, finish: bFinish, duration: Number.isNaN(minutes) ? 0 : minutes };
      baselineTasks.set(index, record);
    }
  }

  const taskIds = new Set(tasks.map((t) => t.id));
  const links: Link[] = [];
  const linkKeys = new Set<string>();
  for (const { link, to, line } of rawLinks) {
    const from = int(link.PredecessorUID);
    if (from === undefined) throw new MspdiError('badValue', 'PredecessorUID', line, `A predecessor link of task UID ${to} names no task`);
    if (bool(link.CrossProject)) {
      warn('externalLink', `Task UID ${to}: a link to a task in another project (${text(link.CrossProjectName) ?? 'unnamed'}) was left out`, line, to);
      continue;
    }
    if (droppedUids.has(from)) {
      warn('summaryLink', `Task UID ${to}: a link from the project summary or a blank row was left out`, line, to);
      continue;
    }
    if (!taskIds.has(from)) throw new MspdiError('missingTask', 'PredecessorLink', line, `Task UID ${to} links from task UID ${from}, which the file does not have`);
    if (from === to) {
      warn('selfLink', `Task UID ${to} links to itself; the link was left out`, line, to);
      continue;
    }
    const typeNumber = int(link.Type) ?? 1;
    let type = LINK_TYPE_NUMBERS[typeNumber];
    if (!type) {
      warn('unknownLinkType', `Task UID ${to}: link type ${typeNumber} is read as finish-to-start`, line, to);
      type = 'FS';
    }
    const lagNumber = int(link.LagFormat) ?? 7;
    let lagFormat = lagFormatOf(lagNumber);
    if (!lagFormat) {
      warn('unknownLagFormat', `Task UID ${to}: lag format ${lagNumber} is read as working time`, line, to);
      lagFormat = 'work';
    }
    if (lagNumber === ELAPSED_PERCENT_FORMAT) warn('elapsedPercentLag', `Task UID ${to}: an elapsed percent lag is read as a percent of the predecessor's duration`, line, to);
    const linkLag = num(link.LinkLag) ?? 0;
    // LinkLag is in tenths of a minute, except for percent lags where it is the percentage.
    // `|| 0`: a lead rounded to nothing is no lag, not -0.
    const lag = (lagFormat === 'percent' ? Math.round(linkLag) : Math.round(linkLag / 10)) || 0;
    const key = `${from}>${to}`;
    if (linkKeys.has(key)) {
      warn('duplicateLink', `Task UID ${to} is linked from task UID ${from} twice; the first link is kept`, line, to);
      continue;
    }
    linkKeys.add(key);
    links.push({ from, to, type, lag, lagFormat });
  }

  // Assignees by resource name, in the file's assignment order.
  const resources = new Map<number, string>();
  for (const resource of list(obj(project.Resources).Resource)) {
    const uid = int(resource.UID);
    const name = text(resource.Name);
    if (uid !== undefined && name) resources.set(uid, name);
  }
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const assignment of list(obj(project.Assignments).Assignment)) {
    const task = byId.get(int(assignment.TaskUID) ?? Number.NaN);
    const name = resources.get(int(assignment.ResourceUID) ?? Number.NaN);
    if (task && name && !task.assignees.includes(name)) task.assignees.push(name);
  }

  let start = wallTime(project.StartDate);
  if (start === undefined) {
    const starts = tasks.map((t) => t.start).filter((s): s is number => s !== undefined);
    start = starts.length > 0 ? Math.min(...starts) : 0;
    warn('noStartDate', 'The file states no project start date; the earliest task start is used');
  }
  const statusDate = wallTime(project.StatusDate);
  const savedAt = text(project.LastSaved) ?? text(project.CreationDate) ?? '';
  const calendars: Calendar[] = [...folded.values()].filter((c) => usedCalendars.has(c.id) || fileCalendars.find((f) => f.uid === c.id)?.isBase !== false);
  const baselines: Baseline[] = [...baselineTasks.entries()].sort(([a], [b]) => a - b).map(([index, record]) => ({ index, savedAt, tasks: record }));

  return {
    model: {
      settings: {
        start,
        ...(statusDate !== undefined ? { statusDate } : {}),
        calendarId: projectCalendarId,
        minutesPerDay,
        minutesPerWeek,
        daysPerMonth,
        nearCriticalMinutes: options.nearCriticalMinutes ?? minutesPerWeek,
      },
      calendars,
      tasks,
      links,
      baselines,
    },
    warnings,
  };
}
