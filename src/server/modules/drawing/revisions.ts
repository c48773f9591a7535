import type {
  Calibration,
  RevisionDetail,
  RevisionFilePart,
  RevisionPage,
  RevisionPendingBody,
  RevisionUpdateBody,
} from '../../../core/contracts/drawings.ts';
import { compareRevisionLabels, nextRevisionLabel, normaliseSheetNumber, normaliseSheetTitle } from '../../../core/drawings/sheet-number.ts';
import { policy } from '../../access/policies.ts';
import { writeJsonOrNull } from '../../db/json-column.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound, savedMeanwhile } from '../../errors.ts';
import { recordEvent, requireAllowed, workspaceById, type DrawingCaller, type DrawingWorkspace } from './context.ts';
import { calibrationOf, numberSortKey, presentRevisions, presentSheets, revisionsById, type RevisionRecord } from './rows.ts';
import { requireSet } from './sets.ts';
import { requireDiscipline } from './disciplines.ts';

/** A revision the caller may see (404 otherwise), with its workspace. */
export async function visibleRevision(caller: DrawingCaller, id: number): Promise<{ revision: RevisionRecord; workspace: DrawingWorkspace }> {
  const revision = await caller.scope.selectFrom('drawing_revision').selectAll().where('id', '=', id).executeTakeFirst();
  if (!revision) throw notFound('Revision');
  const workspace = await workspaceById(caller, revision.workspace_id, 'Revision');
  if (revision.sheet_id !== null) {
    // A deleted sheet's revisions went with it.
    const live = await caller.scope.selectFrom('drawing_sheet').select('id').where('id', '=', revision.sheet_id).where('deleted_time', 'is', null).executeTakeFirst();
    if (!live) throw notFound('Revision');
  }
  return { revision, workspace };
}

/** Revisions named together, all of them there for the caller (404 otherwise). */
async function visibleRevisions(caller: DrawingCaller, ids: readonly number[]): Promise<RevisionRecord[]> {
  const rows = await revisionsById(caller.scope, ids);
  if (rows.length !== new Set(ids).size) throw notFound('Revision');
  for (const workspaceId of new Set(rows.map((r) => r.workspace_id))) await workspaceById(caller, workspaceId, 'Revision');
  return rows;
}

/** The live sheet of the workspace with this number, if any. */
export async function sheetByNumber(scope: TenantScope, workspaceId: number, number: string) {
  return scope
    .selectFrom('drawing_sheet')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('number', '=', number)
    .where('deleted_time', 'is', null)
    .executeTakeFirst();
}

/**
 * The label proposed for a new revision of a number: the one after the latest label the number
 * has (its sheet's published and pending revisions, or pending ones of a number with no sheet
 * yet); rejected revisions and those of deleted sheets do not count.
 */
export async function proposedLabel(scope: TenantScope, workspaceId: number, number: string, sheetId: number | null): Promise<string> {
  let query = scope.selectFrom('drawing_revision').select('label').where('workspace_id', '=', workspaceId).where('status', '<>', 'rejected');
  query = sheetId === null ? query.where('number', '=', number).where('sheet_id', 'is', null) : query.where('sheet_id', '=', sheetId);
  const labels = (await query.execute()).map((r) => r.label).sort(compareRevisionLabels);
  return nextRevisionLabel(labels.at(-1) ?? null);
}

/** What waits for review in a workspace, by number then upload order. */
export async function pendingRevisions(caller: DrawingCaller, workspace: DrawingWorkspace, body: RevisionPendingBody): Promise<RevisionPage> {
  const { scope } = caller;
  const base = scope.selectFrom('drawing_revision').where('workspace_id', '=', workspace.id).where('status', '=', 'pending');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('number')
      .orderBy('id')
      .limit(body.size)
      .offset((body.page - 1) * body.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await presentRevisions(scope, rows), total: Number(count.total) };
}

/**
 * Corrects what was read from a pending revision before it is published: number (which decides
 * the sheet it becomes a revision of), title, discipline, label and set.
 */
export async function updateRevision(caller: DrawingCaller, body: RevisionUpdateBody): Promise<RevisionDetail> {
  const { revision, workspace } = await visibleRevision(caller, body.id);
  requireAllowed(policy.drawing.upload(caller), 'edit drawings waiting for review');
  if (revision.status !== 'pending') throw conflict('Only a revision waiting for review can be changed');
  const number = normaliseSheetNumber(body.number);
  if (!number) throw badRequest('number', 'Enter a sheet number of letters and digits');
  const title = normaliseSheetTitle(body.title);
  const { scope, session } = caller;
  const setId = await requireSet(scope, workspace, body.setId);
  await requireDiscipline(scope, workspace.id, body.discipline);
  const sheet = await sheetByNumber(scope, workspace.id, number);
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('drawing_revision')
      .set({ number, title, discipline: body.discipline, label: body.label.toUpperCase(), set_id: setId, sheet_id: sheet?.id ?? null, updated_by: session.userId, update_time: time })
      .where('id', '=', revision.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('The revision was published or rejected meanwhile');
    // Markups drawn on it follow it to its sheet.
    await tx.updateTable('drawing_markup').set({ sheet_id: sheet?.id ?? null }).where('revision_id', '=', revision.id).execute();
    await recordEvent(tx, {
      workspaceId: workspace.id,
      userId: session.userId,
      time,
      action: 'revision.update',
      targetId: revision.id,
      detail: { number, title, discipline: body.discipline, label: body.label, setId },
    });
  });
  return revisionDetail(caller, revision.id);
}

/**
 * Publishes pending revisions: each becomes the current revision of the live sheet with its
 * number (made now when there is none; its title, discipline and set follow the revision), and
 * the sheet's previous current one is superseded. Nothing is deleted. In one transaction: all
 * or none.
 */
export async function publishRevisions(caller: DrawingCaller, ids: readonly number[]): Promise<void> {
  const rows = await visibleRevisions(caller, ids);
  requireAllowed(policy.drawing.release(caller), 'release drawings');
  if (rows.some((r) => r.status !== 'pending')) throw conflict('Only revisions waiting for review can be published');
  const { scope, session } = caller;
  try {
    await scope.db.transaction().execute((trx) => publishPending(scope.with(trx), rows, session.userId, caller.now()));
  } catch (error) {
    // Another publish made a sheet of the same number first.
    if (isUniqueViolation(error)) throw savedMeanwhile();
    throw error;
  }
}

/** The publishing itself, inside the caller's transaction (the demo seed publishes this way too). */
export async function publishPending(tx: TenantScope, rows: readonly RevisionRecord[], userId: number, time: string): Promise<void> {
  for (const revision of [...rows].sort((a, b) => a.id - b.id)) {
    let sheet = await sheetByNumber(tx, revision.workspace_id, revision.number);
    if (!sheet) {
      sheet = await tx
        .insertInto('drawing_sheet', [
          {
            workspace_id: revision.workspace_id,
            number: revision.number,
            number_sort: numberSortKey(revision.number),
            title: revision.title,
            discipline: revision.discipline,
            set_id: revision.set_id,
            current_revision_id: null,
            created_by: userId,
            create_time: time,
            updated_by: userId,
            update_time: time,
          },
        ])
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await tx
      .updateTable('drawing_revision')
      .set({ status: 'superseded', updated_by: userId, update_time: time })
      .where('sheet_id', '=', sheet.id)
      .where('status', '=', 'current')
      .execute();
    const published = await tx
      .updateTable('drawing_revision')
      .set({ status: 'current', sheet_id: sheet.id, published_by: userId, publish_time: time, updated_by: userId, update_time: time })
      .where('id', '=', revision.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(published.numUpdatedRows) !== 1) throw conflict('A revision was published or rejected meanwhile');
    await tx
      .updateTable('drawing_sheet')
      .set({
        title: revision.title,
        discipline: revision.discipline,
        set_id: revision.set_id ?? sheet.set_id,
        current_revision_id: revision.id,
        updated_by: userId,
        update_time: time,
      })
      .where('id', '=', sheet.id)
      .execute();
    await tx.updateTable('drawing_markup').set({ sheet_id: sheet.id }).where('revision_id', '=', revision.id).execute();
    await recordEvent(tx, {
      workspaceId: revision.workspace_id,
      userId,
      time,
      action: 'revision.publish',
      targetId: revision.id,
      detail: { sheetId: sheet.id, number: revision.number, label: revision.label },
    });
  }
}

/** Rejects pending revisions: they stay, marked rejected, with who and when. */
export async function rejectRevisions(caller: DrawingCaller, ids: readonly number[]): Promise<void> {
  const rows = await visibleRevisions(caller, ids);
  requireAllowed(policy.drawing.release(caller), 'release drawings');
  if (rows.some((r) => r.status !== 'pending')) throw conflict('Only revisions waiting for review can be rejected');
  const { scope, session } = caller;
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('drawing_revision')
      .set({ status: 'rejected', updated_by: session.userId, update_time: time })
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== rows.length) throw conflict('A revision was published or rejected meanwhile');
    for (const revision of rows) {
      await recordEvent(tx, { workspaceId: revision.workspace_id, userId: session.userId, time, action: 'revision.reject', targetId: revision.id, detail: { number: revision.number, label: revision.label } });
    }
  });
}

/** Sets (or clears, with null) how sheet units of a revision measure in metres. */
export async function calibrateRevision(caller: DrawingCaller, id: number, calibration: Calibration): Promise<RevisionDetail> {
  const { revision, workspace } = await visibleRevision(caller, id);
  requireAllowed(policy.drawing.annotate(caller), 'calibrate drawings');
  const { scope, session } = caller;
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx
      .updateTable('drawing_revision')
      .set({ calibration: writeJsonOrNull(calibration), updated_by: session.userId, update_time: time })
      .where('id', '=', revision.id)
      .execute();
    await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'revision.calibrate', targetId: revision.id, detail: calibration });
  });
  return revisionDetail(caller, revision.id);
}

export async function revisionDetail(caller: DrawingCaller, id: number): Promise<RevisionDetail> {
  const { revision } = await visibleRevision(caller, id);
  const { scope } = caller;
  const sheet =
    revision.sheet_id === null
      ? undefined
      : await scope.selectFrom('drawing_sheet').selectAll().where('id', '=', revision.sheet_id).where('deleted_time', 'is', null).executeTakeFirst();
  const [row] = await presentRevisions(scope, [revision]);
  return { revision: row!, sheet: sheet ? (await presentSheets(scope, [sheet]))[0]! : null, calibration: calibrationOf(revision) };
}

/** The file-store id of a revision's part: the view of a PDF or image is its source. */
export function revisionFileId(revision: RevisionRecord, part: RevisionFilePart): string | null {
  if (part === 'source') return revision.source_file_id;
  if (part === 'view') return revision.view_file_id;
  return revision.thumbnail_file_id;
}
