import { describe, expect, it } from 'vitest';
import { createScheduler, ScheduleLoopError, scheduleAll, type ScheduledTask } from '../../../../src/core/schedule/engine.ts';
import { standardCalendar, type Calendar, type ScheduleModel, type Task } from '../../../../src/core/schedule/model.ts';
import { at, DAY, link, schedule, show, task } from './schedule-builder.ts';

function run(model: ScheduleModel) {
  const result = scheduleAll(model);
  const of = (t: Task): ScheduledTask => result.tasks.get(t.id)!;
  const dates = (t: Task) => `${show(of(t).start)} – ${show(of(t).finish)}`;
  return { result, of, dates };
}

// Monday 2026-01-05 08:00 is the project start; days are 08:00–12:00 and 13:00–17:00.
describe('links', () => {
  it('finish-to-start: the successor starts when work resumes after the predecessor', () => {
    const a = task('A', 2 * DAY);
    const b = task('B', DAY);
    const { dates, of } = run(schedule([a, b], [link(a, b)]));
    expect(dates(a)).toBe('2026-01-05T08:00 – 2026-01-06T17:00');
    expect(dates(b)).toBe('2026-01-07T08:00 – 2026-01-07T17:00');
    expect(of(b).duration).toBe(DAY);
  });

  it('finish-to-start with a lag of a working day, and with a lead of 4 hours', () => {
    const a = task('A', 2 * DAY);
    const b = task('B', DAY);
    const c = task('C', DAY);
    const { dates } = run(schedule([a, b, c], [link(a, b, 'FS', DAY), link(a, c, 'FS', -240)]));
    expect(dates(b)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
    expect(dates(c)).toBe('2026-01-06T13:00 – 2026-01-07T12:00');
  });

  it('an elapsed lag counts calendar time, a percent lag a share of the predecessor', () => {
    const a = task('A', 2 * DAY);
    const b = task('B', DAY);
    const c = task('C', DAY);
    const d = task('D', DAY);
    // Friday's finish plus one elapsed day is Saturday 17:00: work resumes on Monday.
    const e = task('E', 5 * DAY);
    const { dates } = run(schedule([a, b, c, e, d], [link(a, b, 'FS', 1440, 'elapsed'), link(a, c, 'FS', 50, 'percent'), link(e, d, 'FS', 1440, 'elapsed')]));
    expect(dates(b)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
    expect(dates(c)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
    expect(dates(d)).toBe('2026-01-12T08:00 – 2026-01-12T17:00');
  });

  it('start-to-start with a lag crosses the lunch break', () => {
    const a = task('A', 2 * DAY);
    const b = task('B', DAY);
    const { dates } = run(schedule([a, b], [link(a, b, 'SS', 240)]));
    expect(dates(b)).toBe('2026-01-05T13:00 – 2026-01-06T12:00');
  });

  it('finish-to-finish holds the finish, start-to-finish holds the finish to the start', () => {
    const a = task('A', 2 * DAY);
    const b = task('B', DAY);
    const c = task('C', DAY, { constraint: { type: 'SNET', date: at('2026-01-07T08:00') } });
    const d = task('D', DAY);
    const { dates } = run(schedule([a, b, c, d], [link(a, b, 'FF'), link(c, d, 'SF')]));
    expect(dates(b)).toBe('2026-01-06T08:00 – 2026-01-06T17:00');
    expect(dates(d)).toBe('2026-01-06T08:00 – 2026-01-06T17:00');
  });

  it('a lag counts in the successor calendar', () => {
    const sevenDays: Calendar = { ...standardCalendar(2, 'Seven days'), week: Array.from({ length: 7 }, () => [{ from: 480, to: 720 }, { from: 780, to: 1020 }]) };
    const a = task('A', 5 * DAY);
    const b = task('B', DAY, { calendarId: 2 });
    const { dates } = run(schedule([a, b], [link(a, b, 'FS', DAY)], [standardCalendar(), sevenDays]));
    // Friday 17:00 plus a working day of B's calendar is Saturday 17:00; B works on Sunday.
    expect(dates(b)).toBe('2026-01-11T08:00 – 2026-01-11T17:00');
  });
});

describe('constraints', () => {
  const pred = () => task('P', 3 * DAY);
  it('start no earlier than holds a task back, but links may push it later', () => {
    const p = pred();
    const a = task('A', DAY, { constraint: { type: 'SNET', date: at('2026-01-07T08:00') } });
    const b = task('B', DAY, { constraint: { type: 'SNET', date: at('2026-01-06T08:00') } });
    const { dates, of } = run(schedule([p, a, b], [link(p, b)]));
    expect(dates(a)).toBe('2026-01-07T08:00 – 2026-01-07T17:00');
    expect(dates(b)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
    expect(of(b).constraintBroken).toBe(false);
  });

  it('finish no earlier than', () => {
    const a = task('A', DAY, { constraint: { type: 'FNET', date: at('2026-01-08T17:00') } });
    expect(run(schedule([a])).dates(a)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
  });

  it('must start on wins over its links and says it is broken', () => {
    const p = pred();
    const a = task('A', DAY, { constraint: { type: 'MSO', date: at('2026-01-07T08:00') } });
    const { dates, of } = run(schedule([p, a], [link(p, a)]));
    expect(dates(a)).toBe('2026-01-07T08:00 – 2026-01-07T17:00');
    expect(of(a).constraintBroken).toBe(true);
    // The predecessor it starts before has a day less than none to spare.
    expect(of(p).totalFloat).toBe(-DAY);
    expect(of(p).critical).toBe(true);
  });

  it('must finish on', () => {
    const a = task('A', DAY, { constraint: { type: 'MFO', date: at('2026-01-09T17:00') } });
    const { dates, of } = run(schedule([a]));
    expect(dates(a)).toBe('2026-01-09T08:00 – 2026-01-09T17:00');
    expect(of(a).constraintBroken).toBe(false);
  });

  it('start no later than caps a start its links want later, and lowers the late start', () => {
    const p = pred();
    const a = task('A', DAY, { constraint: { type: 'SNLT', date: at('2026-01-06T08:00') } });
    const long = task('Long', 5 * DAY);
    const y = task('Y', DAY, { constraint: { type: 'SNLT', date: at('2026-01-06T08:00') } });
    const { dates, of } = run(schedule([p, a, long, y], [link(p, a)]));
    expect(dates(a)).toBe('2026-01-06T08:00 – 2026-01-06T17:00');
    expect(of(a).constraintBroken).toBe(true);
    expect(dates(y)).toBe('2026-01-05T08:00 – 2026-01-05T17:00');
    expect(show(of(y).lateStart)).toBe('2026-01-06T08:00');
    expect(of(y).totalFloat).toBe(DAY);
  });

  it('finish no later than', () => {
    const long = task('Long', 5 * DAY);
    const y = task('Y', DAY, { constraint: { type: 'FNLT', date: at('2026-01-07T17:00') } });
    const { of } = run(schedule([long, y]));
    expect(show(of(y).lateFinish)).toBe('2026-01-07T17:00');
    expect(of(y).totalFloat).toBe(2 * DAY);
    const p = pred();
    const z = task('Z', DAY, { constraint: { type: 'FNLT', date: at('2026-01-07T17:00') } });
    const second = run(schedule([p, z], [link(p, z)]));
    expect(second.dates(z)).toBe('2026-01-07T08:00 – 2026-01-07T17:00');
    expect(second.of(z).constraintBroken).toBe(true);
  });

  it('as late as possible: at the late dates its float allows, not beyond its successors', () => {
    const long = task('Long', 5 * DAY);
    const alone = task('Alone', DAY, { constraint: { type: 'ALAP' } });
    const y = task('Y', DAY, { constraint: { type: 'ALAP' } });
    const w = task('W', DAY);
    const { dates, of } = run(schedule([long, alone, y, w], [link(y, w)]));
    expect(dates(alone)).toBe('2026-01-09T08:00 – 2026-01-09T17:00');
    expect(show(of(alone).earlyStart)).toBe('2026-01-05T08:00');
    expect(dates(y)).toBe('2026-01-08T08:00 – 2026-01-08T17:00');
    expect(dates(w)).toBe('2026-01-09T08:00 – 2026-01-09T17:00');
  });

  it('a deadline does not move the task but lowers its late finish', () => {
    const long = task('Long', 5 * DAY);
    const met = task('Met', DAY, { deadline: at('2026-01-07T17:00') });
    const missed = task('Missed', 2 * DAY, { deadline: at('2026-01-05T17:00') });
    const { dates, of } = run(schedule([long, met, missed]));
    expect(dates(met)).toBe('2026-01-05T08:00 – 2026-01-05T17:00');
    expect(of(met).totalFloat).toBe(2 * DAY);
    expect(of(met).deadlineMissed).toBe(false);
    expect(dates(missed)).toBe('2026-01-05T08:00 – 2026-01-06T17:00');
    expect(of(missed).totalFloat).toBe(-DAY);
    expect(of(missed).deadlineMissed).toBe(true);
    expect(of(missed).critical).toBe(true);
  });
});

describe('calendars', () => {
  it('a task of six hours crosses the lunch break', () => {
    const a = task('A', 360, { unit: 'h' });
    expect(run(schedule([a])).dates(a)).toBe('2026-01-05T08:00 – 2026-01-05T15:00');
  });

  it('a holiday and an extra working day', () => {
    const calendar: Calendar = {
      ...standardCalendar(),
      exceptions: [
        { name: 'Holiday', from: '2026-01-07', to: '2026-01-07', periods: [] },
        { name: 'Saturday', from: '2026-01-10', to: '2026-01-10', periods: [{ from: 480, to: 720 }] },
      ],
    };
    const a = task('A', 3 * DAY);
    const b = task('B', 2.5 * DAY);
    const c = task('C', 1.5 * DAY);
    const { dates } = run(schedule([a, b, c], [link(a, b), link(a, c)], [calendar]));
    expect(dates(c)).toBe('2026-01-09T08:00 – 2026-01-10T12:00');
    expect(dates(a)).toBe('2026-01-05T08:00 – 2026-01-08T17:00');
    // Friday's day, Saturday's morning, then Monday's day.
    expect(dates(b)).toBe('2026-01-09T08:00 – 2026-01-12T17:00');
  });

  it('a task with its own calendar works its days', () => {
    const sevenDays: Calendar = { ...standardCalendar(2, 'Seven days'), week: Array.from({ length: 7 }, () => [{ from: 480, to: 720 }, { from: 780, to: 1020 }]) };
    const a = task('A', 2 * DAY, { calendarId: 2, constraint: { type: 'SNET', date: at('2026-01-09T08:00') } });
    expect(run(schedule([a], [], [standardCalendar(), sevenDays])).dates(a)).toBe('2026-01-09T08:00 – 2026-01-10T17:00');
  });

  it('an elapsed duration runs through the weekend', () => {
    const a = task('A', 4 * DAY);
    const cure = task('Cure', 3 * 1440, { unit: 'ed' });
    const c = task('C', DAY);
    const { dates, of } = run(schedule([a, cure, c], [link(a, cure), link(cure, c)]));
    expect(dates(cure)).toBe('2026-01-08T17:00 – 2026-01-11T17:00');
    expect(of(cure).duration).toBe(3 * 1440);
    expect(dates(c)).toBe('2026-01-12T08:00 – 2026-01-12T17:00');
  });
});

describe('summaries, milestones, WBS', () => {
  it('roll up their children; links to and from a summary reach its children', () => {
    const x = task('X', DAY);
    const s = task('S', 0);
    const a = task('A', 2 * DAY, { level: 2 });
    const b = task('B', DAY, { level: 2 });
    const inner = task('Inner', 0, { level: 2 });
    const c = task('C', DAY, { level: 3 });
    const d = task('D', DAY);
    const { dates, of } = run(schedule([x, s, a, b, inner, c, d], [link(x, s), link(a, b), link(s, d)]));
    expect(dates(a)).toBe('2026-01-06T08:00 – 2026-01-07T17:00');
    expect(dates(c)).toBe('2026-01-06T08:00 – 2026-01-06T17:00');
    expect(dates(s)).toBe('2026-01-06T08:00 – 2026-01-08T17:00');
    expect(of(s).summary).toBe(true);
    expect(of(s).duration).toBe(3 * DAY);
    expect(dates(d)).toBe('2026-01-09T08:00 – 2026-01-09T17:00');
    expect([x, s, a, b, inner, c, d].map((t) => of(t).wbs)).toEqual(['1', '2', '2.1', '2.2', '2.3', '2.3.1', '3']);
    expect(of(inner).summary).toBe(true);
    expect(of(c).totalFloat).toBe(2 * DAY);
    expect(of(b).critical).toBe(true);
  });

  it('a milestone sits at its predecessor finish; its successor starts when work resumes', () => {
    const a = task('A', 2 * DAY);
    const m = task('M', 0);
    const b = task('B', DAY);
    const first = task('First', 0);
    const { dates, of } = run(schedule([first, a, m, b], [link(a, m), link(m, b)]));
    expect(dates(m)).toBe('2026-01-06T17:00 – 2026-01-06T17:00');
    expect(of(m).milestone).toBe(true);
    expect(of(m).critical).toBe(true);
    expect(dates(b)).toBe('2026-01-07T08:00 – 2026-01-07T17:00');
    expect(dates(first)).toBe('2026-01-05T08:00 – 2026-01-05T08:00');
  });
});

describe('floats', () => {
  it('total and free float, critical and near-critical', () => {
    const a = task('A', DAY);
    const b = task('B', 2 * DAY);
    const c = task('C', DAY);
    const d = task('D', 2 * DAY);
    const e = task('E', DAY);
    const { of, result } = run(schedule([a, b, c, d, e], [link(a, c), link(b, c), link(a, d), link(d, e)]));
    // A feeds C (after B's two days) and D–E; C ends on day 3, E on day 4.
    expect(show(result.finish)).toBe('2026-01-08T17:00');
    expect(of(b).totalFloat).toBe(DAY);
    expect(of(b).nearCritical).toBe(true);
    expect(of(c).totalFloat).toBe(DAY);
    expect(of(c).freeFloat).toBe(DAY);
    expect(of(a).totalFloat).toBe(0);
    expect(of(a).freeFloat).toBe(0);
    expect([a, d, e].every((t) => of(t).critical)).toBe(true);
    expect(of(c).critical).toBe(false);
  });
});

describe('progress', () => {
  it('an actual start pins the start; the remaining work runs on from it', () => {
    const p = task('P', 2 * DAY);
    const a = task('A', 2 * DAY, { actualStart: at('2026-01-05T10:00'), percentComplete: 30 });
    const { dates } = run(schedule([p, a], [link(p, a)]));
    expect(dates(a)).toBe('2026-01-05T10:00 – 2026-01-07T10:00');
  });

  it('an actual finish pins the finish; a finished task is not critical', () => {
    const a = task('A', 2 * DAY, { actualStart: at('2026-01-05T08:00'), actualFinish: at('2026-01-05T15:00'), percentComplete: 100 });
    const b = task('B', DAY);
    const { dates, of } = run(schedule([a, b], [link(a, b)]));
    expect(dates(a)).toBe('2026-01-05T08:00 – 2026-01-05T15:00');
    expect(of(a).duration).toBe(360);
    expect(of(a).critical).toBe(false);
    expect(dates(b)).toBe('2026-01-05T15:00 – 2026-01-06T15:00');
    expect(of(b).critical).toBe(true);
  });
});

describe('loops', () => {
  it('are refused with the tasks named in order', () => {
    const a = task('Excavate', DAY);
    const b = task('Pour', DAY);
    const c = task('Cure', DAY);
    const d = task('Other', DAY);
    const model = schedule([d, a, b, c], [link(a, b), link(b, c), link(c, a), link(d, a)]);
    expect(() => scheduleAll(model)).toThrow(ScheduleLoopError);
    try {
      scheduleAll(model);
    } catch (error) {
      expect((error as ScheduleLoopError).taskIds).toEqual([a.id, b.id, c.id]);
      expect((error as Error).message).toContain('Excavate → Pour → Cure → Excavate');
    }
  });

  it('a link from a task to its own summary is a loop', () => {
    const s = task('Frame', 0);
    const a = task('Walls', DAY, { level: 2 });
    try {
      scheduleAll(schedule([s, a], [link(a, s)]));
      expect.unreachable();
    } catch (error) {
      expect((error as ScheduleLoopError).taskIds).toEqual([s.id, a.id]);
    }
  });
});

describe('re-scheduling one edit', () => {
  it('a task changed from elapsed to working days on the same dates gets the floats of a full run', () => {
    // 33 elapsed hours and two working days both run Monday 08:00 – Tuesday 17:00.
    const a = task('A', 33 * 60, { unit: 'ed' });
    const b = task('B', 4 * DAY);
    const scheduler = createScheduler(schedule([a, b]));
    scheduler.update({ kind: 'duration', taskId: a.id, duration: 2 * DAY, unit: 'd' });
    const full = scheduleAll(scheduler.model);
    expect(show(scheduler.result.tasks.get(a.id)!.finish)).toBe('2026-01-06T17:00');
    expect(scheduler.result.tasks.get(a.id)!.totalFloat).toBe(2 * DAY);
    expect(scheduler.result.tasks).toEqual(full.tasks);
  });
});
