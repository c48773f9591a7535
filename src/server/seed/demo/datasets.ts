import type { DatasetField } from '../../../core/query/query-spec.ts';
import { addDays, DAY_MS, dayStart, isoDay, mondayOf, monthStart } from './dates.ts';
import { SeededRandom } from './random.ts';

/**
 * The demo datasets every tenant gets on first seed. Each generator is deterministic for a
 * (seed date, seed) pair, so tests and benchmarks can recompute what the server stored.
 */

export type DatasetRow = Record<string, string | number | boolean | null>;

/** Seed used when a caller gives none (the benchmark, unit tests). */
export const DEFAULT_DATASET_SEED = 20261122;

export const BUILDINGS = [
  'Lujiazui Centre',
  'Hongqiao Plaza',
  'Zhangjiang Tech Park',
  'Tianhe Tower',
  'Qianjiang Complex',
  'Jinqiao Logistics Hub',
] as const;

export const PROJECTS = [
  'Qianhai Pier 7 Redevelopment',
  'Wuhan Depot Logistics Centre',
  'Chengdu Riverside Residences',
  'Hangzhou Tower Fit-out',
] as const;

const field = (name: string, title: string, type: DatasetField['type']): DatasetField => ({ name, title, type });
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const asDate = (seedDate: Date | number | string) => new Date(seedDate).getTime();

// ---------------------------------------------------------------- energy_readings

const METERS = [
  // meter, unit, daily base per building, price per unit (CNY), seasonal weight (summer cooling / winter heating)
  { meter: 'electricity', unit: 'kWh', base: 14_000, price: 0.85, summer: 0.35, winter: 0.1 },
  { meter: 'water', unit: 'm³', base: 160, price: 5.2, summer: 0.2, winter: -0.1 },
  { meter: 'gas', unit: 'm³', base: 260, price: 3.6, summer: -0.3, winter: 0.6 },
  { meter: 'heating', unit: 'GJ', base: 30, price: 78, summer: -1, winter: 1.2 },
] as const;

export const ENERGY_FIELDS: DatasetField[] = [
  field('date', 'Date', 'date'),
  field('building', 'Building', 'string'),
  field('meter', 'Meter', 'string'),
  field('value', 'Reading', 'number'),
  field('unit', 'Unit', 'string'),
  field('cost', 'Cost (CNY)', 'number'),
];

/** Daily readings of 4 meters in 6 buildings for the 365 days ending on the seed date. */
export function generateEnergyReadings(seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0xe4e7);
  const last = isoDay(asDate(seedDate));
  const sizes = BUILDINGS.map(() => random.between(0.6, 1.5));
  const rows: DatasetRow[] = [];
  for (let day = 364; day >= 0; day--) {
    const date = addDays(last, -day);
    const d = new Date(dayStart(date));
    // +1 in mid-July, -1 in mid-January.
    const season = Math.cos(((d.getUTCMonth() + d.getUTCDate() / 31 - 6.5) / 12) * 2 * Math.PI);
    const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
    for (const [b, building] of BUILDINGS.entries()) {
      for (const m of METERS) {
        const seasonal = season > 0 ? 1 + m.summer * season : 1 - m.winter * season;
        const usage = weekend && m.meter !== 'heating' ? 0.7 : 1;
        const value = Math.max(0, m.base * sizes[b]! * seasonal * usage * (1 + 0.08 * random.gauss()));
        rows.push({ date, building, meter: m.meter, value: round(value, 1), unit: m.unit, cost: round(value * m.price, 2) });
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------- occupancy

const PLACES = [
  ['上海', '上海'],
  ['北京', '北京'],
  ['广东', '广州'],
  ['广东', '深圳'],
  ['浙江', '杭州'],
  ['浙江', '宁波'],
  ['江苏', '南京'],
  ['江苏', '苏州'],
  ['四川', '成都'],
  ['湖北', '武汉'],
  ['山东', '济南'],
  ['山东', '青岛'],
  ['福建', '厦门'],
  ['福建', '福州'],
  ['天津', '天津'],
  ['重庆', '重庆'],
  ['陕西', '西安'],
] as const;

const PROPERTY_TYPES = {
  office: { names: ['国际中心', '金融大厦', '科技园'], area: [18_000, 80_000], rent: [110, 280], occupancy: 86 },
  retail: { names: ['购物中心', '万象广场'], area: [25_000, 120_000], rent: [180, 420], occupancy: 90 },
  residential: { names: ['花园公寓', '人才公寓'], area: [12_000, 45_000], rent: [55, 110], occupancy: 93 },
  logistics: { names: ['物流园', '仓储中心'], area: [40_000, 160_000], rent: [28, 48], occupancy: 95 },
} as const;

type PropertyType = keyof typeof PROPERTY_TYPES;

export const OCCUPANCY_FIELDS: DatasetField[] = [
  field('month', 'Month', 'date'),
  field('province', 'Province', 'string'),
  field('city', 'City', 'string'),
  field('property', 'Property', 'string'),
  field('type', 'Type', 'string'),
  field('area_sqm', 'Area (m²)', 'number'),
  field('leased_sqm', 'Leased (m²)', 'number'),
  field('occupancy_rate', 'Occupancy (%)', 'number'),
  field('rent', 'Rent (CNY/month)', 'number'),
];

/** How many properties a tenant's portfolio holds: its own number, so each tenant's website tells its own figures. */
const PROPERTY_COUNT = { min: 24, max: 48 };

/** A portfolio of properties across China, one row per property and month for the 24 months up to the seed month. */
export function generateOccupancy(seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0x0cc0);
  const count = random.int(PROPERTY_COUNT.min, PROPERTY_COUNT.max);
  const last = isoDay(asDate(seedDate));
  const types = Object.keys(PROPERTY_TYPES) as PropertyType[];
  const used = new Set<string>();
  const properties: { province: string; city: string; property: string; type: PropertyType; area: number; rent: number; occupancy: number }[] = [];
  while (properties.length < count) {
    const [province, city] = random.pick(PLACES);
    const type = random.weighted<PropertyType>([
      [types[0]!, 4],
      [types[1]!, 2],
      [types[2]!, 2],
      [types[3]!, 2],
    ]);
    const spec = PROPERTY_TYPES[type];
    const name = `${city}${random.pick(spec.names)}`;
    const property = used.has(name) ? `${name}${['二期', '三期', '四期'][properties.length % 3]}` : name;
    if (used.has(property)) continue;
    used.add(property);
    properties.push({
      province,
      city,
      property,
      type,
      area: Math.round(random.between(spec.area[0], spec.area[1]) / 100) * 100,
      rent: random.between(spec.rent[0], spec.rent[1]),
      occupancy: spec.occupancy + random.between(-12, 4),
    });
  }
  const rows: DatasetRow[] = [];
  for (let back = 23; back >= 0; back--) {
    const month = monthStart(last, back);
    for (const p of properties) {
      p.occupancy = clamp(p.occupancy + 1.6 * random.gauss(), 45, 100);
      const rate = round(p.occupancy, 1);
      const leased = Math.round((p.area * rate) / 100);
      rows.push({
        month,
        province: p.province,
        city: p.city,
        property: p.property,
        type: p.type,
        area_sqm: p.area,
        leased_sqm: leased,
        occupancy_rate: rate,
        rent: Math.round(leased * p.rent),
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- work_orders

const CATEGORIES = [
  ['HVAC', 22, 1800],
  ['Electrical', 18, 900],
  ['Plumbing', 17, 650],
  ['Elevator', 9, 2600],
  ['Cleaning', 16, 180],
  ['Security', 8, 420],
  ['Fire safety', 10, 1500],
] as const;

const PRIORITIES = [
  ['P1', 5, 4],
  ['P2', 20, 24],
  ['P3', 45, 72],
  ['P4', 30, 168],
] as const;

const ASSIGNEES = [
  'Zhang Wei',
  'Li Na',
  'Wang Fang',
  'Liu Yang',
  'Chen Jie',
  'Yang Min',
  'Zhao Lei',
  'Huang Qiang',
  'Zhou Xin',
  'Wu Hao',
  'Xu Jing',
  'Sun Tao',
] as const;

export const WORK_ORDER_FIELDS: DatasetField[] = [
  field('no', 'No.', 'integer'),
  field('created', 'Created', 'datetime'),
  field('closed', 'Closed', 'datetime'),
  field('building', 'Building', 'string'),
  field('category', 'Category', 'string'),
  field('priority', 'Priority', 'string'),
  field('status', 'Status', 'string'),
  field('assignee', 'Assignee', 'string'),
  field('cost', 'Cost (CNY)', 'number'),
  field('sla_hours', 'SLA (hours)', 'number'),
  field('sla_met', 'SLA met', 'boolean'),
];

export const WORK_ORDER_COUNT = 5000;
const HOUR_MS = 3_600_000;

/** `n` work orders created over the year before the seed date, numbered in order of creation. */
export function generateWorkOrders(n: number, seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0x0a0d);
  const now = asDate(seedDate);
  const span = 365 * DAY_MS;
  // Creation times to the millisecond, oldest first, so `no` follows time.
  const created = Array.from({ length: n }, () => now - Math.floor(random.next() * span)).sort((a, b) => a - b);
  const rows: DatasetRow[] = [];
  for (let i = 0; i < n; i++) {
    const opened = created[i]!;
    const [category, , baseCost] = random.weighted(CATEGORIES.map((c) => [c, c[1]] as const));
    const [priority, , slaHours] = random.weighted(PRIORITIES.map((p) => [p, p[1]] as const));
    // Time to close: around the SLA, sometimes far beyond it.
    const hoursToClose = slaHours * Math.exp(0.55 * random.gauss() - 0.25) * (random.next() < 0.08 ? 3 : 1);
    const closeTime = opened + Math.round(hoursToClose * HOUR_MS);
    let status: string;
    let closed: string | null = null;
    let slaMet: boolean;
    if (closeTime <= now && random.next() > 0.01) {
      status = 'closed';
      closed = new Date(closeTime).toISOString();
      slaMet = hoursToClose <= slaHours;
    } else {
      status = random.weighted([
        ['open', 4],
        ['in_progress', 5],
        ['on_hold', 1],
      ]);
      slaMet = (now - opened) / HOUR_MS <= slaHours;
    }
    rows.push({
      no: i + 1,
      created: new Date(opened).toISOString(),
      closed,
      building: random.pick(BUILDINGS),
      category,
      priority,
      status,
      assignee: random.pick(ASSIGNEES),
      cost: round(baseCost * Math.exp(0.6 * random.gauss()), 2),
      sla_hours: slaHours,
      sla_met: slaMet,
    });
  }
  return rows;
}

// ---------------------------------------------------------------- project_progress

const PHASES = [
  ['Design', 0],
  ['Foundation', 10],
  ['Structure', 25],
  ['MEP', 55],
  ['Fit-out', 75],
  ['Handover', 95],
] as const;

const MILESTONES: Record<string, string> = {
  Foundation: 'Design approved',
  Structure: 'Foundations complete',
  MEP: 'Structure topped out',
  'Fit-out': 'MEP commissioned',
  Handover: 'Practical completion',
};

const phaseOf = (pct: number) => [...PHASES].reverse().find(([, from]) => pct >= from)![0];

export const PROJECT_PROGRESS_FIELDS: DatasetField[] = [
  field('week', 'Week', 'date'),
  field('project', 'Project', 'string'),
  field('phase', 'Phase', 'string'),
  field('planned_pct', 'Planned (%)', 'number'),
  field('actual_pct', 'Actual (%)', 'number'),
  field('milestone', 'Milestone', 'string'),
];

const PROGRESS_WEEKS = 78;

/** Weekly progress of 4 projects over the 78 weeks up to the week of the seed date. */
export function generateProjectProgress(seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0x9a09);
  const lastWeek = mondayOf(isoDay(asDate(seedDate)));
  const plans = PROJECTS.map(() => ({
    startWeek: random.int(-30, 20), // weeks after the first week of the window
    duration: random.int(70, 110),
    pace: random.between(0.85, 1.08), // actual speed against plan
  }));
  const sCurve = (x: number) => 100 * (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
  const rows: DatasetRow[] = [];
  const lastPhase = PROJECTS.map(() => '');
  const lastActual = PROJECTS.map(() => 0);
  for (let w = 0; w < PROGRESS_WEEKS; w++) {
    const week = addDays(lastWeek, -7 * (PROGRESS_WEEKS - 1 - w));
    for (const [p, project] of PROJECTS.entries()) {
      const plan = plans[p]!;
      const elapsed = (w - plan.startWeek) / plan.duration;
      const planned = round(sCurve(elapsed), 1);
      // Progress never goes back, so each phase starts (and its milestone falls) once.
      const actual = elapsed <= 0 ? 0 : Math.max(lastActual[p]!, round(clamp(sCurve(elapsed * plan.pace) + random.between(-0.6, 0.6), 0, 100), 1));
      lastActual[p] = actual;
      const phase = phaseOf(actual);
      const milestone = lastPhase[p] && lastPhase[p] !== phase ? (MILESTONES[phase] ?? null) : null;
      lastPhase[p] = phase;
      rows.push({ week, project, phase, planned_pct: planned, actual_pct: actual, milestone });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- cost_items

const COST_CATEGORIES = [
  ['Structure', 0.32],
  ['MEP', 0.24],
  ['Facade', 0.12],
  ['Interior', 0.16],
  ['Site works', 0.07],
  ['Preliminaries', 0.09],
] as const;

export const COST_FIELDS: DatasetField[] = [
  field('month', 'Month', 'date'),
  field('project', 'Project', 'string'),
  field('category', 'Category', 'string'),
  field('budget', 'Budget (CNY)', 'number'),
  field('committed', 'Committed (CNY)', 'number'),
  field('actual', 'Actual (CNY)', 'number'),
];

/** Monthly budget, commitments and spend of 4 projects in 6 cost categories over 24 months. */
export function generateCostItems(seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0xc057);
  const last = isoDay(asDate(seedDate));
  const totals = PROJECTS.map(() => random.between(180, 900) * 1_000_000);
  const overrun = PROJECTS.map(() => random.between(0.92, 1.15));
  const rows: DatasetRow[] = [];
  for (let back = 23; back >= 0; back--) {
    const month = monthStart(last, back);
    const x = (23 - back + 0.5) / 24;
    const curve = 6 * x * (1 - x); // spend peaks mid-project
    for (const [p, project] of PROJECTS.entries()) {
      for (const [category, share] of COST_CATEGORIES) {
        const budget = (totals[p]! * share * curve) / 24;
        const actual = budget * overrun[p]! * (1 + 0.12 * random.gauss());
        const committed = Math.max(actual, budget * (1 + random.between(-0.05, 0.25)));
        rows.push({ month, project, category, budget: Math.round(budget), committed: Math.round(committed), actual: Math.round(actual) });
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------- safety_events

const EVENT_TYPES = [
  ['observation', 45, [1, 2]],
  ['near miss', 30, [2, 3]],
  ['first aid', 18, [2, 4]],
  ['lost time', 7, [4, 5]],
] as const;

const DESCRIPTIONS: Record<string, readonly string[]> = {
  observation: [
    'Guardrail missing on level {n} slab edge',
    'Housekeeping: debris blocking stair core {n}',
    'Worker without harness on scaffold lift {n}',
    'Fire extinguisher out of date at hoist {n}',
  ],
  'near miss': [
    'Unsecured load swung near crane zone {n}',
    'Excavator reversed without banksman at gate {n}',
    'Tool dropped from level {n}, exclusion zone held',
    'Temporary cable damaged by pallet truck in bay {n}',
  ],
  'first aid': [
    'Hand cut while handling rebar on level {n}',
    'Eye irritation from grinding dust in bay {n}',
    'Minor sprain on access ramp {n}',
  ],
  'lost time': [
    'Fall from stepladder on level {n}, wrist fracture',
    'Back injury lifting formwork in bay {n}',
  ],
};

export const SAFETY_FIELDS: DatasetField[] = [
  field('date', 'Date', 'date'),
  field('site', 'Site', 'string'),
  field('type', 'Type', 'string'),
  field('severity', 'Severity', 'integer'),
  field('description', 'Description', 'string'),
];

export const SAFETY_EVENT_COUNT = 600;

/** 600 safety events on the 4 project sites over the year up to the seed date, oldest first. */
export function generateSafetyEvents(seedDate: Date | number | string, seed = DEFAULT_DATASET_SEED): DatasetRow[] {
  const random = new SeededRandom(seed ^ 0x5afe);
  const last = isoDay(asDate(seedDate));
  const days = Array.from({ length: SAFETY_EVENT_COUNT }, () => random.int(0, 364)).sort((a, b) => b - a);
  return days.map((back) => {
    const [type, , [low, high]] = random.weighted(EVENT_TYPES.map((t) => [t, t[1]] as const));
    return {
      date: addDays(last, -back),
      site: random.pick(PROJECTS),
      type,
      severity: random.int(low, high),
      description: random.pick(DESCRIPTIONS[type]!).replace('{n}', String(random.int(1, 12))),
    };
  });
}

// ---------------------------------------------------------------- catalogue

export interface DemoDataset {
  code: string;
  name: string;
  fields: DatasetField[];
  generate(seedDate: Date | number | string, seed?: number): DatasetRow[];
}

export const DEMO_DATASETS: readonly DemoDataset[] = [
  { code: 'energy_readings', name: 'Energy readings', fields: ENERGY_FIELDS, generate: generateEnergyReadings },
  { code: 'occupancy', name: 'Portfolio occupancy', fields: OCCUPANCY_FIELDS, generate: generateOccupancy },
  {
    code: 'work_orders',
    name: 'Work orders',
    fields: WORK_ORDER_FIELDS,
    generate: (seedDate, seed) => generateWorkOrders(WORK_ORDER_COUNT, seedDate, seed),
  },
  { code: 'project_progress', name: 'Project progress', fields: PROJECT_PROGRESS_FIELDS, generate: generateProjectProgress },
  { code: 'cost_items', name: 'Project costs', fields: COST_FIELDS, generate: generateCostItems },
  { code: 'safety_events', name: 'Safety events', fields: SAFETY_FIELDS, generate: generateSafetyEvents },
];
