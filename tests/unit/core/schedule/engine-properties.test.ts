import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELAPSED_CLOCK, workingTimeOf, type Clock } from '../../../../src/core/schedule/calendar.ts';
import { createScheduler, ScheduleLoopError, scheduleAll, type ScheduleChange, type ScheduledTask } from '../../../../src/core/schedule/engine.ts';
import { standardCalendar, type Calendar, type ConstraintType, type Link, type ScheduleModel, type Task } from '../../../../src/core/schedule/model.ts';
import { at, DAY } from './schedule-builder.ts';

const calendar: Calendar = {
  ...standardCalendar(),
  exceptions: [
    { name: 'Holiday', from: '2026-01-14', to: '2026-01-14', periods: [] },
    { name: 'Saturday shift', from: '2026-01-17', to: '2026-01-17', periods: [{ from: 480, to: 720 }] },
  ],
};
const wt = workingTimeOf(calendar);
const START = at('2026-01-05T08:00');

const anyDurationArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ duration: 0, unit: 'd' as const }) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 10 }).map((halfDays) => ({ duration: halfDays * 240, unit: 'd' as const })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((days) => ({ duration: days * 1440, unit: 'ed' as const })) },
);

const workingDurationArb = fc.integer({ min: 0, max: 10 }).map((halfDays) => ({ duration: halfDays * 240, unit: 'd' as const }));

const linkFields = {
  a: fc.nat(),
  b: fc.nat(),
  type: fc.constantFrom<Link['type']>('FS', 'FS', 'FS', 'SS', 'FF', 'SF'),
  lag: fc.constantFrom(0, 0, 240, -240, 480, 1440, 50),
};
const anyLinkArb = fc.record({ ...linkFields, lagFormat: fc.constantFrom<Link['lagFormat']>('work', 'work', 'elapsed', 'percent') });
const workingLinkArb = fc.record({ ...linkFields, lagFormat: fc.constantFrom<Link['lagFormat']>('work', 'percent') });

interface Network {
  tasks: { duration: number; unit: Task['unit']; depth: number; constraint?: ConstraintType; offsetDays: number; deadlineDays?: number }[];
  links: (typeof anyLinkArb extends fc.Arbitrary<infer L> ? L : never)[];
}

function networkArb(options: { outline: boolean; constraints: boolean; workingOnly?: boolean }) {
  const durationArb = options.workingOnly ? workingDurationArb : anyDurationArb;
  const linkArb = options.workingOnly ? workingLinkArb : anyLinkArb;
  return fc.record({
    tasks: fc.array(
      fc.record({
        size: durationArb,
        depth: options.outline ? fc.integer({ min: -1, max: 1 }) : fc.constant(0),
        constraint: options.constraints ? fc.constantFrom<ConstraintType | undefined>(undefined, undefined, undefined, 'SNET', 'FNLT', 'MSO', 'MFO', 'SNLT', 'FNET', 'ALAP') : fc.constant(undefined),
        offsetDays: fc.integer({ min: 0, max: 15 }),
        deadlineDays: options.constraints ? fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }) : fc.constant(undefined),
      }).map(({ size, ...rest }) => ({ ...rest, ...size })),
      { minLength: 2, maxLength: 30 },
    ),
    links: fc.array(linkArb, { maxLength: 45 }),
  });
}

/** Builds a schedule: levels from the drawn steps, links forward in outline order, never within one branch. */
function modelOf(network: Network): ScheduleModel {
  const levels: number[] = [];
  for (const t of network.tasks) levels.push(Math.max(1, Math.min((levels[levels.length - 1] ?? 0) + t.depth, (levels[levels.length - 1] ?? 0) + 1, 3)));
  const tasks: Task[] = network.tasks.map((t, i) => ({
    id: 100 + i,
    name: `T${i}`,
    level: levels[i]!,
    duration: t.duration,
    unit: t.unit,
    milestone: false,
    constraint: t.constraint && t.constraint !== 'ALAP' ? { type: t.constraint, date: wt.addWork(START, t.offsetDays * DAY) } : { type: t.constraint ?? 'ASAP' },
    ...(t.deadlineDays !== undefined ? { deadline: wt.addWork(START, t.deadlineDays * DAY) } : {}),
    percentComplete: 0,
    assignees: [],
  }));
  // The last row of a branch ends where the next row is no deeper.
  const end = levels.map((level, i) => {
    let j = i + 1;
    while (j < levels.length && levels[j]! > level) j++;
    return j;
  });
  const links = new Map<string, Link>();
  for (const l of network.links) {
    const n = tasks.length;
    const from = l.a % n;
    const to = l.b % n;
    if (from >= to || to < end[from]!) continue;
    links.set(`${from}:${to}`, { from: tasks[from]!.id, to: tasks[to]!.id, type: l.type, lag: l.lagFormat === 'percent' ? Math.abs(l.lag) % 101 : l.lag, lagFormat: l.lagFormat });
  }
  return { settings: { start: START, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 480 }, calendars: [calendar], tasks, links: [...links.values()], baselines: [] };
}

const clockOf = (task: Task): Clock => (task.unit.startsWith('e') ? ELAPSED_CLOCK : wt);

/** Where a link lets its successor start (or finish) at the earliest, in the successor's clock. */
function allowed(l: Link, from: ScheduledTask, to: Task): number {
  const anchor = l.type === 'FS' || l.type === 'FF' ? from.finish : from.start;
  const lag = l.lagFormat === 'percent' ? Math.round((l.lag / 100) * from.duration) : l.lag;
  const shifted = lag === 0 ? anchor : l.lagFormat === 'elapsed' ? anchor + lag : wt.finishOf(wt.work(anchor) + lag);
  return clockOf(to).work(shifted);
}

const flat = networkArb({ outline: false, constraints: false });

describe('the engine on random networks', () => {
  it('starts no task before its predecessors allow, by each link type', () => {
    fc.assert(
      fc.property(flat, (network) => {
        const model = modelOf(network);
        const result = scheduleAll(model);
        const byId = new Map(model.tasks.map((t) => [t.id, t]));
        for (const l of model.links) {
          const to = byId.get(l.to)!;
          const s = result.tasks.get(l.to)!;
          const held = l.type === 'FS' || l.type === 'SS' ? s.start : s.finish;
          expect(clockOf(to).work(held)).toBeGreaterThanOrEqual(allowed(l, result.tasks.get(l.from)!, to));
        }
        for (const s of result.tasks.values()) expect(s.start).toBeGreaterThanOrEqual(START);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves no float below zero without constraints', () => {
    fc.assert(
      fc.property(networkArb({ outline: true, constraints: false }), (network) => {
        for (const s of scheduleAll(modelOf(network)).tasks.values()) {
          expect(s.totalFloat).toBeGreaterThanOrEqual(0);
          expect(s.freeFloat).toBeGreaterThanOrEqual(0);
          expect(s.freeFloat).toBeLessThanOrEqual(s.totalFloat);
        }
      }),
      { numRuns: 150 },
    );
  });

  // In working time only: an elapsed task ending in a break has the break as float, rightly.
  it('has a critical path connected from the start to the finish', () => {
    fc.assert(
      fc.property(networkArb({ outline: false, constraints: false, workingOnly: true }), (network) => {
        const model = modelOf(network);
        const result = scheduleAll(model);
        const byId = new Map(model.tasks.map((t) => [t.id, t]));
        const critical = [...result.tasks.values()].filter((s) => s.critical);
        expect(critical.some((s) => s.finish === result.finish)).toBe(true);
        for (const s of critical) {
          const task = byId.get(s.id)!;
          const clock = clockOf(task);
          if (clock.work(s.start) <= clock.work(START)) continue;
          // Something critical drives it: a link whose bound is exactly where it sits.
          const drivers = model.links.filter((l) => {
            if (l.to !== s.id || !result.tasks.get(l.from)!.critical) return false;
            const held = l.type === 'FS' || l.type === 'SS' ? s.start : s.finish;
            return clock.work(held) === allowed(l, result.tasks.get(l.from)!, task);
          });
          expect(drivers.length, `${task.name} has no critical driver`).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('re-schedules one edit at a time exactly as a full run does', () => {
    const changeArb = fc.oneof(
      fc.record({ kind: fc.constant('duration' as const), task: fc.nat(), size: anyDurationArb }),
      fc.record({ kind: fc.constant('constraint' as const), task: fc.nat(), type: fc.constantFrom<ConstraintType>('ASAP', 'SNET', 'FNLT', 'MSO', 'ALAP'), days: fc.integer({ min: 0, max: 15 }) }),
      fc.record({ kind: fc.constant('deadline' as const), task: fc.nat(), days: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('progress' as const), task: fc.nat(), started: fc.boolean(), done: fc.boolean() }),
      fc.record({ kind: fc.constant('link' as const), link: anyLinkArb }),
      fc.record({ kind: fc.constant('unlink' as const), index: fc.nat() }),
    );
    fc.assert(
      fc.property(networkArb({ outline: true, constraints: true }), fc.array(changeArb, { minLength: 1, maxLength: 8 }), (network, edits) => {
        const scheduler = createScheduler(modelOf(network));
        for (const edit of edits) {
          const tasks = scheduler.model.tasks;
          const pick = (i: number) => tasks[i % tasks.length]!.id;
          let change: ScheduleChange;
          if (edit.kind === 'duration') change = { kind: 'duration', taskId: pick(edit.task), duration: edit.size.duration, unit: edit.size.unit };
          else if (edit.kind === 'constraint') change = { kind: 'constraint', taskId: pick(edit.task), constraint: edit.type === 'ASAP' || edit.type === 'ALAP' ? { type: edit.type } : { type: edit.type, date: wt.addWork(START, edit.days * DAY) } };
          else if (edit.kind === 'deadline') change = { kind: 'deadline', taskId: pick(edit.task), deadline: edit.days === undefined ? undefined : wt.addWork(START, edit.days * DAY) };
          else if (edit.kind === 'progress') change = { kind: 'progress', taskId: pick(edit.task), percentComplete: edit.done ? 100 : 40, actualStart: edit.started ? START + 120 : undefined, actualFinish: edit.started && edit.done ? START + 900 : undefined };
          else if (edit.kind === 'link') change = { kind: 'link', link: { from: pick(edit.link.a), to: pick(edit.link.b), type: edit.link.type, lag: edit.link.lagFormat === 'percent' ? Math.abs(edit.link.lag) : edit.link.lag, lagFormat: edit.link.lagFormat } };
          else {
            const links = scheduler.model.links;
            if (links.length === 0) continue;
            const l = links[edit.index % links.length]!;
            change = { kind: 'unlink', from: l.from, to: l.to };
          }
          let refused = false;
          try {
            scheduler.update(change);
          } catch (error) {
            expect(error).toBeInstanceOf(ScheduleLoopError);
            refused = true;
          }
          if (refused) {
            // A full run refuses the same network, and the scheduler kept the one before.
            const l = (change as { link: Link }).link;
            expect(() => scheduleAll({ ...scheduler.model, links: [...scheduler.model.links.filter((x) => x.from !== l.from || x.to !== l.to), l] })).toThrow(ScheduleLoopError);
          }
          const full = scheduleAll(scheduler.model);
          expect(scheduler.result.tasks).toEqual(full.tasks);
          expect(scheduler.result.start).toBe(full.start);
          expect(scheduler.result.finish).toBe(full.finish);
        }
      }),
      { numRuns: 150 },
    );
  });
});
