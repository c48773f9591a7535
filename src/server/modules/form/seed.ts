import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { RecordStatus } from '../../../core/contracts/record.ts';
import { compileFormDesign } from '../../../core/forms/compile-form-design.ts';
import type { FormDesign, FormSettings } from '../../../core/forms/form-design.ts';
import { formatNumber, numberingPeriod } from '../../../core/forms/numbering.ts';
import { prepareRecord } from '../../../core/forms/record-validation.ts';
import { validateFormDesign } from '../../../core/forms/validate-form-design.ts';
import { storedText } from '../../../core/local-text.ts';
import { writeJson, writeJsonOrNull } from '../../db/json-column.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { readSeedFile, SCHEMAS_DIR } from '../../seed/seed-files.ts';
import { SeededRandom, seedOf } from '../../seed/demo/random.ts';
import { resolveSeedFlow } from '../flow/seed.ts';
import { tenantPointCodes } from '../../access/rights.ts';
import { RegionTable } from '../record/directory.ts';
import { parsedRule } from '../record/numbering.ts';
import { demoRecordData, type DemoHints } from '../../seed/demo/records.ts';
import { demoFormDesign, demoText } from '../../seed/demo/texts.ts';
import { syncIndexes } from './service.ts';
import { settingsProblems } from './settings-check.ts';

/** Where the demo forms live: one `<key>.json` per form (schemas/meta/form-seed.schema.json). */
export const SEED_FORMS_DIR = path.join(SCHEMAS_DIR, 'seed', 'forms');

export interface SeedFormFile {
  tenant: string;
  name: string;
  description?: string;
  icon?: string;
  workspaceCode?: string | null;
  design: FormDesign;
  settings: FormSettings;
  flow?: unknown;
  demo: DemoHints;
}

export interface SeedForm {
  key: string;
  file: SeedFormFile;
}

/** Every seed form file, checked against its meta-schema (a bad file stops the start: it ships with the code). */
export function readSeedForms(dir = SEED_FORMS_DIR): SeedForm[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      key: name.slice(0, -'.json'.length),
      file: readSeedFile<SeedFormFile>(path.relative(SCHEMAS_DIR, path.join(dir, name)), 'meta/form-seed.schema.json'),
    }));
}

/** Problems of a seed form beyond its wrapper: the design and the settings, as publishing checks them. */
export function seedFormProblems(file: SeedFormFile, tenantPoints: ReadonlySet<string>): string[] {
  const design = validateFormDesign(file.design);
  if (design.length) return design.map((p) => `design.${p.path}: ${p.message}`);
  const { schema } = compileFormDesign(file.design);
  return settingsProblems(file.design, schema, file.settings, tenantPoints).map((p) => `${p.path}: ${p.message}`);
}

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const INSERT_BATCH = 500;
const SETTLED_AFTER_MS = 14 * DAY_MS;

interface TenantPeople {
  tenantId: number;
  adminId: number;
  /** username -> user id and workspaces, for the tenant's members. */
  members: Map<string, { id: number; workspaces: string[] }>;
  departmentIds: number[];
}

async function tenantPeople(db: Kysely<DB>, tenantId: number): Promise<TenantPeople> {
  const members = await db
    .selectFrom('tenant_member')
    .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
    .select(['app_user.id', 'app_user.username', 'tenant_member.type'])
    .where('tenant_member.tenant_id', '=', tenantId)
    .orderBy('app_user.id')
    .execute();
  const workspaces = await db
    .selectFrom('workspace_member')
    .innerJoin('workspace', 'workspace.id', 'workspace_member.workspace_id')
    .select(['workspace_member.user_id', 'workspace.code'])
    .where('workspace_member.tenant_id', '=', tenantId)
    .execute();
  const departments = await db.selectFrom('department').select('id').where('tenant_id', '=', tenantId).orderBy('id').execute();
  return {
    tenantId,
    adminId: (members.find((m) => m.type === 'ADMIN') ?? members[0])!.id,
    members: new Map(members.map((m) => [m.username, { id: m.id, workspaces: workspaces.filter((w) => w.user_id === m.id).map((w) => w.code) }])),
    departmentIds: departments.map((d) => d.id),
  };
}

function settledStatus(random: SeededRandom, hints: DemoHints): RecordStatus {
  const weights = { approved: 80, rejected: 10, withdrawn: 4, running: 0, ...hints.statuses };
  return random.weighted(Object.entries(weights) as [RecordStatus, number][]);
}

/**
 * Gives a tenant each demo form it lacks (found by seed key), published as version 1 with
 * its records generated over the year before `seedTime`: the same records on every install.
 * A demo form the tenant has is left as it is; one an administrator deleted comes back at the
 * next start, as seed pages do. Records without a flow are `none`; with a flow, older ones
 * are settled (approved, rejected, withdrawn) and those of the last two weeks running.
 */
export async function seedForms(db: Kysely<DB>, dialect: Dialect, tenant: { id: number; code: string }, seedTime: number): Promise<void> {
  const forms = readSeedForms().filter((f) => f.file.tenant === tenant.code);
  if (!forms.length) return;
  const scope = new TenantScope(db, tenant.id);
  const existing = new Set(
    (await scope.selectFrom('form').select('seed_key').where('seed_key', 'is not', null).execute()).map((r) => r.seed_key),
  );
  const missing = forms.filter((f) => !existing.has(f.key));
  if (!missing.length) return;
  const people = await tenantPeople(db, tenant.id);
  const points = await tenantPointCodes(scope);
  const regions = await RegionTable.load(db);
  for (const form of missing) {
    const problems = seedFormProblems(form.file, points);
    if (problems.length) throw new Error(`schemas/seed/forms/${form.key}.json: ${problems.join('; ')}`);
    await seedForm(db, dialect, people, regions, form, seedTime);
  }
}

async function seedForm(db: Kysely<DB>, dialect: Dialect, people: TenantPeople, regions: RegionTable, seed: SeedForm, seedTime: number): Promise<void> {
  const { key } = seed;
  const file = { ...seed.file, design: demoFormDesign(seed.file.design) };
  const compiled = compileFormDesign(file.design);
  const time = new Date(seedTime - YEAR_MS - DAY_MS).toISOString();
  // Seed flows name users and roles by username and code; the stored flow names them by id.
  const flow = file.flow ? await resolveSeedFlow(db, people.tenantId, file.flow, file.design) : null;
  const version = { formId: 0, version: 1, design: file.design, schema: compiled.schema, settings: file.settings };
  const random = new SeededRandom(seedOf(`forms:${people.tenantId}:${key}`));
  const creators = (file.demo.creators ?? [...people.members.keys()]).flatMap((name) => {
    const member = people.members.get(name);
    return member ? [member] : [];
  });
  const memberIds = [...people.members.values()].map((m) => m.id);

  await db.transaction().execute(async (trx) => {
    const scope = new TenantScope(trx, people.tenantId);
    const [row] = await scope
      .insertInto('form', [
        {
          workspace_code: file.workspaceCode ?? null,
          name: storedText(demoText(file.name)),
          description: file.description ?? '',
          icon: file.icon ?? null,
          status: 'published',
          design: writeJson(file.design),
          settings: writeJson(file.settings),
          flow: writeJsonOrNull(flow),
          current_version: 1,
          seed_key: key,
          created_by: people.adminId,
          create_time: time,
          update_time: time,
        },
      ])
      .returning('id')
      .execute();
    const formId = row!.id;
    version.formId = formId;
    await scope
      .insertInto('form_version', [
        {
          form_id: formId,
          version: 1,
          design: writeJson(file.design),
          schema: writeJson(compiled.schema),
          ui_schema: writeJson(compiled.uiSchema),
          settings: writeJson(file.settings),
          flow: writeJsonOrNull(flow),
          published_by: people.adminId,
          publish_time: time,
        },
      ])
      .execute();
    await syncIndexes(trx, dialect, formId, file.design, file.settings);

    const rule = file.settings.numbering ? parsedRule(file.settings.numbering.rule) : null;
    const counters = new Map<string, number>();
    const count = file.demo.records;
    const rows = [];
    for (let i = 0; i < count; i++) {
      // Spread over the year, during the working day (08:00-18:00 in UTC+8).
      const day = seedTime - YEAR_MS + Math.floor(((i + random.next()) * YEAR_MS) / count / DAY_MS) * DAY_MS;
      const at = new Date(Math.min(Date.parse(new Date(day).toISOString().slice(0, 10)) + random.int(0, 10 * 60) * 60_000, seedTime - 60_000));
      const creator = random.pick(creators);
      const workspaces = (file.demo.workspaces ?? []).filter((w) => creator.workspaces.includes(w));
      const workspaceCode = file.workspaceCode ?? (workspaces.length ? random.pick(workspaces) : (file.demo.workspaces?.[0] ?? null));
      const data = demoRecordData(file.design, {
        random,
        hints: file.demo,
        at,
        memberIds,
        departmentIds: people.departmentIds,
        address: (code) => regions.valueOf(code),
      });
      const prepared = prepareRecord(version, data, { now: at, mode: 'create' });
      if (prepared.errors.length) throw new Error(`demo record of ${key}: ${prepared.errors.map((e) => e.message).join('; ')}`);
      let number: string | null = null;
      if (rule) {
        const period = numberingPeriod(rule, at);
        const next = (counters.get(period) ?? 0) + 1;
        counters.set(period, next);
        number = formatNumber(rule, at, next);
      }
      const status: RecordStatus = !flow ? 'none' : seedTime - at.getTime() < SETTLED_AFTER_MS ? 'running' : settledStatus(random, file.demo);
      const updated = status === 'none' || status === 'running' ? at : new Date(Math.min(at.getTime() + random.int(2, 72) * 3_600_000, seedTime));
      rows.push({
        form_id: formId,
        version: 1,
        number,
        title: prepared.title,
        data: writeJson(prepared.data),
        status,
        workspace_code: workspaceCode,
        created_by: creator.id,
        create_time: at.toISOString(),
        updated_by: creator.id,
        update_time: updated.toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await scope.insertInto('form_record', rows.slice(i, i + INSERT_BATCH)).execute();
    const counterRows = [...counters].map(([period, value]) => ({ form_id: formId, period, value }));
    for (let i = 0; i < counterRows.length; i += INSERT_BATCH) await scope.insertInto('form_number_counter', counterRows.slice(i, i + INSERT_BATCH)).execute();
  });
}
