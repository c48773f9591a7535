import type { DrawingSet, SetSaveBody } from '../../../core/contracts/drawings.ts';
import { policy } from '../../access/policies.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordEvent, requireAllowed, type DrawingCaller, type DrawingWorkspace } from './context.ts';

/** The workspace's drawing sets by name, each with how many live sheets it holds. */
export async function listSets(caller: DrawingCaller, workspace: DrawingWorkspace): Promise<DrawingSet[]> {
  const rows = await caller.scope
    .selectFrom('drawing_set')
    .leftJoin('drawing_sheet', (join) =>
      join.onRef('drawing_sheet.set_id', '=', 'drawing_set.id').on('drawing_sheet.deleted_time', 'is', null),
    )
    .select((eb) => ['drawing_set.id', 'drawing_set.name', 'drawing_set.create_time', eb.fn.count<number | string>('drawing_sheet.id').as('sheetCount')])
    .where('drawing_set.workspace_id', '=', workspace.id)
    .groupBy(['drawing_set.id', 'drawing_set.name', 'drawing_set.create_time'])
    .execute();
  return rows
    .map((r) => ({ id: r.id, name: r.name, sheetCount: Number(r.sheetCount), createTime: r.create_time }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }));
}

/** A set of the workspace (for a sheet or upload to go to); 400 naming `field` when it is not one. */
export async function requireSet(scope: TenantScope, workspace: DrawingWorkspace, setId: number | null | undefined, field = 'setId'): Promise<number | null> {
  if (setId === null || setId === undefined) return null;
  const row = await scope.selectFrom('drawing_set').select('id').where('id', '=', setId).where('workspace_id', '=', workspace.id).executeTakeFirst();
  if (!row) throw badRequest(field, 'No such drawing set in this workspace');
  return row.id;
}

/** Creates a set, or renames one (with `id`); names are unique in a workspace. */
export async function saveSet(caller: DrawingCaller, workspace: DrawingWorkspace, body: SetSaveBody): Promise<DrawingSet> {
  requireAllowed(policy.drawing.upload(caller), 'manage drawing sets');
  const { scope, session } = caller;
  const name = body.name.trim().replace(/\s+/g, ' ');
  const time = caller.now();
  try {
    const id = await scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      if (body.id !== undefined) {
        const updated = await tx
          .updateTable('drawing_set')
          .set({ name, updated_by: session.userId, update_time: time })
          .where('id', '=', body.id)
          .where('workspace_id', '=', workspace.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw notFound('Drawing set');
        await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'set.rename', targetId: body.id, detail: { name } });
        return body.id;
      }
      const row = await tx
        .insertInto('drawing_set', [
          { workspace_id: workspace.id, name, created_by: session.userId, create_time: time, updated_by: session.userId, update_time: time },
        ])
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'set.create', targetId: row.id, detail: { name } });
      return row.id;
    });
    return (await listSets(caller, workspace)).find((s) => s.id === id)!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A drawing set named "${name}" is already in this workspace`);
    throw error;
  }
}
