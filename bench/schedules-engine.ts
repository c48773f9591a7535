/**
 * Scheduling engine benchmark (`npm run bench -- schedules`, Node part): a generated schedule of
 * 10,000 tasks and 14,000 links, and one of 1,000 and 1,400 so the growth shows. Each has a WBS of
 * phases and work packages, a project calendar with a lunch break and public holidays, a six-day
 * site calendar on a share of the tasks, every link type with lags and leads (working, elapsed
 * and percent), a few "start no earlier than" and "finish no later than" constraints, and deadlines.
 * Figures: a full schedule (scheduleAll), and one edit re-scheduled (a task's duration changed
 * through createScheduler), median and p95 over repeated runs. Targets: full < 50 ms and one
 * edit < 5 ms at 10,000 tasks.
 */
import { createScheduler, scheduleAll } from '../src/core/schedule/engine.ts';
import { parseWallTime, standardCalendar, type Calendar, type Link, type ScheduleModel, type Task } from '../src/core/schedule/model.ts';
import { median, printTable, quantileOf } from './report.ts';

const FULL_TARGET_MS = 50;
const EDIT_TARGET_MS = 5;
const DAY = 480;

/** A small deterministic generator, so every run schedules the same network. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function holidays(): Calendar['exceptions'] {
  const days: Calendar['exceptions'] = [];
  for (let year = 2026; year <= 2032; year++) {
    for (const date of ['01-01', '04-06', '05-01', '05-25', '07-14', '08-15', '11-11', '12-25', '12-26']) {
      days.push({ name: 'Public holiday', from: `${year}-${date}`, to: `${year}-${date}`, periods: [] });
    }
    days.push({ name: 'Site closed', from: `${year}-08-03`, to: `${year}-08-14`, periods: [] });
  }
  return days;
}

export function generateSchedule(taskCount: number, linkCount: number, seed = 23): ScheduleModel {
  const next = random(seed);
  const project: Calendar = { ...standardCalendar(1, 'Standard'), exceptions: holidays() };
  const day = [{ from: 420, to: 720 }, { from: 780, to: 1020 }];
  const site: Calendar = { id: 2, name: 'Six-day site', week: [[], day, day, day, day, day, [{ from: 420, to: 720 }]], exceptions: holidays() };
  const start = parseWallTime('2026-01-05T08:00');
  const tasks: Task[] = [];
  const leaves: number[] = [];
  // Phases of about 50 rows, each of work packages of about 10 tasks.
  while (tasks.length < taskCount) {
    const level = tasks.length % 50 === 0 ? 1 : tasks.length % 10 === 0 ? 2 : 3;
    const i = tasks.length;
    const isLeaf = level === 3;
    const task: Task = {
      id: i + 1,
      name: `${level === 1 ? 'Phase' : level === 2 ? 'Package' : 'Task'} ${i + 1}`,
      level,
      duration: isLeaf ? (next() < 0.05 ? 0 : Math.round(1 + next() * 9) * (DAY / 2)) : 0,
      unit: isLeaf && next() < 0.03 ? 'ed' : 'd',
      milestone: false,
      constraint: { type: 'ASAP' },
      percentComplete: 0,
      assignees: [],
    };
    if (task.unit === 'ed') task.duration = Math.round(1 + next() * 4) * 1440;
    if (isLeaf) {
      leaves.push(i);
      const r = next();
      if (r < 0.04) task.constraint = { type: 'SNET', date: start + Math.floor(next() * 600) * 1440 };
      else if (r < 0.05) task.constraint = { type: 'FNLT', date: start + Math.floor(200 + next() * 800) * 1440 };
      else if (r < 0.055) task.constraint = { type: 'ALAP' };
      if (next() < 0.02) task.deadline = start + Math.floor(100 + next() * 900) * 1440;
      if (next() < 0.15) task.calendarId = 2;
    }
    tasks.push(task);
  }
  const links = new Map<string, Link>();
  const types: Link['type'][] = ['FS', 'FS', 'FS', 'FS', 'FS', 'FS', 'SS', 'SS', 'FF', 'SF'];
  while (links.size < linkCount) {
    const k = Math.floor(next() * (leaves.length - 1));
    const from = leaves[k]!;
    const to = leaves[Math.min(leaves.length - 1, k + 1 + Math.floor(next() * next() * 40))]!;
    if (from === to) continue;
    const r = next();
    const lagFormat: Link['lagFormat'] = r < 0.8 ? 'work' : r < 0.9 ? 'elapsed' : 'percent';
    const lag = lagFormat === 'percent' ? Math.round(next() * 100) : next() < 0.7 ? 0 : Math.round((next() * 3 - 1) * DAY);
    links.set(`${from}:${to}`, { from: from + 1, to: to + 1, type: types[Math.floor(next() * types.length)]!, lag, lagFormat });
  }
  return {
    settings: { start, calendarId: 1, minutesPerDay: DAY, minutesPerWeek: 5 * DAY, daysPerMonth: 20, nearCriticalMinutes: 2 * DAY },
    calendars: [project, site],
    tasks,
    links: [...links.values()],
    baselines: [],
  };
}

interface Figures {
  tasks: number;
  links: number;
  full: number[];
  fullCpu: number[];
  edit: number[];
  reached: number;
}

/** This process's CPU time: on a machine shared with other work, wall time also counts waiting. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function measure(taskCount: number, linkCount: number, runs: number): Figures {
  const model = generateSchedule(taskCount, linkCount);
  for (let i = 0; i < 5; i++) scheduleAll(model);
  const full: number[] = [];
  const fullCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu0 = cpuMs();
    const t0 = performance.now();
    scheduleAll(model);
    full.push(performance.now() - t0);
    fullCpu.push(cpuMs() - cpu0);
  }
  // Edits: a task a fifth of the way in gets a day longer, then back, so each run reaches as far.
  const scheduler = createScheduler(model);
  const leaves = model.tasks.filter((t) => t.level === 3 && t.unit === 'd' && t.duration > 0);
  const edit: number[] = [];
  let reached = 0;
  const next = random(7);
  for (let i = 0; i < runs + 5; i++) {
    const task = leaves[Math.floor(leaves.length * (0.1 + next() * 0.8))]!;
    const current = scheduler.model.tasks.find((t) => t.id === task.id)!;
    const t0 = performance.now();
    scheduler.update({ kind: 'duration', taskId: task.id, duration: current.duration + DAY });
    const took = performance.now() - t0;
    if (i >= 5) {
      edit.push(took);
      reached += scheduler.changed.length;
    }
    scheduler.update({ kind: 'duration', taskId: task.id, duration: current.duration });
  }
  return { tasks: taskCount, links: model.links.length, full, fullCpu, edit, reached: Math.round(reached / runs) };
}

export async function runSchedulesEngineBench(): Promise<void> {
  const results = [measure(1000, 1400, 60), measure(10000, 14000, 30)];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  printTable(
    ['tasks', 'links', 'full p50', 'full p95', 'full CPU p50', 'edit p50', 'edit p95', 'tasks changed by an edit'],
    results.map((r) => [r.tasks.toLocaleString('en'), r.links.toLocaleString('en'), ms(median(r.full)), ms(quantileOf(r.full, 0.95)), ms(median(r.fullCpu)), ms(median(r.edit)), ms(quantileOf(r.edit, 0.95)), String(r.reached)]),
  );
  const big = results[1]!;
  console.log(`targets at 10,000 tasks: full < ${FULL_TARGET_MS} ms: ${median(big.full) < FULL_TARGET_MS ? 'met' : 'missed'}; one edit < ${EDIT_TARGET_MS} ms: ${median(big.edit) < EDIT_TARGET_MS ? 'met' : 'missed'}`);
}
