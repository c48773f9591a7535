import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDurationShort } from '../../../../../src/core/schedule/durations.ts';
import { DURATION_UNITS, LAG_FORMATS, LINK_TYPES, type Link, type ScheduleModel, type Task } from '../../../../../src/core/schedule/model.ts';
import { importMspdi } from '../../../../../src/core/schedule/mspdi/index.ts';
import { taskTableOf, tasksFromTable, type TaskTableRow } from '../../../../../src/core/schedule/xlsx/task-table.ts';
import { readTaskSheet, writeTaskSheet } from '../../../../../src/server/modules/schedule/task-sheet.ts';

const FILES = ['ms-project-2003.xml', 'ms-project-2016.xml', 'projectlibre.xml', 'ganttproject.xml', 'primavera-p6.xml', 'asta-powerproject.xml'];
const read = (name: string) => readFileSync(new URL(`../../../../fixtures/schedules/${name}`, import.meta.url), 'utf8');
const byEnds = (links: Link[]) => [...links].sort((a, b) => a.to - b.to || a.from - b.from);

/** What the table carries of a task: durations as the table says them, to two decimals. */
const tableFields = (t: Task, settings: ScheduleModel['settings']) => ({
  id: t.id,
  name: t.name,
  level: t.level,
  duration: formatDurationShort(t.duration, t.unit, settings),
  unit: t.unit,
  percentComplete: t.percentComplete,
  assignees: t.assignees,
  start: t.start,
  finish: t.finish,
});

describe('task table', () => {
  it.each(FILES)('%s: the sheet written from the schedule reads back as the same tasks and links', async (name) => {
    const { model } = importMspdi(read(name));
    const table = taskTableOf(model);
    const rows = await readTaskSheet(await writeTaskSheet(table, 'Warehouse extension'));
    expect(rows).toEqual(table);
    const back = tasksFromTable(rows, model.settings);
    expect(back.problems).toEqual([]);
    expect(back.tasks.map((t) => tableFields(t, model.settings))).toEqual(model.tasks.map((t) => tableFields(t, model.settings)));
    expect(byEnds(back.links)).toEqual(byEnds(model.links));
  });

  it('writes predecessors as MS Project does and reads its variants', () => {
    const { model } = importMspdi(read('ms-project-2016.xml'));
    const table = taskTableOf(model);
    const row = (uid: number) => table.find((r) => r.uid === uid)!;
    expect(row(7).predecessors).toBe(`${row(6).id}SS+2d`);
    expect(row(16).predecessors).toBe(`${row(14).id}SS+50%`);
    expect(row(20).predecessors).toBe(`${row(8).id}FS+2ed`);
    expect(row(18).predecessors).toBe(`${row(17).id}FS-2d`);
    expect(row(28).duration).toBe('7ed');
    expect(row(10).duration).toBe('0d');

    const typed: TaskTableRow[] = [
      { id: 1, wbs: '1', name: 'Dig', duration: '2 days', predecessors: '', percentComplete: 0, assignees: 'Crew; Digger' },
      { id: 2, wbs: '1.1', name: 'Pour', duration: '4h', predecessors: '1ss + 1,5d; 1', percentComplete: 0, assignees: '' },
      { id: 3, wbs: '1.1.1.1', name: 'Cure', duration: 'soon', predecessors: '2FF-3eh, 9, 2XX', percentComplete: 120, assignees: '' },
    ];
    const { tasks, links, problems } = tasksFromTable(typed, model.settings);
    expect(tasks.map((t) => [t.id, t.level, t.duration, t.unit, t.percentComplete])).toEqual([
      [1, 1, 960, 'd'],
      [2, 2, 240, 'h'],
      [3, 3, 480, 'd'],
    ].map((r, i) => [...r, i === 2 ? 100 : 0]));
    expect(tasks[0]!.assignees).toEqual(['Crew', 'Digger']);
    expect(links).toEqual([
      { from: 1, to: 2, type: 'SS', lag: 720, lagFormat: 'work' },
      { from: 2, to: 3, type: 'FF', lag: -180, lagFormat: 'elapsed' },
    ]);
    expect(problems.map((p) => [p.code, p.row, p.column])).toEqual([
      ['badWbs', 3, 'wbs'],
      ['badDuration', 3, 'duration'],
      ['unknownRow', 3, 'predecessors'],
      ['badPredecessor', 3, 'predecessors'],
    ]);
  });

  it('reads back every generated table it writes', () => {
    const settings = { minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20 };
    const perUnit: Record<string, number> = { m: 1, em: 1, h: 60, eh: 60, d: 480, ed: 1440, w: 2400, ew: 10080, mo: 9600, emo: 43200 };
    const task = fc.record({
      name: fc.string({ maxLength: 10 }).map((s) => s.replace(/[,;]/g, '').trim()),
      step: fc.integer({ min: -2, max: 1 }),
      unit: fc.constantFrom(...DURATION_UNITS),
      quarters: fc.integer({ min: 0, max: 400 }),
      percentComplete: fc.integer({ min: 0, max: 100 }),
      assignees: fc.uniqueArray(fc.constantFrom('Crew', 'Digger', 'Site manager', 'Électricien', '电工'), { maxLength: 3 }),
    });
    const arbitrary = fc
      .record({
        tasks: fc.array(task, { minLength: 1, maxLength: 12 }),
        links: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), type: fc.constantFrom(...LINK_TYPES), lagFormat: fc.constantFrom(...LAG_FORMATS), lag: fc.integer({ min: -5000, max: 5000 }) }), { maxLength: 12 }),
      })
      .map(({ tasks: raw, links: rawLinks }) => {
        let level = 0;
        const tasks: Task[] = raw.map((r, i) => {
          level = i === 0 ? 1 : Math.max(1, level + r.step);
          // Whole units or quarters of them (whole minutes for minute units): what "2.25d" says exactly.
          const duration = r.unit.endsWith('m') && !r.unit.endsWith('mo') ? r.quarters : (r.quarters * perUnit[r.unit]!) / 4;
          return { id: i + 1, name: r.name, level, duration, unit: r.unit, milestone: duration === 0, constraint: { type: 'ASAP' }, percentComplete: r.percentComplete, assignees: r.assignees };
        });
        const links: Link[] = [];
        const seen = new Set<string>();
        for (const l of rawLinks) {
          const from = (l.from % tasks.length) + 1;
          const to = (l.to % tasks.length) + 1;
          if (from === to || seen.has(`${from}>${to}`)) continue;
          seen.add(`${from}>${to}`);
          // A zero lag is the same in every format and the table writes none.
          links.push({ from, to, type: l.type, lag: l.lag, lagFormat: l.lag === 0 ? 'work' : l.lagFormat });
        }
        const model: ScheduleModel = { settings: { start: 0, calendarId: 1, nearCriticalMinutes: 0, ...settings }, calendars: [], tasks, links, baselines: [] };
        return model;
      });
    fc.assert(
      fc.property(arbitrary, (model) => {
        const back = tasksFromTable(taskTableOf(model), settings);
        expect(back.problems).toEqual([]);
        expect(back.tasks).toEqual(model.tasks);
        expect(byEnds(back.links)).toEqual(byEnds(model.links));
      }),
      { numRuns: 300 },
    );
  });
});
