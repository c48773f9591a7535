import { printRangeProblem, type SchedulePrintBody } from '../../../../core/contracts/schedules.ts';
import type { ScheduleResult } from '../../../../core/schedule/engine.ts';
import type { ScheduleModel, WallTime } from '../../../../core/schedule/model.ts';
import { dateText } from '../../../../core/schedule/time-labels.ts';
import { readJson } from '../../../db/json-column.ts';
import { scheduleProblem, visibleSchedule, type ScheduleCaller } from '../context.ts';
import { scheduleOrRefuse } from '../scheduled.ts';
import { crossesRange, fitTimeScale, gridColumns, PAGE_MARGIN, pageSize, printRange, type GridTexts } from './print-layout.ts';
import type { PrintLink, PrintRow, PrintSheet } from './print-painter.ts';
import { renderSchedulePdf } from './print-pdf.ts';
import { renderSchedulePng } from './print-png.ts';
import { printWords } from './print-words.ts';

/**
 * A schedule printed as MS Project's "Print" or "Save as PDF": the tasks crossing the range,
 * at the dates the engine schedules (the editor's and the list's), on the chosen paper, in
 * the reader's language and time zone.
 */

/** The reader's zone when this server's ICU knows it, else UTC. */
function zoneOf(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall clock in `timeZone` at `now`, as wall minutes (what a schedule's "today" is). */
export function wallTimeIn(now: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute) / 60000;
}

/** What the printed pages show of a schedule, laid out for the body's paper and range. */
export function printSheet(name: string, model: ScheduleModel, result: ScheduleResult, body: SchedulePrintBody, now: Date): PrintSheet {
  const words = printWords(body.language);
  const zone = zoneOf(body.timeZone);
  const today = wallTimeIn(now, zone);
  const empty = model.tasks.length === 0;
  const range = printRange(body, empty ? null : result, today);
  const baseline = body.baseline === undefined ? undefined : model.baselines.find((b) => b.index === body.baseline);
  const rows: PrintRow[] = [];
  for (const task of model.tasks) {
    const scheduled = result.tasks.get(task.id);
    if (!scheduled || !crossesRange(scheduled, range.from, range.to)) continue;
    const planned = baseline?.tasks[task.id];
    rows.push({
      id: task.id,
      wbs: scheduled.wbs,
      name: task.name,
      level: task.level,
      summary: scheduled.summary,
      milestone: scheduled.milestone,
      critical: scheduled.critical,
      start: scheduled.start,
      finish: scheduled.finish,
      duration: words.duration(scheduled.duration, task.unit, model.settings),
      percentComplete: task.percentComplete,
      ...(planned ? { baseline: { start: planned.start, finish: planned.finish } } : {}),
    });
  }
  const rowOf = new Map(rows.map((row, index) => [row.id, index]));
  const links: PrintLink[] = [];
  for (const link of model.links) {
    const fromRow = rowOf.get(link.from);
    const toRow = rowOf.get(link.to);
    if (fromRow === undefined || toRow === undefined) continue;
    links.push({ fromRow, toRow, type: link.type, critical: rows[fromRow]!.critical && rows[toRow]!.critical });
  }

  const page = pageSize(body.paper, body.orientation);
  const contentWidth = page.width - 2 * PAGE_MARGIN;
  const date = (time: WallTime) => dateText(words.language, time);
  const texts: GridTexts = {
    wbs: { heading: words.column.wbs, cells: rows.map((row) => row.wbs) },
    name: { heading: words.column.name, cells: rows.map((row) => row.name) },
    duration: { heading: words.column.duration, cells: rows.map((row) => row.duration) },
    // Dates of one language are about as wide: a few samples size the columns.
    start: { heading: words.column.start, cells: [range.from, range.to, ...rows.slice(0, 50).map((row) => row.start)].map(date) },
    finish: { heading: words.column.finish, cells: [range.from, range.to, ...rows.slice(0, 50).map((row) => row.finish)].map(date) },
  };
  const grid = gridColumns(texts, PAGE_MARGIN, contentWidth, words.rtl);
  const printed = new Intl.DateTimeFormat(words.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(now);
  return {
    title: name,
    subtitle: `${words.range(date(range.from), date(range.to - 1440))} · ${words.printed(printed)}`,
    words,
    page,
    columns: grid.columns,
    gridWidth: grid.width,
    fit: fitTimeScale(range.from, range.to, contentWidth - grid.width, words.rtl),
    calendar: model.calendars.find((calendar) => calendar.id === model.settings.calendarId),
    rows,
    links,
    today,
    ...(model.settings.statusDate === undefined ? {} : { statusDate: model.settings.statusDate }),
    ...(baseline ? { baselineName: words.baselineName(baseline.index) } : {}),
  };
}

/** The printed schedule's bytes and download name. */
export async function printSchedule(caller: ScheduleCaller, body: SchedulePrintBody, format: 'pdf' | 'png'): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { row } = await visibleSchedule(caller, body.id);
  if (printRangeProblem(body)) throw scheduleProblem(400, 'badRange', `The date range ends (${body.to}) before it starts (${body.from})`, { from: body.from, to: body.to });
  const model = readJson<ScheduleModel>(row.model);
  const now = new Date(caller.now());
  const sheet = printSheet(row.name, model, scheduleOrRefuse(model), body, now);
  const bytes = format === 'pdf' ? await renderSchedulePdf(sheet, now) : (await renderSchedulePng(sheet)).bytes;
  return { fileName: `${row.name}.${format}`, bytes };
}
