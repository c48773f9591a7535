import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addDays, calendarDay } from '../../../core/follows/due.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import type { NotifyBus } from '../notify/bus.ts';
import { FollowNotices } from './notices.ts';

export interface DueCheckDeps {
  db: Kysely<DB>;
  bus: NotifyBus;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** How often the check runs; each run sends only what was not sent yet. */
export const DUE_CHECK_INTERVAL_MS = 15 * 60_000;

/**
 * Tells the assignees (the creator when nobody is assigned) of each open follow-up due
 * tomorrow, and of each past its due date, once: a `follow_due_notice` row per follow-up,
 * kind and due date is written in the transaction of the notice, and a run that finds it there
 * sends nothing. Running it twice a day, on two servers at once, or after a restart sends no
 * second notice; moving the due date makes a new one due.
 */
export async function sendDueNotices(deps: Pick<DueCheckDeps, 'db' | 'bus' | 'clock'>): Promise<number> {
  const { db, bus, clock } = deps;
  const now = new Date(clock.now());
  const today = calendarDay(now);
  const tomorrow = addDays(today, 1);
  const due = await db
    .selectFrom('follow_up')
    .select(['id', 'tenant_id', 'type_id', 'number', 'title', 'due_date', 'created_by'])
    .where('deleted_time', 'is', null)
    .where('status', '!=', 'closed')
    .where('due_date', 'is not', null)
    .where('due_date', '<=', tomorrow)
    .where('due_date', '!=', today)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follow_due_notice')
            .select('follow_due_notice.id')
            .whereRef('follow_due_notice.follow_id', '=', 'follow_up.id')
            .whereRef('follow_due_notice.day', '=', 'follow_up.due_date'),
        ),
      ),
    )
    .orderBy('id')
    .limit(5000)
    .execute();
  let sent = 0;
  const time = now.toISOString();
  for (const row of due) {
    const scope = new TenantScope(db, row.tenant_id);
    const kind = row.due_date === tomorrow ? 'followDueTomorrow' : 'followOverdue';
    const notices = new FollowNotices(bus, scope);
    const told = await db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      const claimed = await trx
        .insertInto('follow_due_notice')
        .values({ tenant_id: row.tenant_id, follow_id: row.id, kind, day: row.due_date! })
        .onConflict((oc) => oc.columns(['follow_id', 'kind', 'day']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      const assignees = (await tx.selectFrom('follow_assignee').select('user_id').where('follow_id', '=', row.id).execute()).map((a) => a.user_id);
      const people = assignees.length ? assignees : row.created_by === null ? [] : [row.created_by];
      await notices.add(tx, kind, people, { id: row.id, typeId: row.type_id, number: row.number, title: row.title }, { time });
      return true;
    });
    if (told) {
      await notices.publish();
      sent += 1;
    }
  }
  return sent;
}

/** Runs the check now and every DUE_CHECK_INTERVAL_MS, unref'd so it keeps no process alive; the returned function stops it. */
export function scheduleDueCheck(deps: DueCheckDeps, intervalMs = DUE_CHECK_INTERVAL_MS): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = sendDueNotices(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'the follow-up due check failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
