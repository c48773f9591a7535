import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  PublicSchedule,
  PublicScheduledDates,
  PublicTask,
  ScheduleShare,
  ScheduleShareColumn,
  ScheduleShareCreateBody,
  ScheduleShareCreated,
} from '../../../core/contracts/schedules.ts';
import { SCHEDULE_SHARES_MAX } from '../../../core/contracts/schedules.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';
import { policy } from '../../access/policies.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { peopleOf, requireAllowed, visibleSchedule, type ScheduleCaller } from './context.ts';
import { scheduledDates, scheduleOrRefuse } from './scheduled.ts';

/** Only the token's hash is kept: a stolen database gives no working link. */
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

async function sharesOf(caller: ScheduleCaller, scheduleId: number, onlyId?: number): Promise<ScheduleShare[]> {
  let query = caller.scope.selectFrom('schedule_share').selectAll().where('schedule_id', '=', scheduleId);
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  const rows = await query.orderBy('id', 'desc').execute();
  const people = await peopleOf(caller.scope, rows.map((r) => r.created_by));
  return rows.map((r) => ({
    id: r.id,
    hint: r.hint,
    expiresAt: r.expires_at,
    hiddenColumns: readJson<ScheduleShareColumn[]>(r.hidden_columns),
    revoked: r.revoked_time !== null,
    createdBy: r.created_by === null ? null : (people.get(r.created_by) ?? null),
    createTime: r.create_time,
  }));
}

export async function listShares(caller: ScheduleCaller, scheduleId: number): Promise<ScheduleShare[]> {
  const { row } = await visibleSchedule(caller, scheduleId);
  requireAllowed(policy.schedule.share(caller), 'see the public links of schedules');
  return sharesOf(caller, row.id);
}

/** A new public link: the token is answered this once. */
export async function createShare(caller: ScheduleCaller, body: ScheduleShareCreateBody): Promise<ScheduleShareCreated> {
  const { row } = await visibleSchedule(caller, body.id);
  requireAllowed(policy.schedule.share(caller), 'share schedules');
  const time = caller.now();
  if (body.expiresAt !== null && Date.parse(body.expiresAt) <= Date.parse(time)) throw badRequest('expiresAt', 'must be in the future');
  const live = await caller.scope
    .selectFrom('schedule_share')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('schedule_id', '=', row.id)
    .where('revoked_time', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= SCHEDULE_SHARES_MAX) throw badRequest('id', `a schedule has at most ${SCHEDULE_SHARES_MAX} public links: revoke one first`);
  const token = randomBytes(24).toString('base64url');
  const { id } = await caller.scope
    .insertInto('schedule_share', [
      {
        schedule_id: row.id,
        token_hash: hashOf(token),
        hint: token.slice(0, 6),
        expires_at: body.expiresAt === null ? null : new Date(body.expiresAt).toISOString(),
        hidden_columns: writeJson(body.hiddenColumns),
        revoked_time: null,
        revoked_by: null,
        created_by: caller.session.userId,
        create_time: time,
      },
    ])
    .returning('id')
    .executeTakeFirstOrThrow();
  const [share] = await sharesOf(caller, row.id, id);
  return { ...share!, token };
}

export async function revokeShare(caller: ScheduleCaller, id: number): Promise<void> {
  const share = await caller.scope.selectFrom('schedule_share').select(['id', 'schedule_id', 'revoked_time']).where('id', '=', id).executeTakeFirst();
  if (!share) throw notFound('Public link');
  await visibleSchedule(caller, share.schedule_id);
  requireAllowed(policy.schedule.share(caller), 'revoke public links');
  if (share.revoked_time !== null) return;
  await caller.scope.updateTable('schedule_share').set({ revoked_time: caller.now(), revoked_by: caller.session.userId }).where('id', '=', id).execute();
}

/** The task fields each hideable column stands for. */
const HIDDEN_FIELDS: Record<ScheduleShareColumn, (keyof PublicTask)[]> = {
  duration: ['duration'],
  percentComplete: ['percentComplete', 'actualStart', 'actualFinish'],
  assignees: ['assignees'],
  notes: ['notes'],
  float: [],
  baselines: [],
  fields: ['fields'],
};

/**
 * The schedule a public link shows, signed out: only while the link is neither revoked nor
 * expired and its schedule not deleted (404 otherwise, the same as for a token never made),
 * without what the link hides.
 */
export async function publicSchedule(db: Kysely<DB>, token: string, now: string): Promise<PublicSchedule> {
  const share = await db
    .selectFrom('schedule_share')
    .innerJoin('schedule', 'schedule.id', 'schedule_share.schedule_id')
    .select(['schedule.name', 'schedule.model', 'schedule_share.hidden_columns', 'schedule_share.expires_at'])
    .where('schedule_share.token_hash', '=', hashOf(token))
    .where('schedule_share.revoked_time', 'is', null)
    .where('schedule.deleted_time', 'is', null)
    .executeTakeFirst();
  if (!share || (share.expires_at !== null && Date.parse(share.expires_at) <= Date.parse(now))) throw notFound('Schedule');
  const hidden = readJson<ScheduleShareColumn[]>(share.hidden_columns);
  const model = readJson<ScheduleModel>(share.model);
  const drop = new Set(hidden.flatMap((column) => HIDDEN_FIELDS[column]));
  const tasks: PublicTask[] = model.tasks.map((task) => Object.fromEntries(Object.entries(task).filter(([key]) => !drop.has(key as keyof PublicTask))) as PublicTask);
  const dropDates = new Set([...(hidden.includes('duration') ? ['duration'] : []), ...(hidden.includes('float') ? ['totalFloat', 'freeFloat'] : [])]);
  const scheduled = scheduledDates(model, scheduleOrRefuse(model)).map(
    (dates) => Object.fromEntries(Object.entries(dates).filter(([key]) => !dropDates.has(key))) as PublicScheduledDates,
  );
  return {
    name: share.name,
    hiddenColumns: hidden,
    model: { ...model, tasks, baselines: hidden.includes('baselines') ? [] : model.baselines },
    scheduled,
  };
}
