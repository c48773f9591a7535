import { sql } from 'kysely';
import type { SheetDetail, SheetListBody, SheetListResult } from '../../../core/contracts/drawings.ts';
import { policy } from '../../access/policies.ts';
import { containsText } from '../../db/like.ts';
import { notFound } from '../../errors.ts';
import { recordEvent, requireAllowed, workspaceById, type DrawingCaller, type DrawingWorkspace } from './context.ts';
import { presentRevisions, presentSheets, type SheetRecord } from './rows.ts';

const SORT_COLUMNS = {
  number: 'drawing_sheet.number_sort',
  title: 'drawing_sheet.title',
  discipline: 'drawing_sheet.discipline',
  updateTime: 'drawing_sheet.update_time',
} as const;

/**
 * One page of the register: live sheets of the workspace matching the keyword (number, title
 * or set name), discipline and set, in the order asked (each on its own index), with the count
 * per discipline of the sheets the other filters leave, for the discipline filter.
 */
export async function listSheets(caller: DrawingCaller, workspace: DrawingWorkspace, body: SheetListBody): Promise<SheetListResult> {
  const { scope } = caller;
  const keyword = body.keyword?.trim();
  const filtered = () => {
    let query = scope.selectFrom('drawing_sheet').where('drawing_sheet.workspace_id', '=', workspace.id).where('drawing_sheet.deleted_time', 'is', null);
    if (keyword) {
      const setsNamed = scope
        .selectFrom('drawing_set')
        .select('drawing_set.id')
        .where('drawing_set.workspace_id', '=', workspace.id)
        .where(containsText(sql.ref('drawing_set.name'), keyword));
      query = query.where((eb) =>
        eb.or([
          containsText(sql.ref('drawing_sheet.number'), keyword),
          containsText(sql.ref('drawing_sheet.title'), keyword),
          eb('drawing_sheet.set_id', 'in', setsNamed),
        ]),
      );
    }
    if (body.setId !== undefined) query = query.where('drawing_sheet.set_id', '=', body.setId);
    return query;
  };
  const matching = body.discipline === undefined ? filtered() : filtered().where('drawing_sheet.discipline', '=', body.discipline);
  const direction = body.order === 'desc' ? 'desc' : 'asc';
  const column = SORT_COLUMNS[body.sort ?? 'number'];
  let page = matching.selectAll('drawing_sheet').orderBy(column, direction);
  if (column !== SORT_COLUMNS.number) page = page.orderBy('drawing_sheet.number_sort', direction);
  const [rows, count, perDiscipline] = await Promise.all([
    page
      .orderBy('drawing_sheet.id', direction)
      .limit(body.size)
      .offset((body.page - 1) * body.size)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    filtered()
      .select((eb) => ['drawing_sheet.discipline', eb.fn.countAll<number | string>().as('count')])
      .groupBy('drawing_sheet.discipline')
      .execute(),
  ]);
  return {
    rows: await presentSheets(scope, rows),
    total: Number(count.total),
    disciplines: perDiscipline
      .map((d) => ({ code: d.discipline, count: Number(d.count) }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** A live sheet the caller may see (404 otherwise: another tenant's, another workspace's, deleted). */
export async function visibleSheet(caller: DrawingCaller, id: number): Promise<{ sheet: SheetRecord; workspace: DrawingWorkspace }> {
  const sheet = await caller.scope.selectFrom('drawing_sheet').selectAll().where('id', '=', id).where('deleted_time', 'is', null).executeTakeFirst();
  if (!sheet) throw notFound('Sheet');
  return { sheet, workspace: await workspaceById(caller, sheet.workspace_id, 'Sheet') };
}

/** A sheet and its history: every revision, newest first. */
export async function getSheet(caller: DrawingCaller, id: number): Promise<SheetDetail> {
  const { sheet } = await visibleSheet(caller, id);
  const { scope } = caller;
  const revisions = await scope.selectFrom('drawing_revision').selectAll().where('sheet_id', '=', sheet.id).orderBy('id', 'desc').execute();
  const [row] = await presentSheets(scope, [sheet]);
  return { sheet: row!, revisions: await presentRevisions(scope, revisions) };
}

/**
 * Moves sheets out of the register: each keeps its rows (revisions, markups, files) with the
 * time and who deleted it, and its number is free for a new sheet; revisions of it still
 * waiting for review are rejected, so none publishes onto a deleted sheet.
 */
export async function deleteSheets(caller: DrawingCaller, ids: readonly number[]): Promise<void> {
  const { scope, session } = caller;
  const sheets = await scope.selectFrom('drawing_sheet').select(['id', 'workspace_id', 'number']).where('id', 'in', [...ids]).where('deleted_time', 'is', null).execute();
  if (sheets.length !== ids.length) throw notFound('Sheet');
  for (const workspaceId of new Set(sheets.map((s) => s.workspace_id))) await workspaceById(caller, workspaceId, 'Sheet');
  requireAllowed(policy.drawing.delete(caller), 'delete drawings');
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.updateTable('drawing_sheet').set({ deleted_time: time, deleted_by: session.userId }).where('id', 'in', [...ids]).where('deleted_time', 'is', null).execute();
    await tx
      .updateTable('drawing_revision')
      .set({ status: 'rejected', updated_by: session.userId, update_time: time })
      .where('sheet_id', 'in', [...ids])
      .where('status', '=', 'pending')
      .execute();
    for (const sheet of sheets) {
      await recordEvent(tx, { workspaceId: sheet.workspace_id, userId: session.userId, time, action: 'sheet.delete', targetId: sheet.id, detail: { number: sheet.number } });
    }
  });
}
