import type { Kysely } from 'kysely';
import { applyChanges } from '../../../core/schedule/changes.ts';
import { scheduleAll } from '../../../core/schedule/engine.ts';
import { dayOf, type LinkType, type ScheduleModel, type Task, type TaskConstraint } from '../../../core/schedule/model.ts';
import type { Clock } from '../../clock.ts';
import { writeJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { recordChange } from '../../modules/schedule/context.ts';
import { datesOf, figuresOf } from '../../modules/schedule/scheduled.ts';
import { emptyModel } from '../../modules/schedule/schedules.ts';
import { readSeedDemo } from '../seed-files.ts';

/** The demo schedule of a workspace is found again by this on every start (a deleted one too: not brought back). */
const SEED_KEY = 'demo-construction';
const DAY = 480;
const FLOORS = 8;

/**
 * A construction programme of about 150 rows, as a site team would keep it: site set-up,
 * substructure, the frame floor by floor, the envelope, MEP, finishes per floor and handover,
 * tied by finish-to-start, start-to-start and finish-to-finish links with lags, a few
 * constraints and a deadline. Task names stay in English: a task name is one text in the
 * model, as MS Project exchanges it, and the demo's workspace names are English too.
 */
export function demoConstructionModel(projectStart: number): { model: ScheduleModel; progressed: (row: Task) => number; currentTask: number } {
  const model = emptyModel(projectStart);
  let nextId = 1;
  const ids = new Map<string, number>();
  const add = (key: string, name: string, level: number, days = 0, extra: Partial<Task> = {}): number => {
    const id = nextId++;
    ids.set(key, id);
    model.tasks.push({
      id,
      name,
      level,
      duration: days * DAY,
      unit: 'd',
      milestone: days === 0 && level > 1,
      constraint: { type: 'ASAP' },
      percentComplete: 0,
      assignees: [],
      ...extra,
    });
    return id;
  };
  const link = (from: string, to: string, type: LinkType = 'FS', lagDays = 0) =>
    model.links.push({ from: ids.get(from)!, to: ids.get(to)!, type, lag: lagDays * DAY, lagFormat: 'work' });
  const on = (days: number): TaskConstraint['date'] => projectStart + Math.round((days * 7) / 5) * 1440;

  add('setup', 'Site set-up', 1);
  add('start', 'Contract start', 2, 0);
  add('hoarding', 'Hoarding and gates', 2, 5, { assignees: ['Site crew'] });
  add('cabins', 'Site cabins and welfare', 2, 4, { assignees: ['Site crew'] });
  add('power', 'Temporary power and water', 2, 6, { assignees: ['Electrical subcontractor'] });
  add('road', 'Site access road', 2, 8, { assignees: ['Groundworks'] });
  add('crane', 'Tower crane erection', 2, 4, { constraint: { type: 'SNET', date: on(15) }, assignees: ['Crane hire'] });
  link('start', 'hoarding');
  link('hoarding', 'cabins', 'SS', 2);
  link('hoarding', 'power', 'SS', 2);
  link('hoarding', 'road');
  link('road', 'crane');

  add('sub', 'Substructure', 1);
  add('excavation', 'Bulk excavation', 2, 15, { assignees: ['Groundworks'] });
  add('piling', 'Piling', 2, 20, { assignees: ['Piling contractor'] });
  add('pileTests', 'Pile integrity tests', 2, 3);
  add('caps', 'Pile caps and ground beams', 2, 12, { assignees: ['Concrete crew'] });
  add('drainage', 'Below-ground drainage', 2, 10, { assignees: ['Groundworks'] });
  add('basementSlab', 'Basement slab', 2, 10, { assignees: ['Concrete crew'] });
  add('basementWalls', 'Basement walls', 2, 15, { assignees: ['Concrete crew'] });
  add('tanking', 'Basement waterproofing', 2, 8, { assignees: ['Waterproofing subcontractor'] });
  add('backfill', 'Backfill and compaction', 2, 5, { assignees: ['Groundworks'] });
  add('groundSlab', 'Ground floor slab', 2, 8, { assignees: ['Concrete crew'] });
  add('subDone', 'Substructure complete', 2, 0);
  link('road', 'excavation');
  link('excavation', 'piling', 'SS', 5);
  link('piling', 'pileTests');
  link('pileTests', 'caps');
  link('caps', 'drainage', 'SS', 3);
  link('caps', 'basementSlab');
  link('drainage', 'basementSlab', 'FF');
  link('basementSlab', 'basementWalls');
  link('basementWalls', 'tanking', 'SS', 5);
  link('tanking', 'backfill');
  link('backfill', 'groundSlab');
  link('groundSlab', 'subDone');

  add('frame', 'Structure', 1);
  for (let floor = 1; floor <= FLOORS; floor++) {
    const f = (key: string) => `${key}${floor}`;
    add(f('level'), `Level ${floor} frame`, 2);
    add(f('columns'), `Level ${floor} columns and core walls`, 3, 5, { assignees: ['Concrete crew'] });
    add(f('formwork'), `Level ${floor + 1 > FLOORS ? 'roof' : floor + 1} slab formwork`, 3, 4, { assignees: ['Formwork crew'] });
    add(f('rebar'), `Level ${floor + 1 > FLOORS ? 'roof' : floor + 1} slab reinforcement`, 3, 3, { assignees: ['Steel fixers'] });
    add(f('pour'), `Level ${floor + 1 > FLOORS ? 'roof' : floor + 1} slab pour`, 3, 1, { assignees: ['Concrete crew'] });
    add(f('strip'), `Level ${floor} back-propping and striking`, 3, 2, { assignees: ['Formwork crew'] });
    link(f('columns'), f('formwork'));
    link(f('formwork'), f('rebar'), 'SS', 2);
    link(f('rebar'), f('pour'));
    // Slabs cure before the props come out.
    link(f('pour'), f('strip'), 'FS', 5);
    if (floor === 1) {
      link('subDone', f('columns'));
      link('crane', f('columns'));
    } else {
      link(`pour${floor - 1}`, f('columns'), 'FS', 1);
    }
  }
  add('topOut', 'Frame topped out', 2, 0);
  link(`pour${FLOORS}`, 'topOut');

  add('envelope', 'Envelope', 1);
  for (let floor = 1; floor <= FLOORS; floor++) {
    add(`facade${floor}`, `Level ${floor} curtain wall`, 2, 6, { assignees: ['Façade subcontractor'] });
    // The façade follows the frame two floors behind.
    link(floor + 2 <= FLOORS ? `strip${floor + 2}` : 'topOut', `facade${floor}`);
    if (floor > 1) link(`facade${floor - 1}`, `facade${floor}`, 'SS', 3);
  }
  add('roofing', 'Roof waterproofing and insulation', 2, 10, { assignees: ['Roofing subcontractor'] });
  add('roofPlant', 'Roof plant supports', 2, 4, { assignees: ['Steel fabricator'] });
  add('watertight', 'Building watertight', 2, 0, { deadline: on(210) });
  link('topOut', 'roofing');
  link('roofing', 'roofPlant', 'SS', 4);
  link(`facade${FLOORS}`, 'watertight');
  link('roofing', 'watertight');

  add('mep', 'MEP services', 1);
  add('risers', 'Service risers', 2, 15, { assignees: ['Mechanical subcontractor'] });
  link('topOut', 'risers', 'SS', 0);
  link('strip4', 'risers');
  add('plantRoom', 'Plant room installation', 2, 20, { assignees: ['Mechanical subcontractor'] });
  link('roofPlant', 'plantRoom');
  const zones = [
    ['low', 'Levels 1–4', 4],
    ['high', 'Levels 5–8', 8],
  ] as const;
  for (const [zone, label, last] of zones) {
    add(`mep${zone}`, `${label} rough-in`, 2);
    add(`hvac${zone}`, `${label} ductwork and pipework`, 3, 20, { assignees: ['Mechanical subcontractor'] });
    add(`plumb${zone}`, `${label} plumbing and drainage`, 3, 15, { assignees: ['Plumbing subcontractor'] });
    add(`elec${zone}`, `${label} containment and cabling`, 3, 18, { assignees: ['Electrical subcontractor'] });
    add(`sprink${zone}`, `${label} sprinklers and fire alarm`, 3, 12, { assignees: ['Fire protection subcontractor'] });
    link(`facade${last}`, `hvac${zone}`, 'SS', 2);
    link(`strip${last}`, `hvac${zone}`);
    link(`hvac${zone}`, `plumb${zone}`, 'SS', 5);
    link(`hvac${zone}`, `elec${zone}`, 'SS', 5);
    link(`elec${zone}`, `sprink${zone}`, 'FF', 2);
  }
  add('lifts', 'Lift installation', 2, 30, { assignees: ['Lift contractor'] });
  link('topOut', 'lifts', 'FS', 5);
  add('power-on', 'Permanent power on', 2, 0, { constraint: { type: 'FNLT', date: on(235) } });
  link('plantRoom', 'power-on');
  link('elechigh', 'power-on');

  add('finishes', 'Finishes', 1);
  for (let floor = 1; floor <= FLOORS; floor++) {
    const zone = floor <= 4 ? 'low' : 'high';
    add(`fin${floor}`, `Level ${floor} finishes`, 2);
    add(`dry${floor}`, `Level ${floor} drylining and partitions`, 3, 8, { assignees: ['Drylining subcontractor'] });
    add(`ceil${floor}`, `Level ${floor} ceilings`, 3, 6, { assignees: ['Ceiling subcontractor'] });
    add(`floor${floor}`, `Level ${floor} floor finishes`, 3, 5, { assignees: ['Flooring subcontractor'] });
    add(`paint${floor}`, `Level ${floor} painting and decoration`, 3, 6, { assignees: ['Painters'] });
    link(`facade${floor}`, `dry${floor}`);
    link(`hvac${zone}`, `dry${floor}`, 'SS', 5);
    link(`dry${floor}`, `ceil${floor}`, 'SS', 4);
    link(`ceil${floor}`, `floor${floor}`);
    link(`ceil${floor}`, `paint${floor}`, 'FF', 2);
    if (floor > 1) link(`dry${floor - 1}`, `dry${floor}`, 'SS', 3);
  }

  add('handover', 'Testing, commissioning and handover', 1);
  add('commissioning', 'Testing and commissioning', 2, 15, { assignees: ['Commissioning manager'] });
  add('fireTest', 'Fire strategy tests and certificate', 2, 5, { assignees: ['Fire engineer'] });
  add('snagging', 'Snagging and defects', 2, 10, { assignees: ['Site crew'] });
  add('clean', 'Sparkle clean', 2, 4, { assignees: ['Cleaning contractor'] });
  add('om', 'O&M manuals and as-built drawings', 2, 10, { assignees: ['Document controller'] });
  add('practical', 'Practical completion', 2, 0, { deadline: on(300) });
  link('power-on', 'commissioning');
  link('lifts', 'commissioning');
  link('sprinkhigh', 'commissioning');
  link('commissioning', 'fireTest');
  link(`paint${FLOORS}`, 'snagging');
  link(`floor${FLOORS}`, 'snagging');
  link('snagging', 'clean');
  link('commissioning', 'om', 'SS', 5);
  link('fireTest', 'practical');
  link('clean', 'practical');
  link('om', 'practical');

  // Done so far: set-up, substructure and the first floors of the frame; the fifth under way.
  const doneThrough = ids.get('strip4')!;
  const underWay = new Map([
    [ids.get('columns5')!, 100],
    [ids.get('formwork5')!, 60],
    [ids.get('rebar5')!, 20],
    [ids.get('facade1')!, 40],
  ]);
  // Work rows only: a summary's progress is its rows'.
  const summaries = new Set(model.tasks.filter((task, row) => (model.tasks[row + 1]?.level ?? 0) > task.level).map((task) => task.id));
  const progressed = (task: Task) => (summaries.has(task.id) ? 0 : task.id <= doneThrough ? 100 : (underWay.get(task.id) ?? 0));
  return { model, progressed, currentTask: ids.get('formwork5')! };
}

/**
 * Each demo workspace's construction schedule, made once: its baseline saved as planned, then
 * progress recorded up to the status date. Run at every start; a workspace that has had it
 * (kept, archived or deleted) is left alone.
 */
export async function seedDemoSchedules(deps: { db: Kysely<DB>; clock: Clock }): Promise<void> {
  const demo = readSeedDemo();
  const now = deps.clock.now();
  const today = dayOf(Math.floor(now / 60000));
  for (const seedTenant of demo.tenants) {
    const tenant = await deps.db.selectFrom('tenant').select('id').where('code', '=', seedTenant.code).executeTakeFirst();
    if (!tenant) continue;
    const scope = new TenantScope(deps.db, tenant.id);
    const admin = seedTenant.members.find((m) => m.type === 'ADMIN');
    const owner = admin ? await deps.db.selectFrom('app_user').select('id').where('username', '=', admin.username).executeTakeFirst() : undefined;
    if (!owner) continue;
    for (const seedWorkspace of seedTenant.workspaces) {
      const workspace = await scope.selectFrom('workspace').select('id').where('code', '=', seedWorkspace.code).executeTakeFirst();
      if (!workspace) continue;
      const had = await scope.selectFrom('schedule').select('id').where('workspace_id', '=', workspace.id).where('seed_key', '=', SEED_KEY).executeTakeFirst();
      if (had) continue;
      // Started on the Monday that puts today in the fifth floor's slab works; the status date is today's end of work.
      const trial = demoConstructionModel(today * 1440 + 8 * 60);
      const offset = dayOf(scheduleAll(trial.model).tasks.get(trial.currentTask)!.start) - today + 2;
      const startDay = today - offset - ((today - offset + 3) % 7);
      const { model: planned, progressed } = demoConstructionModel(startDay * 1440 + 8 * 60);
      const planTime = new Date((startDay - 7) * 86_400_000 + 9 * 3_600_000).toISOString();
      const baselined = applyChanges(planned, [{ op: 'baselineSave', index: 0, savedAt: planTime }], { datesOf });
      const model = applyChanges(
        baselined,
        [
          { op: 'settingsUpdate', set: { statusDate: today * 1440 + 17 * 60 } },
          ...baselined.tasks.filter((t) => progressed(t) > 0).map((t) => ({ op: 'taskUpdate' as const, id: t.id, set: { percentComplete: progressed(t) } })),
        ],
        { datesOf },
      );
      const figures = figuresOf(model);
      const time = new Date(now).toISOString();
      await deps.db.transaction().execute(async (trx) => {
        const tx = scope.with(trx);
        const { id } = await tx
          .insertInto('schedule', [
            {
              workspace_id: workspace.id,
              name: 'Construction programme',
              status: 'active',
              owner_id: owner.id,
              revision: 1,
              model: writeJson(model),
              task_count: figures.taskCount,
              start_time: figures.start,
              finish_time: figures.finish,
              progress: figures.progress,
              seed_key: SEED_KEY,
              created_by: owner.id,
              create_time: planTime,
              updated_by: owner.id,
              update_time: time,
            },
          ])
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordChange(tx, { scheduleId: id, revision: 1, action: 'create', userId: owner.id, time: planTime });
      });
    }
  }
}
