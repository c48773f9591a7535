import { CONSTRAINT_TYPES, formatWallTime, type Calendar, type LinkType, type ScheduleModel, type WallTime, type WorkingPeriod } from '../model.ts';
import { durationFormatOf, formatXsdDuration, lagFormatNumber } from './formats.ts';
import { escapeXml } from './xml.ts';
import { outlineNumbers } from '../outline.ts';
import type { ScheduledTask } from '../engine.ts';

/** The part of the engine's ScheduleResult a file carries: each task's dates, floats and criticality. */
export interface ScheduledDates {
  tasks: ReadonlyMap<
    number,
    Pick<ScheduledTask, 'start' | 'finish' | 'earlyStart' | 'earlyFinish' | 'lateStart' | 'lateFinish' | 'totalFloat' | 'freeFloat' | 'critical'>
  >;
  finish: WallTime;
}

export interface MspdiExportOptions {
  /** The project's name (Project Name and Title). */
  name?: string;
}

const LINK_TYPE_NUMBER: Record<LinkType, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };

// Characters XML 1.0 cannot carry at all; MS Project refuses a file holding one.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const clockText = (minutes: number): string =>
  minutes >= 1440 ? '00:00:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

class XmlWriter {
  private readonly lines: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  private depth = 0;

  open(name: string, attributes = ''): void {
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${attributes}>`);
    this.depth++;
  }

  close(name: string): void {
    this.depth--;
    this.lines.push(`${'  '.repeat(this.depth)}</${name}>`);
  }

  value(name: string, value: string | number | boolean | undefined): void {
    if (value === undefined) return;
    const s = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    this.lines.push(`${'  '.repeat(this.depth)}<${name}>${escapeXml(s.replace(NOT_XML, ''))}</${name}>`);
  }

  date(name: string, time: number | undefined): void {
    if (time !== undefined) this.value(name, formatWallTime(time));
  }

  toString(): string {
    return `${this.lines.join('\r\n')}\r\n`;
  }
}

function writeWorkingTimes(w: XmlWriter, periods: readonly WorkingPeriod[]): void {
  if (periods.length === 0) return;
  w.open('WorkingTimes');
  for (const period of periods) {
    w.open('WorkingTime');
    w.value('FromTime', clockText(period.from));
    w.value('ToTime', clockText(period.to));
    w.close('WorkingTime');
  }
  w.close('WorkingTimes');
}

/** A calendar complete in itself: a base calendar with its seven days and its exceptions (2007+ form). */
function writeCalendar(w: XmlWriter, calendar: Calendar): void {
  w.open('Calendar');
  w.value('UID', calendar.id);
  w.value('Name', calendar.name);
  w.value('IsBaseCalendar', true);
  w.value('IsBaselineCalendar', false);
  w.value('BaseCalendarUID', -1);
  w.open('WeekDays');
  calendar.week.forEach((periods, day) => {
    w.open('WeekDay');
    w.value('DayType', day + 1);
    w.value('DayWorking', periods.length > 0);
    writeWorkingTimes(w, periods);
    w.close('WeekDay');
  });
  w.close('WeekDays');
  if (calendar.exceptions.length > 0) {
    w.open('Exceptions');
    for (const exception of calendar.exceptions) {
      const days = Math.round((Date.parse(exception.to) - Date.parse(exception.from)) / 86_400_000) + 1;
      w.open('Exception');
      w.value('EnteredByOccurrences', false);
      w.open('TimePeriod');
      w.value('FromDate', `${exception.from}T00:00:00`);
      w.value('ToDate', `${exception.to}T23:59:00`);
      w.close('TimePeriod');
      w.value('Occurrences', days);
      w.value('Name', exception.name);
      w.value('Type', 1);
      w.value('Period', 1);
      w.value('DayWorking', exception.periods.length > 0);
      writeWorkingTimes(w, exception.periods);
      w.close('Exception');
    }
    w.close('Exceptions');
  }
  w.close('Calendar');
}

/**
 * Writes a schedule as Microsoft Project XML (MSPDI) that Project 2013 and later open: settings,
 * calendars as base calendars, tasks with outline, durations, constraints, progress, links,
 * baselines, and assignees as work resources. With a schedule result the tasks carry its dates
 * and floats; without one, the dates last stored on the tasks. Reading the file back with
 * importMspdi gives the same schedule.
 */
export function exportMspdi(model: ScheduleModel, result?: ScheduledDates, options: MspdiExportOptions = {}): string {
  const { settings, tasks } = model;
  const w = new XmlWriter();
  const numbers = outlineNumbers(tasks);
  const starts = tasks.map((t) => result?.tasks.get(t.id)?.start ?? t.start).filter((s): s is number => s !== undefined);
  const finishes = tasks.map((t) => result?.tasks.get(t.id)?.finish ?? t.finish).filter((s): s is number => s !== undefined);
  const finish = result?.finish ?? (finishes.length > 0 ? Math.max(...finishes) : settings.start);

  w.open('Project', ' xmlns="http://schemas.microsoft.com/project"');
  w.value('SaveVersion', 14);
  if (options.name) {
    w.value('Name', `${options.name}.xml`);
    w.value('Title', options.name);
  }
  w.value('ScheduleFromStart', true);
  w.date('StartDate', settings.start);
  w.date('FinishDate', Math.max(finish, starts.length > 0 ? Math.min(...starts) : settings.start));
  w.value('CalendarUID', settings.calendarId);
  w.value('DefaultStartTime', '08:00:00');
  w.value('DefaultFinishTime', '17:00:00');
  w.value('MinutesPerDay', settings.minutesPerDay);
  w.value('MinutesPerWeek', settings.minutesPerWeek);
  w.value('DaysPerMonth', settings.daysPerMonth);
  // Fixed duration, not effort driven: the durations are what the schedule states.
  w.value('DefaultTaskType', 1);
  w.value('HonorConstraints', true);
  w.value('NewTasksEffortDriven', false);
  w.date('StatusDate', settings.statusDate);
  w.value('NewTasksAreManual', false);

  w.open('Calendars');
  for (const calendar of model.calendars) writeCalendar(w, calendar);
  w.close('Calendars');

  const predecessors = new Map<number, ScheduleModel['links']>();
  for (const link of model.links) predecessors.set(link.to, [...(predecessors.get(link.to) ?? []), link]);
  const baselines = [...model.baselines].sort((a, b) => a.index - b.index);

  w.open('Tasks');
  tasks.forEach((task, i) => {
    const scheduled = result?.tasks.get(task.id);
    const summary = (tasks[i + 1]?.level ?? 0) > task.level;
    w.open('Task');
    w.value('UID', task.id);
    w.value('ID', i + 1);
    if (task.name) w.value('Name', task.name);
    w.value('Active', true);
    w.value('Manual', false);
    w.value('Type', 1);
    w.value('IsNull', false);
    w.value('WBS', numbers[i]);
    w.value('OutlineNumber', numbers[i]);
    w.value('OutlineLevel', task.level);
    w.value('Priority', 500);
    w.date('Start', scheduled?.start ?? task.start);
    w.date('Finish', scheduled?.finish ?? task.finish);
    w.value('Duration', formatXsdDuration(task.duration));
    w.value('DurationFormat', durationFormatOf(task.unit));
    w.value('EffortDriven', false);
    w.value('Recurring', false);
    w.value('Estimated', false);
    w.value('Milestone', task.milestone);
    w.value('Summary', summary);
    if (scheduled) {
      w.value('Critical', scheduled.critical);
      w.date('EarlyStart', scheduled.earlyStart);
      w.date('EarlyFinish', scheduled.earlyFinish);
      w.date('LateStart', scheduled.lateStart);
      w.date('LateFinish', scheduled.lateFinish);
      // Slack is in tenths of a minute.
      w.value('FreeSlack', Math.round(scheduled.freeFloat * 10));
      w.value('TotalSlack', Math.round(scheduled.totalFloat * 10));
    }
    w.value('PercentComplete', task.percentComplete);
    w.date('ActualStart', task.actualStart);
    w.date('ActualFinish', task.actualFinish);
    w.value('ConstraintType', CONSTRAINT_TYPES.indexOf(task.constraint.type));
    w.value('CalendarUID', task.calendarId ?? -1);
    w.date('ConstraintDate', task.constraint.type === 'ASAP' || task.constraint.type === 'ALAP' ? undefined : task.constraint.date);
    w.date('Deadline', task.deadline);
    w.value('Notes', task.notes);
    for (const link of predecessors.get(task.id) ?? []) {
      w.open('PredecessorLink');
      w.value('PredecessorUID', link.from);
      w.value('Type', LINK_TYPE_NUMBER[link.type]);
      w.value('CrossProject', false);
      // Tenths of a minute, or the percentage itself for a percent lag.
      w.value('LinkLag', link.lagFormat === 'percent' ? Math.round(link.lag) : Math.round(link.lag * 10));
      w.value('LagFormat', lagFormatNumber(link.lagFormat));
      w.close('PredecessorLink');
    }
    for (const baseline of baselines) {
      const entry = baseline.tasks[task.id];
      if (!entry) continue;
      w.open('Baseline');
      w.value('Number', baseline.index);
      w.date('Start', entry.start);
      w.date('Finish', entry.finish);
      w.value('Duration', formatXsdDuration(entry.duration));
      w.value('DurationFormat', 7);
      w.close('Baseline');
    }
    w.close('Task');
  });
  w.close('Tasks');

  // Assignees become work resources, one per name, in the order they first appear.
  const resourceIds = new Map<string, number>();
  for (const task of tasks) for (const name of task.assignees) if (!resourceIds.has(name)) resourceIds.set(name, resourceIds.size + 1);
  w.open('Resources');
  for (const [name, uid] of resourceIds) {
    w.open('Resource');
    w.value('UID', uid);
    w.value('ID', uid);
    w.value('Name', name);
    w.value('Type', 1);
    w.value('IsNull', false);
    w.close('Resource');
  }
  w.close('Resources');
  w.open('Assignments');
  let assignmentUid = 0;
  for (const task of tasks) {
    for (const name of task.assignees) {
      w.open('Assignment');
      w.value('UID', ++assignmentUid);
      w.value('TaskUID', task.id);
      w.value('ResourceUID', resourceIds.get(name));
      w.value('Units', 1);
      w.close('Assignment');
    }
  }
  w.close('Assignments');
  w.close('Project');
  return w.toString();
}
