import type { Kysely } from 'kysely';
import { walkFlowNodes, type Assignee, type FlowDefinition } from '../../../core/flows/flow-definition.ts';
import { runFlowCommand, type FlowCommand, type FlowDirectory, type FlowEffect, type FlowState } from '../../../core/flows/flow-engine.ts';
import { validateFlowDefinition } from '../../../core/flows/validate-flow-definition.ts';
import type { FormDesign, RecordData } from '../../../core/forms/form-design.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { readJson } from '../../db/json-column.ts';
import { readFlowOrNull } from '../../db/stored-configs.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { SeededRandom, seedOf } from '../../seed/demo/random.ts';
import { loadFlowDirectory } from './directory.ts';
import { notificationColumns } from '../notify/service.ts';
import { flowNotification } from './notices.ts';
import { eventRow, newInstanceRow, taskRow } from './store.ts';
import { demoText } from '../../seed/demo/texts.ts';

/**
 * Seed files name people the way their author knows them: users by username, roles by code
 * (`{ "kind": "user", "username": "alice" }`, `{ "kind": "role", "roleCode": "member" }`).
 */
type SeedAssignee = { kind: 'user'; username: string } | { kind: 'role'; roleCode: string } | { kind: 'manager' };

/** A seed file's flow as a FlowDefinition of the tenant, checked against the form's design; throws naming the problem. */
export async function resolveSeedFlow(db: Kysely<DB>, tenantId: number, flow: unknown, design: FormDesign): Promise<FlowDefinition> {
  const [members, roles] = await Promise.all([
    db
      .selectFrom('tenant_member')
      .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
      .select(['app_user.id', 'app_user.username'])
      .where('tenant_member.tenant_id', '=', tenantId)
      .execute(),
    db.selectFrom('role').select(['id', 'code']).where('tenant_id', '=', tenantId).execute(),
  ]);
  const resolve = (entry: SeedAssignee): Assignee => {
    if (entry.kind === 'manager') return entry;
    if (entry.kind === 'user') {
      const user = members.find((m) => m.username === entry.username);
      if (!user) throw new Error(`seed flow: ${entry.username} is not a member of the tenant`);
      return { kind: 'user', userId: user.id };
    }
    const role = roles.find((r) => r.code === entry.roleCode);
    if (!role) throw new Error(`seed flow: the tenant has no role ${entry.roleCode}`);
    return { kind: 'role', roleId: role.id };
  };
  const resolved = structuredClone(flow) as FlowDefinition;
  for (const { node } of walkFlowNodes(resolved.nodes ?? [])) {
    // The seed names steps and branches in English; the demo's flows carry every language.
    node.name = typeof node.name === 'string' ? demoText(node.name) : node.name;
    if (node.type === 'branch') for (const branch of node.branches) branch.name = typeof branch.name === 'string' ? demoText(branch.name) : branch.name;
    if (node.type === 'approval') node.assignees = (node.assignees as unknown as SeedAssignee[]).map(resolve);
    if (node.type === 'cc') node.recipients = (node.recipients as unknown as SeedAssignee[]).map(resolve);
  }
  const problems = validateFlowDefinition(resolved, design);
  if (problems.length) throw new Error(`seed flow: ${problems.map((p) => `flow.${p.path}: ${p.message}`).join('; ')}`);
  return resolved;
}

const HOUR_MS = 3_600_000;
const INSERT_BATCH = 400;

const APPROVE_COMMENTS = [null, null, null, 'Approved.', 'Fine, go ahead.', 'Checked against the budget.', 'OK, please keep the receipts.', 'Agreed.'];
const REJECT_COMMENTS = [
  'Please add photos or a quote.',
  'The cost code does not match the budget line.',
  'Missing details; please complete the form.',
  'Not needed this quarter; resubmit with a justification.',
  'Wrong site; check the location.',
];

/**
 * Drives the engine the way people would have, ending where the record's seeded status says:
 * approved to the end, rejected or withdrawn after a few approvals, or still running with
 * tasks waiting (never past the last approval).
 */
function simulate(definition: FlowDefinition, directory: FlowDirectory, data: RecordData, submitterId: number, goal: string, random: SeededRandom) {
  const context = { definition, directory, data };
  const commands: { effects: FlowEffect[] }[] = [];
  let state: FlowState | null = null;
  const run = (command: FlowCommand) => {
    const result = runFlowCommand(state, command, context);
    state = result.state;
    commands.push({ effects: result.effects });
  };
  const pending = () => state!.tasks.filter((t) => t.status === 'pending');
  const approveCommand = (): FlowCommand => {
    const task = pending()[0]!;
    return { type: 'approve', taskKey: task.key, actorId: task.assigneeId, comment: random.pick(APPROVE_COMMENTS) };
  };
  /** Approves only while the flow would still be running afterwards. */
  const approveSome = (count: number) => {
    for (let i = 0; i < count && pending().length; i++) {
      const command = approveCommand();
      if (runFlowCommand(state, command, context).state.status !== 'running') return;
      run(command);
    }
  };

  run({ type: 'start', actorId: submitterId });
  if (goal === 'approved') {
    for (let guard = 0; state!.status === 'running' && guard < 50; guard++) run(approveCommand());
  } else if (goal === 'rejected') {
    approveSome(random.int(0, 1));
    const task = pending()[0]!;
    run({ type: 'reject', taskKey: task.key, actorId: task.assigneeId, comment: random.pick(REJECT_COMMENTS), to: 'submitter' });
  } else if (goal === 'withdrawn') {
    approveSome(random.int(0, 1));
    run({ type: 'withdraw', actorId: submitterId });
  } else {
    approveSome(random.int(0, 2));
  }
  return { state: state!, commands };
}

/**
 * Flow histories for the demo records: for each record of a seeded form with a flow that has
 * none yet, the engine is run from submit to the record's status, with times between its
 * creation and last change. Running records leave tasks waiting (alice and carol have some
 * when they sign in), each with its notification; settled ones notify nobody.
 */
export async function seedFlowHistories(db: Kysely<DB>, tenant: { id: number; code: string }, seedTime: number): Promise<void> {
  const forms = await new TenantScope(db, tenant.id)
    .selectFrom('form')
    .innerJoin('form_version', (join) => join.onRef('form_version.form_id', '=', 'form.id').onRef('form_version.version', '=', 'form.current_version'))
    .select(['form.id', 'form.name', 'form.seed_key', 'form_version.flow'])
    .where('form.seed_key', 'is not', null)
    .execute();
  for (const form of forms) {
    const definition = readFlowOrNull(form.flow);
    if (!definition) continue;
    // One transaction per form: a form gets all its histories or none.
    await db.transaction().execute((trx) => seedFormHistories(new TenantScope(trx, tenant.id), { ...form, tenantCode: tenant.code, definition }, seedTime));
  }
}

interface SeedFlowForm {
  id: number;
  name: string;
  seed_key: string | null;
  tenantCode: string;
  definition: FlowDefinition;
}

async function seedFormHistories(scope: TenantScope, form: SeedFlowForm, seedTime: number): Promise<void> {
  const records = await scope
    .selectFrom('form_record')
    .leftJoin('flow_instance', 'flow_instance.record_id', 'form_record.id')
    .select(['form_record.id', 'form_record.number', 'form_record.title', 'form_record.data', 'form_record.status', 'form_record.created_by', 'form_record.create_time', 'form_record.update_time'])
    .where('form_record.form_id', '=', form.id)
    .where('form_record.status', '!=', 'none')
    .where('flow_instance.id', 'is', null)
    .orderBy('form_record.id')
    .execute();
  if (!records.length) return;
  const random = new SeededRandom(seedOf(`flows:${form.tenantCode}:${form.seed_key}`));
  const directories = new Map<number, FlowDirectory>();
  const histories: History[] = [];
  for (const record of records) {
    const submitterId = record.created_by!;
    let directory = directories.get(submitterId);
    if (!directory) directories.set(submitterId, (directory = await loadFlowDirectory(scope, form.definition, submitterId)));
    const { state, commands } = simulate(form.definition, directory, readJson<RecordData>(record.data), submitterId, record.status, random);
    if (state.status !== record.status) throw new Error(`seed flow of ${form.seed_key}: record ${record.id} ended ${state.status}, not ${record.status}`);
    // Settled records: commands spread up to the record's last change; running ones: hours apart, before the seed time.
    const start = Date.parse(record.create_time);
    const end = record.status === 'running' ? Math.min(start + commands.length * random.int(2, 20) * HOUR_MS, seedTime - 60_000) : Date.parse(record.update_time);
    const times = commands.map((_, i) => new Date(commands.length === 1 ? start : start + ((end - start) * i) / (commands.length - 1)).toISOString());
    histories.push({ record, state, commands, times });
  }
  await writeHistories(scope, form, histories);
}

interface History {
  record: { id: number; number: string | null; title: string; create_time: string };
  state: FlowState;
  commands: { effects: FlowEffect[] }[];
  /** When each command happened. */
  times: string[];
}

/** The simulated histories as rows, written in batches (a few hundred records per form). */
async function writeHistories(scope: TenantScope, form: SeedFlowForm, histories: History[]): Promise<void> {
  const instanceIds = new Map<number, number>();
  for (let i = 0; i < histories.length; i += INSERT_BATCH) {
    const rows = histories
      .slice(i, i + INSERT_BATCH)
      .map((h) => newInstanceRow({ id: h.record.id, formId: form.id }, form.definition, h.state, h.record.create_time, h.times.at(-1)!));
    for (const row of await scope.insertInto('flow_instance', rows).returning(['id', 'record_id']).execute()) instanceIds.set(row.record_id, row.id);
  }
  const submitters = [...new Set(histories.map((h) => h.state.submitterId))];
  const names = new Map((await scope.db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', submitters).execute()).map((u) => [u.id, u.name]));

  const tasks: ReturnType<typeof taskRow>[] = [];
  const events: ReturnType<typeof eventRow>[] = [];
  const notices = [];
  for (const { record, state, commands, times } of histories) {
    const instanceId = instanceIds.get(record.id)!;
    const created = new Map<string, string>();
    const closed = new Map<string, { comment: string | null; time: string }>();
    commands.forEach(({ effects }, i) => {
      for (const effect of effects) {
        if (effect.type === 'taskCreated') created.set(effect.task.key, times[i]!);
        if (effect.type === 'taskClosed') closed.set(effect.taskKey, { comment: effect.comment, time: times[i]! });
        if (effect.type === 'event') events.push(eventRow(instanceId, record.id, effect.event, times[i]!));
      }
    });
    const subject = { formName: readStoredText(form.name), recordId: record.id, number: record.number, title: record.title, submitterName: names.get(state.submitterId) ?? '', actorName: null };
    for (const task of state.tasks) {
      const row = taskRow(instanceId, record.id, task, created.get(task.key)!);
      const close = closed.get(task.key);
      tasks.push(close ? { ...row, comment: close.comment, finish_time: close.time } : row);
      if (task.status !== 'pending') continue;
      const message = flowNotification('task', subject, task.nodeName, null);
      notices.push({ user_id: task.assigneeId, ...notificationColumns(message), is_read: 0, create_time: created.get(task.key)! });
    }
  }
  for (let i = 0; i < tasks.length; i += INSERT_BATCH) await scope.insertInto('flow_task', tasks.slice(i, i + INSERT_BATCH)).execute();
  for (let i = 0; i < events.length; i += INSERT_BATCH) await scope.insertInto('flow_event', events.slice(i, i + INSERT_BATCH)).execute();
  for (let i = 0; i < notices.length; i += INSERT_BATCH) await scope.insertInto('notify', notices.slice(i, i + INSERT_BATCH)).execute();
}
