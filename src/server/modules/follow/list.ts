import { sql, type SelectQueryBuilder } from 'kysely';
import {
  FOLLOW_AGE_BUCKETS,
  FOLLOW_OVERVIEW_WEEKS,
  FOLLOW_PINS_MAX,
  FOLLOW_STATUSES,
  type FollowFilterBody,
  type FollowListBody,
  type FollowListResult,
  type FollowOverview,
  type FollowPinListBody,
  type FollowPinRow,
  type FollowSort,
} from '../../../core/contracts/follows.ts';
import { addDays, ageBucketDays, instantsOfDays, weekOf } from '../../../core/follows/due.ts';
import { pinShowsOn } from '../../../core/follows/pin.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { containsText } from '../../db/like.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { todayOf, type FollowCaller, type FollowWorkspace } from './context.ts';
import { presentRows } from './rows.ts';

type FollowQuery = SelectQueryBuilder<DB, 'follow_up', object>;

/** Those created on the calendar days `from`..`to` (either open), by the follow-ups' one day boundary. */
function createdWithin(query: FollowQuery, from: string | undefined, to: string | undefined): FollowQuery {
  const { atOrAfter, before } = instantsOfDays(from, to);
  if (atOrAfter) query = query.where('follow_up.create_time', '>=', atOrAfter);
  if (before) query = query.where('follow_up.create_time', '<', before);
  return query;
}

/** The follow-up of the outer query, for the correlated assignee and watcher lookups. */
const outerId = sql.ref<number>('follow_up.id');

/** The live follow-ups of a workspace narrowed by the list's filters (the pins, overview and export read the same). */
export function filteredFollows(caller: FollowCaller, workspace: FollowWorkspace, filter: Omit<FollowFilterBody, 'workspaceCode'>): FollowQuery {
  const { scope, session } = caller;
  let query = scope.selectFrom('follow_up').where('follow_up.workspace_id', '=', workspace.id).where('follow_up.deleted_time', 'is', null) as FollowQuery;
  if (filter.typeIds?.length) query = query.where('follow_up.type_id', 'in', [...filter.typeIds]);
  if (filter.statuses?.length) query = query.where('follow_up.status', 'in', [...filter.statuses]);
  if (filter.priorities?.length) query = query.where('follow_up.priority', 'in', [...filter.priorities]);
  if (filter.reviewerId !== undefined) query = query.where('follow_up.reviewer_id', '=', filter.reviewerId);
  if (filter.sheetId !== undefined) query = query.where('follow_up.sheet_id', '=', filter.sheetId);
  if (filter.dueFrom) query = query.where('follow_up.due_date', '>=', filter.dueFrom);
  if (filter.dueTo) query = query.where('follow_up.due_date', '<=', filter.dueTo);
  query = createdWithin(query, filter.createdFrom, filter.createdTo);
  if (filter.overdue) query = query.where('follow_up.due_date', '<', todayOf(caller)).where('follow_up.status', '!=', 'closed');
  if (filter.createdByMe) query = query.where('follow_up.created_by', '=', session.userId);
  if (filter.trades?.length) {
    const named = filter.trades.filter((t) => t !== '');
    const none = filter.trades.includes('');
    query = query.where((eb) => eb.or([...(named.length ? [eb('follow_up.trade', 'in', named)] : []), ...(none ? [eb('follow_up.trade', 'is', null)] : [])]));
  }
  const assigned = (ids: readonly number[]) =>
    scope.selectFrom('follow_assignee').select('follow_assignee.id').where('follow_assignee.follow_id', '=', outerId).where('follow_assignee.user_id', 'in', [...ids]);
  if (filter.assigneeIds?.length) {
    const people = filter.assigneeIds.filter((id) => id !== 0);
    const nobody = filter.assigneeIds.includes(0);
    const anyAssignee = scope.selectFrom('follow_assignee').select('follow_assignee.id').where('follow_assignee.follow_id', '=', outerId);
    query = query.where((eb) => eb.or([...(people.length ? [eb.exists(assigned(people))] : []), ...(nobody ? [eb.not(eb.exists(anyAssignee))] : [])]));
  }
  if (filter.assignedToMe) query = query.where((eb) => eb.exists(assigned([session.userId])));
  if (filter.watchedByMe) {
    query = query.where((eb) =>
      eb.exists(scope.selectFrom('follow_watcher').select('follow_watcher.id').where('follow_watcher.follow_id', '=', outerId).where('follow_watcher.user_id', '=', session.userId)),
    );
  }
  const text = filter.text?.trim();
  if (text) {
    query = query.where((eb) =>
      eb.or([containsText(sql.ref('follow_up.number'), text), containsText(sql.ref('follow_up.title'), text), containsText(sql.ref('follow_up.description'), text)]),
    );
  }
  return query;
}

const SORT_COLUMNS: Record<FollowSort, string> = {
  number: 'follow_up.number_sort',
  title: 'follow_up.title',
  status: 'follow_up.status',
  priority: 'follow_up.priority_rank',
  dueDate: 'follow_up.due_date',
  createTime: 'follow_up.create_time',
  updateTime: 'follow_up.update_time',
  type: 'follow_up.type_id',
};

export function sortedFollows(query: FollowQuery, sort: FollowSort = 'number', order: 'asc' | 'desc' = 'desc') {
  return query
    .selectAll('follow_up')
    .orderBy(sql.ref(SORT_COLUMNS[sort]), order)
    .orderBy('follow_up.id', order);
}

/** One page of the list, with the total the filters leave. */
export async function listFollows(caller: FollowCaller, workspace: FollowWorkspace, body: FollowListBody): Promise<FollowListResult> {
  const query = filteredFollows(caller, workspace, body);
  const size = body.size ?? 50;
  const page = body.page ?? 1;
  const [rows, count] = await Promise.all([
    sortedFollows(query, body.sort, body.order).limit(size).offset((page - 1) * size).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await presentRows(caller, workspace.code, rows), total: Number(count.n) };
}

/**
 * The pins on one sheet, as a revision of it shows them: those dropped on it or an earlier
 * revision (a pin belongs to its sheet), with the list's filters.
 */
export async function listPins(caller: FollowCaller, workspace: FollowWorkspace, body: FollowPinListBody): Promise<FollowPinRow[]> {
  const sheet = await caller.scope.selectFrom('drawing_sheet').select('id').where('id', '=', body.sheetId).where('workspace_id', '=', workspace.id).executeTakeFirst();
  if (!sheet) throw notFound('Sheet');
  let query = filteredFollows(caller, workspace, body).where('follow_up.pin_revision_id', 'is not', null);
  if (body.revisionId !== undefined) query = query.where('follow_up.pin_revision_id', '<=', body.revisionId);
  const rows = await query.selectAll('follow_up').orderBy('follow_up.id').limit(FOLLOW_PINS_MAX).execute();
  const shown = await presentRows(caller, workspace.code, rows);
  return shown
    .filter((row) => row.pin && (body.revisionId === undefined || pinShowsOn(row.pin.revisionId, body.revisionId)))
    .map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      priority: row.priority,
      typeId: row.typeId,
      typeName: row.typeName,
      color: row.typeColor,
      dueState: row.dueState,
      pin: row.pin!,
      fromRevision: body.revisionId !== undefined && row.pin!.revisionId !== body.revisionId ? row.pin!.revisionLabel : null,
    }));
}

const counted = <K>(rows: { key: K; n: number | string }[]) => rows.map((r) => ({ key: r.key, count: Number(r.n) }));

/** The counts of `/follows/details`, over what the filters leave; "open" is anything not closed. */
export async function followOverview(caller: FollowCaller, workspace: FollowWorkspace, filter: FollowFilterBody): Promise<FollowOverview> {
  const base = () => filteredFollows(caller, workspace, filter);
  const open = () => base().where('follow_up.status', '!=', 'closed');
  const today = todayOf(caller);
  const n = sql<number | string>`count(*)`.as('n');

  const total = Number((await base().select(n).executeTakeFirstOrThrow()).n);
  const statusRows = counted(await base().select(['follow_up.status as key', n]).groupBy('follow_up.status').execute());
  const byStatus = FOLLOW_STATUSES.map((key) => ({ key, count: statusRows.find((r) => r.key === key)?.count ?? 0 }));

  const assigneeRows = await open()
    .innerJoin('follow_assignee', 'follow_assignee.follow_id', 'follow_up.id')
    .select(['follow_assignee.user_id as key', n])
    .groupBy('follow_assignee.user_id')
    .execute();
  const unassigned = Number(
    (
      await open()
        .where((eb) => eb.not(eb.exists(caller.scope.selectFrom('follow_assignee').select('follow_assignee.id').where('follow_assignee.follow_id', '=', outerId))))
        .select(n)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const names = await userNames(caller.scope, assigneeRows.map((r) => r.key));
  const byAssignee = [
    ...counted(assigneeRows).map((r) => ({ ...r, name: names.get(r.key) ?? '' })),
    ...(unassigned ? [{ key: 0, count: unassigned, name: '' }] : []),
  ].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

  const byTrade = counted(await open().select([sql<string>`coalesce(follow_up.trade, '')`.as('key'), n]).groupBy(sql`coalesce(follow_up.trade, '')`).execute()).sort(
    (a, b) => b.count - a.count,
  );

  // Age buckets by the creation day, as the list's created-date filter reads them.
  const byAge = [];
  for (const key of FOLLOW_AGE_BUCKETS) {
    const { createdFrom, createdTo } = ageBucketDays(key, today);
    byAge.push({ key, count: Number((await createdWithin(open(), createdFrom, createdTo).select(n).executeTakeFirstOrThrow()).n) });
  }

  const typeRows = counted(await base().select(['follow_up.type_id as key', n]).groupBy('follow_up.type_id').execute());
  const types = typeRows.length
    ? await caller.scope.selectFrom('follow_type').select(['id', 'name', 'color', 'sort']).where('id', 'in', typeRows.map((r) => r.key)).execute()
    : [];
  const byType = typeRows
    .map((r) => {
      const type = types.find((t) => t.id === r.key);
      return { ...r, name: type ? readStoredText(type.name) : '', color: type?.color ?? '#8c8c8c', sort: type?.sort ?? 0 };
    })
    .sort((a, b) => a.sort - b.sort || a.key - b.key)
    .map(({ sort: _sort, ...r }) => r);

  const overdue = Number((await open().where('follow_up.due_date', '<', today).select(n).executeTakeFirstOrThrow()).n);

  // Opened and closed per week of the workspace's calendar: one count per week's instants.
  const firstWeek = addDays(weekOf(today), -7 * (FOLLOW_OVERVIEW_WEEKS - 1));
  const weeks = Array.from({ length: FOLLOW_OVERVIEW_WEEKS }, (_, index) => addDays(firstWeek, 7 * index));
  const perWeek = (column: 'follow_up.create_time' | 'follow_up.closed_time') =>
    weeks.map((week, index) => {
      const { atOrAfter, before } = instantsOfDays(week, addDays(week, 6));
      return sql<number | string | null>`sum(case when ${sql.ref(column)} >= ${atOrAfter} and ${sql.ref(column)} < ${before} then 1 else 0 end)`.as(`w${index}`);
    });
  const since = instantsOfDays(firstWeek, undefined).atOrAfter!;
  const opened = (await base().where('follow_up.create_time', '>=', since).select(perWeek('follow_up.create_time')).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const closed = (await base()
    .where('follow_up.status', '=', 'closed')
    .where('follow_up.closed_time', '>=', since)
    .select(perWeek('follow_up.closed_time'))
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const weekly = weeks.map((week, index) => ({ week, opened: Number(opened[`w${index}`] ?? 0), closed: Number(closed[`w${index}`] ?? 0) }));
  return { total, byStatus, byAssignee, byTrade, today, byAge, byType, overdue, weekly };
}
