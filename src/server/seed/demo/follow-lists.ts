import type { Kysely } from 'kysely';
import type { BuiltInSourceKey } from '../../../core/contracts/follow-settings.ts';
import { storedText, type LocalTexts } from '../../../core/local-text.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { readSeedDemo } from '../seed-files.ts';

type Text = Required<LocalTexts>;
const text = (en: string, zh: string, ar: string): Text => ({ en, 'zh-CN': zh, ar });

interface DemoOption {
  code: string;
  label: Text;
  retired?: boolean;
  children?: DemoOption[];
}

/** Trade packages of a building site; demolition is finished, so its package is retired. */
export const DEMO_TRADES = {
  concrete: { code: 'TP01', label: text('Concrete works', '混凝土工程', 'أعمال الخرسانة') },
  carpentry: { code: 'TP02', label: text('Carpentry', '木工', 'النجارة') },
  electrical: { code: 'TP03', label: text('Electrical', '电气', 'الكهرباء') },
  mechanical: { code: 'TP04', label: text('Mechanical', '暖通空调', 'الأعمال الميكانيكية') },
  painting: { code: 'TP05', label: text('Painting', '油漆', 'الدهان') },
  plumbing: { code: 'TP06', label: text('Plumbing', '给排水', 'السباكة') },
  ceilings: { code: 'TP07', label: text('Ceilings', '吊顶', 'الأسقف المعلقة') },
  safety: { code: 'TP08', label: text('Site safety', '现场安全', 'السلامة في الموقع') },
  glazing: { code: 'TP09', label: text('Glazing', '玻璃', 'الزجاج') },
  demolition: { code: 'TP10', label: text('Demolition', '拆除', 'الهدم'), retired: true },
} as const satisfies Record<string, DemoOption>;
export type DemoTrade = keyof typeof DEMO_TRADES;

/** Floors and their zones, under each workspace's building. */
const FLOORS = {
  B1: {
    label: text('Basement', '地下室', 'القبو'),
    zones: { C3: text('Grid C/3', '轴线 C/3', 'المحور C/3'), CP: text('Car park', '停车场', 'موقف السيارات') },
  },
  GF: {
    label: text('Ground floor', '一层', 'الطابق الأرضي'),
    zones: {
      REC: text('Reception', '接待处', 'الاستقبال'),
      COR: text('Corridor', '走廊', 'الممر'),
      R003: text('Room 0.03', '0.03 房间', 'الغرفة 0.03'),
      PLT: text('Plant room', '设备间', 'غرفة المعدات'),
    },
  },
  '1F': {
    label: text('First floor', '二层', 'الطابق الأول'),
    zones: { STR: text('Stair core', '楼梯间', 'بيت الدرج'), R104: text('Room 1.04', '1.04 房间', 'الغرفة 1.04'), COR: text('Corridor', '走廊', 'الممر') },
  },
  RF: {
    label: text('Roof', '屋顶', 'السطح'),
    zones: { TER: text('Roof terrace', '屋顶露台', 'تراس السطح') },
  },
} as const;
type Floors = typeof FLOORS;
export type DemoFloor = keyof Floors;
/** A place on a demo building: its floor and a zone of that floor. */
export type DemoPlace = { [F in DemoFloor]: [F, keyof Floors[F]['zones']] }[DemoFloor];

/** The building of each demo workspace, as its location list names it. */
const BUILDINGS: Readonly<Record<string, { code: string; label: Text }>> = {
  'NW-HQ': { code: 'HQ', label: text('Headquarters', '总部大楼', 'المقر الرئيسي') },
  'NW-TOWER': { code: 'TWR', label: text('Tower', '塔楼', 'البرج') },
  'HB-PIER': { code: 'PIER', label: text('Pier building', '码头大楼', 'مبنى الرصيف') },
  'HB-DEPOT': { code: 'DEPOT', label: text('Depot', '仓库', 'المستودع') },
};
const buildingOf = (workspaceCode: string) => BUILDINGS[workspaceCode] ?? { code: 'BLD', label: text('Main building', '主楼', 'المبنى الرئيسي') };

const COMPANIES: DemoOption[] = [
  { code: 'NWC', label: text('Northwind Construction Ltd', '北风建设有限公司', 'شركة نورثويند للإنشاءات') },
  { code: 'BLE', label: text('Brightline Electrical', '明线电气', 'برايتلاين للكهرباء') },
  { code: 'COJ', label: text('Cedar & Oak Joinery', '雪松橡木细木工', 'سيدر آند أوك للنجارة') },
  { code: 'BWP', label: text('Bluewater Plumbing', '蓝水管道工程', 'بلو ووتر للسباكة') },
  { code: 'ATC', label: text('Atlas Concrete', '阿特拉斯混凝土', 'أطلس للخرسانة') },
];

/** Cost codes by work section and their subsections. */
const COST_CODES: DemoOption[] = [
  {
    code: '03 00 00',
    label: text('Concrete', '混凝土', 'الخرسانة'),
    children: [
      { code: '03 30 00', label: text('Cast-in-place concrete', '现浇混凝土', 'الخرسانة المصبوبة في الموقع') },
      { code: '03 40 00', label: text('Precast concrete', '预制混凝土', 'الخرسانة مسبقة الصب') },
    ],
  },
  {
    code: '06 00 00',
    label: text('Wood and plastics', '木材与塑料', 'الأخشاب واللدائن'),
    children: [{ code: '06 20 00', label: text('Finish carpentry', '装修木工', 'النجارة التشطيبية') }],
  },
  {
    code: '09 00 00',
    label: text('Finishes', '装饰装修', 'التشطيبات'),
    children: [
      { code: '09 50 00', label: text('Ceilings', '吊顶', 'الأسقف') },
      { code: '09 90 00', label: text('Painting and coating', '油漆与涂料', 'الدهان والطلاء') },
    ],
  },
  {
    code: '26 00 00',
    label: text('Electrical', '电气', 'الكهرباء'),
    children: [{ code: '26 50 00', label: text('Lighting', '照明', 'الإنارة') }],
  },
];

function locationTree(workspaceCode: string): DemoOption[] {
  const building = buildingOf(workspaceCode);
  return [
    {
      code: building.code,
      label: building.label,
      children: Object.entries(FLOORS).map(([floor, { label, zones }]) => ({
        code: `${building.code}-${floor}`,
        label,
        children: Object.entries(zones).map(([zone, zoneLabel]) => ({ code: `${building.code}-${floor}-${zone}`, label: zoneLabel })),
      })),
    },
  ];
}

/** A demo place as a follow-up's location holds it: the labels from the building down, as the follow-up editor writes them. */
export function demoLocation(workspaceCode: string, [floor, zone]: DemoPlace): string {
  const floors: Record<string, { label: Text; zones: Record<string, Text> }> = FLOORS;
  return [buildingOf(workspaceCode).label.en, floors[floor]!.label.en, floors[floor]!.zones[zone]!.en].join(' › ');
}

const LISTS = (workspaceCode: string): Record<BuiltInSourceKey, DemoOption[]> => ({
  trade: Object.values(DEMO_TRADES),
  location: locationTree(workspaceCode),
  company: COMPANIES,
  costCode: COST_CODES,
});

/** What the first demo follow-ups held before the lists existed (free text), and the option each now names. */
const EARLIER_TRADES: Readonly<Record<string, DemoTrade>> = {
  Carpentry: 'carpentry',
  Electrical: 'electrical',
  Painting: 'painting',
  Safety: 'safety',
  Architecture: 'ceilings',
  Concrete: 'concrete',
  Mechanical: 'mechanical',
};
const EARLIER_LOCATIONS: Readonly<Record<string, DemoPlace>> = {
  'Ground floor, room 0.03': ['GF', 'R003'],
  'Ground floor corridor': ['GF', 'COR'],
  'First floor, stair core': ['1F', 'STR'],
  'First floor, room 1.04': ['1F', 'R104'],
  'Basement, grid C/3': ['B1', 'C3'],
  Reception: ['GF', 'REC'],
  'Ground floor, plant room': ['GF', 'PLT'],
};

export interface DemoListDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/**
 * Each demo workspace that offers follow-ups gets its trades, locations (building › floor ›
 * zone), companies and cost codes once: a workspace that holds an option of any list is left
 * alone, so lists an administrator emptied are not filled again. Follow-ups the demo wrote
 * before the lists existed are moved to the options in the same transaction.
 */
export async function seedDemoFollowLists(deps: DemoListDeps): Promise<void> {
  const demo = readSeedDemo();
  const time = new Date(deps.clock.now()).toISOString();
  for (const tenant of demo.tenants) {
    const tenantRow = await deps.db.selectFrom('tenant').select('id').where('code', '=', tenant.code).executeTakeFirst();
    if (!tenantRow) continue;
    const scope = new TenantScope(deps.db, tenantRow.id);
    for (const ws of tenant.workspaces.filter((w) => w.menus.includes('*') || w.menus.includes('follows'))) {
      const workspace = await scope.selectFrom('workspace').select('id').where('code', '=', ws.code).executeTakeFirst();
      if (!workspace) continue;
      await deps.db.transaction().execute(async (trx) => {
        const tx = scope.with(trx);
        const held = await tx.selectFrom('follow_option').select('id').where('workspace_id', '=', workspace.id).limit(1).executeTakeFirst();
        if (held) return;
        for (const [source, options] of Object.entries(LISTS(ws.code))) {
          const add = async (list: readonly DemoOption[], parentId: number | null) => {
            for (const [index, option] of list.entries()) {
              const { id } = await tx
                .insertInto('follow_option', [
                  {
                    workspace_id: workspace.id,
                    source_key: source,
                    code: option.code,
                    label: storedText(option.label),
                    parent_id: parentId,
                    sort: (index + 1) * 10,
                    retired: option.retired ? 1 : 0,
                    revision: 1,
                    created_by: null,
                    create_time: time,
                    updated_by: null,
                    update_time: time,
                  },
                ])
                .returning('id')
                .executeTakeFirstOrThrow();
              if (option.children) await add(option.children, id);
            }
          };
          await add(options, null);
        }
        for (const [earlier, trade] of Object.entries(EARLIER_TRADES)) {
          await tx.updateTable('follow_up').set({ trade: DEMO_TRADES[trade].code }).where('workspace_id', '=', workspace.id).where('trade', '=', earlier).execute();
        }
        for (const [earlier, place] of Object.entries(EARLIER_LOCATIONS)) {
          await tx.updateTable('follow_up').set({ location: demoLocation(ws.code, place) }).where('workspace_id', '=', workspace.id).where('location', '=', earlier).execute();
        }
      });
    }
  }
}
