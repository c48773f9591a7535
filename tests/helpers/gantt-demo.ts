import { parseWallTime, standardCalendar, type Link, type ScheduleModel, type Task } from '../../src/core/schedule/model.ts';
import type { ScheduledDates } from '../../src/web/gantt/gantt-store.ts';

/**
 * Schedules for the chart's tests and benchmark, with dates laid out here on Monday–Friday
 * 08:00–17:00 working days and FS/SS links only (enough to draw; the engine's own tests check
 * scheduling). Critical tasks are those without float on that simple pass.
 */

const DAY = 1440;
const START = parseWallTime('2027-03-01T08:00');

interface Draft {
  name: string;
  level: number;
  days: number;
  percent?: number;
  assignees?: string[];
}

/** Working-day index to the wall time of that day's 08:00 (or 17:00 for a finish). */
function dayTime(index: number, finish: boolean): number {
  const week = Math.floor(index / 5);
  const day = index - week * 5;
  return START + (week * 7 + day) * DAY + (finish ? 9 * 60 : 0);
}

function build(drafts: Draft[], links: Link[]): { model: ScheduleModel; result: ScheduledDates } {
  const tasks: Task[] = drafts.map((draft, i) => ({
    id: i + 1,
    name: draft.name,
    level: draft.level,
    duration: draft.days * 480,
    unit: 'd',
    milestone: draft.days === 0,
    constraint: { type: 'ASAP' },
    percentComplete: draft.percent ?? 0,
    assignees: draft.assignees ?? [],
  }));
  const summary = tasks.map((task, i) => (tasks[i + 1]?.level ?? 0) > task.level);
  // Forward pass in working days (links listed predecessor first in outline order).
  const es = new Map<number, number>();
  const incoming = new Map<number, Link[]>();
  for (const link of links) incoming.set(link.to, [...(incoming.get(link.to) ?? []), link]);
  const days = (id: number) => drafts[id - 1]!.days;
  for (const task of tasks) {
    if (summary[task.id - 1]) continue;
    let start = 0;
    for (const link of incoming.get(task.id) ?? []) {
      const lag = link.lag / 480;
      start = Math.max(start, link.type === 'SS' ? es.get(link.from)! + lag : es.get(link.from)! + days(link.from) + lag);
    }
    es.set(task.id, start);
  }
  const projectEnd = Math.max(...tasks.filter((t) => !summary[t.id - 1]).map((t) => es.get(t.id)! + days(t.id)));
  // Backward pass for float.
  const lf = new Map<number, number>();
  const outgoing = new Map<number, Link[]>();
  for (const link of links) outgoing.set(link.from, [...(outgoing.get(link.from) ?? []), link]);
  for (const task of [...tasks].reverse()) {
    if (summary[task.id - 1]) continue;
    let finish = projectEnd;
    for (const link of outgoing.get(task.id) ?? []) {
      const lag = link.lag / 480;
      const successorLs = lf.get(link.to)! - days(link.to);
      finish = Math.min(finish, link.type === 'SS' ? successorLs - lag + days(task.id) : successorLs - lag);
    }
    lf.set(task.id, finish);
  }
  const scheduled: ScheduledDates['tasks'] = new Map();
  for (const task of tasks) {
    if (summary[task.id - 1]) continue;
    const start = es.get(task.id)!;
    const floatDays = lf.get(task.id)! - start - days(task.id);
    const d = days(task.id);
    task.start = dayTime(start, false);
    task.finish = d === 0 ? task.start : dayTime(start + d - 1, true);
    scheduled.set(task.id, { start: task.start, finish: task.finish, duration: task.duration, totalFloat: floatDays * 480, critical: floatDays <= 0 });
  }
  // Summaries roll up from the rows under them, deepest first.
  for (let i = tasks.length - 1; i >= 0; i--) {
    if (!summary[i]) continue;
    const task = tasks[i]!;
    let start = Infinity;
    let finish = -Infinity;
    let critical = false;
    for (let j = i + 1; j < tasks.length && tasks[j]!.level > task.level; j++) {
      start = Math.min(start, tasks[j]!.start!);
      finish = Math.max(finish, tasks[j]!.finish!);
      critical ||= scheduled.get(tasks[j]!.id)!.critical;
    }
    task.start = start;
    task.finish = finish;
    scheduled.set(task.id, { start, finish, duration: Math.round(((finish - start) / (7 * DAY)) * 5) * 480, totalFloat: 0, critical });
  }
  const model: ScheduleModel = {
    settings: { start: START, statusDate: START + 30 * DAY + 9 * 60, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
    calendars: [{ ...standardCalendar(), exceptions: [{ name: 'Spring holiday', from: '2027-04-02', to: '2027-04-05', periods: [] }] }],
    tasks,
    links,
    baselines: [
      {
        index: 0,
        savedAt: '2027-02-20T10:00:00Z',
        // The plan as first saved: every task two working days earlier.
        tasks: Object.fromEntries(tasks.map((task) => [task.id, { start: task.start! - 2 * DAY, finish: task.finish! - 2 * DAY, duration: task.duration }])),
      },
    ],
  };
  return { model, result: { tasks: scheduled } };
}

const link = (from: number, to: number, type: Link['type'] = 'FS', lagDays = 0): Link => ({ from, to, type, lag: lagDays * 480, lagFormat: 'work' });

/** A four-storey building: site set-up, foundations, structure per floor, envelope, services, finishes, handover. */
export function demoSchedule(): { model: ScheduleModel; result: ScheduledDates } {
  const drafts: Draft[] = [];
  const links: Link[] = [];
  const add = (draft: Draft) => drafts.push(draft);
  add({ name: 'Office building, Riverside', level: 1, days: 0 });
  add({ name: 'Site set-up', level: 2, days: 0 });
  add({ name: 'Hoarding and access', level: 3, days: 3, percent: 100, assignees: ['Site crew'] });
  add({ name: 'Site cabins and welfare', level: 3, days: 2, percent: 100, assignees: ['Site crew'] });
  add({ name: 'Foundations', level: 2, days: 0 });
  add({ name: 'Excavation', level: 3, days: 6, percent: 80, assignees: ['Groundworks'] });
  add({ name: 'Piling', level: 3, days: 8, percent: 30, assignees: ['Piling contractor'] });
  add({ name: 'Pile caps and ground beams', level: 3, days: 7, assignees: ['Groundworks'] });
  add({ name: 'Ground slab', level: 3, days: 4, assignees: ['Concrete gang'] });
  links.push(link(3, 4), link(4, 6), link(6, 7, 'SS', 2), link(7, 8), link(8, 9));
  add({ name: 'Structure', level: 2, days: 0 });
  let previous = 9;
  for (let floor = 1; floor <= 4; floor++) {
    const summaryAt = drafts.length;
    add({ name: `Floor ${floor}`, level: 3, days: 0 });
    add({ name: `Columns, floor ${floor}`, level: 4, days: 4, assignees: ['Concrete gang'] });
    add({ name: `Slab, floor ${floor}`, level: 4, days: 5, assignees: ['Concrete gang'] });
    links.push(link(previous, summaryAt + 2), link(summaryAt + 2, summaryAt + 3));
    previous = summaryAt + 3;
  }
  const topOut = drafts.length + 1;
  add({ name: 'Structure topped out', level: 3, days: 0 });
  links.push(link(previous, topOut));
  add({ name: 'Envelope', level: 2, days: 0 });
  const facade = drafts.length + 1;
  add({ name: 'Curtain wall', level: 3, days: 15, assignees: ['Façade contractor'] });
  add({ name: 'Roofing', level: 3, days: 6, assignees: ['Roofer'] });
  links.push(link(topOut, facade), link(topOut, facade + 1));
  add({ name: 'Services (MEP)', level: 2, days: 0 });
  const mep = drafts.length + 1;
  add({ name: 'Electrical first fix', level: 3, days: 10, assignees: ['Electrician'] });
  add({ name: 'Plumbing first fix', level: 3, days: 8, assignees: ['Plumber'] });
  add({ name: 'Ventilation ducts', level: 3, days: 9, assignees: ['HVAC'] });
  links.push(link(topOut, mep), link(topOut, mep + 1, 'SS', 2), link(mep, mep + 2, 'SS', 3));
  add({ name: 'Finishes', level: 2, days: 0 });
  const finishes = drafts.length + 1;
  add({ name: 'Partitions and ceilings', level: 3, days: 12, assignees: ['Dry lining'] });
  add({ name: 'Floor finishes', level: 3, days: 6, assignees: ['Flooring'] });
  add({ name: 'Painting', level: 3, days: 7, assignees: ['Decorators'] });
  links.push(link(mep, finishes), link(mep + 1, finishes), link(mep + 2, finishes), link(facade, finishes + 1), link(finishes, finishes + 1), link(finishes + 1, finishes + 2));
  add({ name: 'Handover', level: 2, days: 0 });
  const handover = drafts.length + 1;
  add({ name: 'Commissioning', level: 3, days: 5, assignees: ['Commissioning engineer'] });
  add({ name: 'Practical completion', level: 3, days: 0 });
  links.push(link(finishes + 2, handover), link(facade + 1, handover), link(handover, handover + 1));
  // A summary row's days are unused; give it one so it is not taken for a milestone.
  for (let i = 0; i < drafts.length; i++) if ((drafts[i + 1]?.level ?? 0) > drafts[i]!.level) drafts[i]!.days = 1;
  return build(drafts, links);
}

/**
 * `count` tasks in work packages of ten under a summary, each task linked to the one before;
 * a package follows the package twenty before it, so twenty run side by side, and every other
 * task starts with its like in the package before (about 1.3 links a task).
 */
export function generatedSchedule(count: number): { model: ScheduleModel; result: ScheduledDates } {
  const drafts: Draft[] = [];
  const links: Link[] = [];
  const lastOfPackage: number[] = [];
  while (drafts.length < count) {
    const pack = lastOfPackage.length;
    drafts.push({ name: `Work package ${pack + 1}`, level: 1, days: 1 });
    let previous = lastOfPackage[pack - 20] ?? 0;
    for (let i = 0; i < 10 && drafts.length < count; i++) {
      const id = drafts.length + 1;
      drafts.push({ name: `Task ${id}`, level: 2, days: 1 + (id % 5), percent: id % 7 === 0 ? 50 : 0, assignees: [`Crew ${id % 12}`] });
      if (previous) links.push(link(previous, id, i % 4 === 3 ? 'SS' : 'FS'));
      // Every other task also starts no sooner than its like in the package before.
      if (i % 2 === 1 && pack >= 1) links.push(link(id - 11, id, 'SS'));
      previous = id;
    }
    lastOfPackage.push(previous);
  }
  return build(drafts, links);
}
