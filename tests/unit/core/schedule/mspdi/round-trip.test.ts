import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONSTRAINT_TYPES,
  DURATION_UNITS,
  LAG_FORMATS,
  LINK_TYPES,
  type Baseline,
  type Calendar,
  type Link,
  type ScheduleModel,
  type Task,
  type WorkingPeriod,
} from '../../../../../src/core/schedule/model.ts';
import { exportMspdi, importMspdi } from '../../../../../src/core/schedule/mspdi/index.ts';

// Texts as people type them: letters of several scripts, XML's special characters, inner spaces.
const CHARS = [...'abcXYZ019 -_&<>"\'/.,()éü中文عربي'];
const word = fc
  .array(fc.constantFrom(...CHARS), { maxLength: 12 })
  .map((chars) => chars.join('').trim());
const notes = fc.array(word, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n').trim()).filter((s) => s.length > 0);

const DAY = 1440;
const JAN_2020 = 18262 * DAY;
const wall = fc.integer({ min: JAN_2020, max: JAN_2020 + 3650 * DAY });
const dayText = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

const periods: fc.Arbitrary<WorkingPeriod[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 1440 }), { maxLength: 6 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const out: WorkingPeriod[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) out.push({ from: sorted[i]!, to: sorted[i + 1]! });
    return out;
  });

const calendar = (id: number): fc.Arbitrary<Calendar> =>
  fc.record({
    id: fc.constant(id),
    name: word,
    week: fc.array(periods, { minLength: 7, maxLength: 7 }),
    exceptions: fc.array(
      fc.record({ name: word, from: fc.integer({ min: 18262, max: 18262 + 3650 }), days: fc.integer({ min: 0, max: 20 }), periods }).map((e) => ({
        name: e.name,
        from: dayText(e.from),
        to: dayText(e.from + e.days),
        periods: e.periods,
      })),
      { maxLength: 3 },
    ),
  });

const model: fc.Arbitrary<ScheduleModel> = fc
  .record({
    calendarIds: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 3 }),
    taskIds: fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 14 }),
    minutesPerDay: fc.constantFrom(420, 450, 480, 600),
    daysPerMonth: fc.constantFrom(20, 21, 22),
    start: wall,
    statusDate: fc.option(wall, { nil: undefined }),
    nearCriticalMinutes: fc.integer({ min: 0, max: 10_000 }),
  })
  .chain(({ calendarIds, taskIds, ...settings }) =>
    fc.record({
      calendars: fc.tuple(...calendarIds.map(calendar)),
      projectCalendar: fc.constantFrom(...calendarIds),
      levelSteps: fc.array(fc.integer({ min: -3, max: 1 }), { minLength: taskIds.length, maxLength: taskIds.length }),
      tasks: fc.tuple(
        ...taskIds.map((id) =>
          fc.record(
            {
              id: fc.constant(id),
              name: word,
              duration: fc.integer({ min: 0, max: 200_000 }),
              unit: fc.constantFrom(...DURATION_UNITS),
              milestone: fc.boolean(),
              constraintType: fc.constantFrom(...CONSTRAINT_TYPES),
              constraintDate: wall,
              deadline: wall,
              calendarId: fc.constantFrom(...calendarIds),
              percentComplete: fc.integer({ min: 0, max: 100 }),
              actualStart: wall,
              actualFinish: wall,
              assignees: fc.uniqueArray(word.filter((s) => s.length > 0), { maxLength: 3 }),
              notes,
              start: wall,
              finish: wall,
            },
            { requiredKeys: ['id', 'name', 'duration', 'unit', 'milestone', 'constraintType', 'constraintDate', 'percentComplete', 'assignees'] },
          ),
        ),
      ),
      links: fc.array(
        fc.record({
          from: fc.nat(),
          to: fc.nat(),
          type: fc.constantFrom(...LINK_TYPES),
          lagFormat: fc.constantFrom(...LAG_FORMATS),
          lag: fc.integer({ min: -20_000, max: 20_000 }),
        }),
        { maxLength: 20 },
      ),
      baselines: fc.uniqueArray(
        fc.record({ index: fc.integer({ min: 0, max: 10 }), picks: fc.array(fc.record({ at: fc.nat(), start: wall, length: fc.integer({ min: 0, max: 50_000 }), duration: fc.integer({ min: 0, max: 50_000 }) }), { maxLength: 5 }) }),
        { selector: (b) => b.index, maxLength: 3 },
      ),
      settings: fc.constant(settings),
    }),
  )
  .map(({ calendars, projectCalendar, levelSteps, tasks: raw, links: rawLinks, baselines: rawBaselines, settings }) => {
    let level = 0;
    const tasks: Task[] = raw.map((r, i) => {
      level = i === 0 ? 1 : Math.max(1, Math.min(level + 1, level + (levelSteps[i] ?? 0)));
      const task: Task = {
        id: r.id,
        name: r.name,
        level,
        duration: r.duration,
        unit: r.unit,
        milestone: r.milestone,
        constraint: r.constraintType === 'ASAP' || r.constraintType === 'ALAP' ? { type: r.constraintType } : { type: r.constraintType, date: r.constraintDate },
        percentComplete: r.percentComplete,
        assignees: r.assignees,
      };
      if (r.deadline !== undefined) task.deadline = r.deadline;
      if (r.calendarId !== undefined) task.calendarId = r.calendarId;
      if (r.actualStart !== undefined) task.actualStart = r.actualStart;
      if (r.actualFinish !== undefined) task.actualFinish = r.actualFinish;
      if (r.notes !== undefined) task.notes = r.notes;
      if (r.start !== undefined) task.start = r.start;
      if (r.finish !== undefined) task.finish = r.finish;
      return task;
    });
    const links: Link[] = [];
    const seen = new Set<string>();
    if (tasks.length > 1)
      for (const l of rawLinks) {
        const from = tasks[l.from % tasks.length]!.id;
        const to = tasks[l.to % tasks.length]!.id;
        if (from === to || seen.has(`${from}>${to}`)) continue;
        seen.add(`${from}>${to}`);
        links.push({ from, to, type: l.type, lag: l.lagFormat === 'percent' ? l.lag % 300 || 0 : l.lag, lagFormat: l.lagFormat });
      }
    const baselines: Baseline[] = tasks.length === 0 ? [] : rawBaselines
      .map((b) => {
        const record: Baseline['tasks'] = {};
        for (const p of b.picks) record[tasks[p.at % tasks.length]!.id] = { start: p.start, finish: p.start + p.length, duration: p.duration };
        return { index: b.index, savedAt: '', tasks: record };
      })
      .filter((b) => Object.keys(b.tasks).length > 0)
      .sort((a, b) => a.index - b.index);
    const { minutesPerDay, daysPerMonth, start, statusDate, nearCriticalMinutes } = settings;
    return {
      settings: {
        start,
        ...(statusDate !== undefined ? { statusDate } : {}),
        calendarId: projectCalendar,
        minutesPerDay,
        minutesPerWeek: minutesPerDay * 5,
        daysPerMonth,
        nearCriticalMinutes,
      },
      calendars: [...calendars],
      tasks,
      links,
      baselines,
    };
  });

const byEnds = (links: Link[]) => [...links].sort((a, b) => a.to - b.to || a.from - b.from);

describe('MSPDI round trip', () => {
  it('reads back every generated schedule it writes', () => {
    fc.assert(
      fc.property(model, (m) => {
        const xml = exportMspdi(m, undefined, { name: 'Round & trip' });
        const back = importMspdi(xml, { nearCriticalMinutes: m.settings.nearCriticalMinutes });
        // A baseline's save date has no place in MSPDI; the file's save date stands for it. Links
        // are kept under their successor there, so they come back in successor order.
        expect({ ...back.model, links: byEnds(back.model.links), baselines: back.model.baselines.map((b) => ({ ...b, savedAt: '' })) }).toEqual({
          ...m,
          links: byEnds(m.links),
        });
        expect(back.warnings.filter((w) => w.code !== 'noName')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the same file again from what it read', () => {
    fc.assert(
      fc.property(model, (m) => {
        const xml = exportMspdi(m);
        expect(exportMspdi(importMspdi(xml, { nearCriticalMinutes: m.settings.nearCriticalMinutes }).model)).toBe(xml);
      }),
      { numRuns: 100 },
    );
  });
});

describe('MSPDI with a schedule result', () => {
  it('states the scheduled dates, floats in tenths of a minute and criticality', () => {
    const m: ScheduleModel = {
      settings: { start: JAN_2020 + 480, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
      calendars: [{ id: 1, name: 'Standard', week: [[], [{ from: 480, to: 1020 }], [], [], [], [], []], exceptions: [] }],
      tasks: [
        { id: 5, name: 'Dig', level: 1, duration: 480, unit: 'd', milestone: false, constraint: { type: 'ASAP' }, percentComplete: 0, assignees: [], start: 0, finish: 0 },
      ],
      links: [],
      baselines: [],
    };
    const start = JAN_2020 + 2 * DAY + 480;
    const finish = start + 540;
    const dates = { start, finish, earlyStart: start, earlyFinish: finish, lateStart: start + 60, lateFinish: finish + 60, totalFloat: 60, freeFloat: 30, critical: true };
    const xml = exportMspdi(m, { tasks: new Map([[5, dates]]), finish });
    expect(xml).toContain('<Start>2020-01-03T08:00:00</Start>');
    expect(xml).toContain('<Finish>2020-01-03T17:00:00</Finish>');
    expect(xml).toContain('<FinishDate>2020-01-03T17:00:00</FinishDate>');
    expect(xml).toContain('<LateStart>2020-01-03T09:00:00</LateStart>');
    expect(xml).toContain('<TotalSlack>600</TotalSlack>');
    expect(xml).toContain('<FreeSlack>300</FreeSlack>');
    expect(xml).toContain('<Critical>1</Critical>');
    const back = importMspdi(xml).model.tasks[0]!;
    expect([back.start, back.finish]).toEqual([start, finish]);
  });
});
