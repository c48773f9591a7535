import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { writeJsonOrNull } from '../../db/json-column.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { forbidden, notFound } from '../../errors.ts';

/** Who is asking, what the tenant lets them do (src/server/access/), and the time of the request. */
export interface DrawingCaller extends Caller {
  now: () => string;
}

export interface DrawingWorkspace {
  id: number;
  code: string;
  name: string;
}

/** A workspace whose drawings the caller may see; 404 for one they do not belong to, as for one that is not there. */
export async function workspaceByCode(caller: DrawingCaller, code: string): Promise<DrawingWorkspace> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('code', '=', code).executeTakeFirst();
  if (!workspace || !policy.drawing.view(caller, workspace.code)) throw notFound('Workspace');
  return workspace;
}

/** The workspace a sheet, revision or markup lives in, under the same rule. */
export async function workspaceById(caller: DrawingCaller, id: number, what: string): Promise<DrawingWorkspace> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
  if (!workspace || !policy.drawing.view(caller, workspace.code)) throw notFound(what);
  return workspace;
}

/** 403 unless the policy allows it: the caller sees the thing but lacks the function point. */
export function requireAllowed(allowed: boolean, what: string): void {
  if (!allowed) throw forbidden(`You do not have permission to ${what}`);
}

export type DrawingAction =
  | 'set.create'
  | 'set.rename'
  | 'sheet.delete'
  | 'upload.add'
  | 'upload.done'
  | 'upload.failed'
  | 'revision.update'
  | 'revision.publish'
  | 'revision.reject'
  | 'revision.calibrate'
  | 'markup.create'
  | 'markup.update'
  | 'markup.delete';

/**
 * The drawing audit trail: who did what to which set, sheet, upload, revision or markup, and
 * when. Written in the transaction of the write it tells of, so one is never without the other.
 */
export async function recordEvent(
  scope: TenantScope,
  event: { workspaceId: number; userId: number | null; time: string; action: DrawingAction; targetId: number; detail?: unknown },
): Promise<void> {
  await scope
    .insertInto('drawing_event', [
      {
        workspace_id: event.workspaceId,
        action: event.action,
        target_kind: event.action.split('.')[0]!,
        target_id: event.targetId,
        detail: writeJsonOrNull(event.detail ?? null),
        user_id: event.userId,
        create_time: event.time,
      },
    ])
    .execute();
}
