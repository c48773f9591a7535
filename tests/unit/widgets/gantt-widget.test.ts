import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { scheduleTask } from '../../helpers/schedule-task.ts';
import type { PublicScheduledDates } from '../../../src/core/contracts/schedules.ts';
import { standardCalendar, type ScheduleModel, type Task } from '../../../src/core/schedule/model.ts';
import { branchOf, chartColumnsHidden, resultOf } from '../../../src/web/pages/schedules/schedule-view.ts';
import schema from '../../../widgets/gantt/props.schema.json';

const task = (id: number, level: number): Task => scheduleTask(id, level, { name: `Task ${id}` });

// 1 Building › 2 Foundations › (3 Piling, 4 Slab), 5 Frame › 6 Columns; 7 Handover.
const model: ScheduleModel = {
  settings: { start: 0, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
  calendars: [standardCalendar()],
  tasks: [task(1, 1), task(2, 2), task(3, 3), task(4, 3), task(5, 2), task(6, 3), task(7, 1)],
  links: [
    { from: 3, to: 4, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 4, to: 6, type: 'FS', lag: 0, lagFormat: 'work' },
    { from: 6, to: 7, type: 'FS', lag: 0, lagFormat: 'work' },
  ],
  baselines: [],
};
const scheduled: PublicScheduledDates[] = model.tasks.map((t) => ({ id: t.id, wbs: '', summary: false, milestone: false, start: t.id, finish: t.id + 1, critical: t.id % 2 === 0, nearCritical: false }));

describe('a WBS branch of a schedule', () => {
  it('is the summary and every row under it, up to the next row as high as it', () => {
    const branch = branchOf(model, scheduled, 2)!;
    expect(branch.model.tasks.map((t) => [t.id, t.level])).toEqual([
      [2, 1],
      [3, 2],
      [4, 2],
    ]);
    expect(branch.scheduled.map((d) => d.id)).toEqual([2, 3, 4]);
  });

  it('keeps only the links between its own rows', () => {
    expect(branchOf(model, scheduled, 2)!.model.links).toEqual([{ from: 3, to: 4, type: 'FS', lag: 0, lagFormat: 'work' }]);
    expect(branchOf(model, scheduled, 1)!.model.links.map((l) => [l.from, l.to])).toEqual([
      [3, 4],
      [4, 6],
    ]);
  });

  it('is one row for a task that is no summary, and none for a task not in the schedule', () => {
    expect(branchOf(model, scheduled, 7)!.model.tasks.map((t) => [t.id, t.level])).toEqual([[7, 1]]);
    expect(branchOf(model, scheduled, 6)!.model.tasks.map((t) => [t.id, t.level])).toEqual([[6, 1]]);
    expect(branchOf(model, scheduled, 99)).toBeNull();
  });

  it('leaves the schedule itself as it was', () => {
    branchOf(model, scheduled, 5);
    expect(model.tasks.map((t) => t.level)).toEqual([1, 2, 3, 3, 2, 3, 1]);
  });
});

describe('a public link in the chart', () => {
  it('leaves out the grid columns of what the link hides', () => {
    expect(chartColumnsHidden(['duration', 'float', 'notes', 'baselines'])).toEqual([
      'duration',
      'baselineDuration',
      'durationVariance',
      'totalFloat',
      'freeFloat',
      'notes',
      'baselineStart',
      'baselineFinish',
      'startVariance',
      'finishVariance',
    ]);
    expect(chartColumnsHidden(['percentComplete', 'assignees'])).toEqual(['percentComplete', 'actualStart', 'actualFinish', 'assignees']);
    expect(chartColumnsHidden([])).toEqual([]);
  });

  it('draws the server dates and the critical flag, hidden durations and floats as zero', () => {
    const result = resultOf([{ id: 4, wbs: '1.2', summary: false, milestone: false, start: 10, finish: 20, critical: true, nearCritical: false }]);
    expect(result.tasks.get(4)).toEqual({ start: 10, finish: 20, duration: 0, totalFloat: 0, freeFloat: 0, critical: true });
  });
});

describe('the gantt widget props schema', () => {
  const validate = new Ajv({ useDefaults: true, allErrors: true }).compile(schema);

  it('takes a schedule by id or by name, and a branch, and fills in the critical path', () => {
    const props: Record<string, unknown> = { scheduleId: 3, branchTaskId: 12 };
    expect(validate(props)).toBe(true);
    expect(props.showCritical).toBe(true);
    expect(validate({ scheduleName: 'Construction programme', showCritical: false })).toBe(true);
    // A new widget has no schedule yet: its cell asks for one.
    expect(validate({})).toBe(true);
  });

  it('refuses ids that are no ids, an empty name and props it does not know', () => {
    expect(validate({ scheduleId: 0 })).toBe(false);
    expect(validate({ scheduleId: 1.5 })).toBe(false);
    expect(validate({ branchTaskId: '4' })).toBe(false);
    expect(validate({ scheduleName: '' })).toBe(false);
    expect(validate({ scheduleId: 1, zoom: 'weeks' })).toBe(false);
  });
});
