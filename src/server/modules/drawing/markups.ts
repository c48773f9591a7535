import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Selectable } from 'kysely';
import markupSchema from '../../../../schemas/meta/drawing-markup.schema.json';
import type { Markup as DrawnMarkup, MarkupInput } from '../../../core/drawings/markup.ts';
import type { Markup } from '../../../core/contracts/drawings.ts';
import { createAjv, describeValidationError, errorFieldPath } from '../../../core/validation/ajv.ts';
import { policy } from '../../access/policies.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import type { DrawingMarkupTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { recordEvent, workspaceById, type DrawingCaller } from './context.ts';
import { visibleRevision } from './revisions.ts';

type MarkupRecord = Selectable<DrawingMarkupTable>;
/** What the list answers: the markup as drawn plus what the server keeps of it. */
export type ListedMarkup = Markup<DrawnMarkup>;

let validator: ValidateFunction | undefined;
/** The markup schema the browser checks with, compiled once by the shared ajv set-up. */
export function validMarkup(value: unknown): MarkupInput {
  validator ??= createAjv({ useDefaults: false }).compile(markupSchema);
  if (!validator(value)) {
    const error = (validator.errors ?? [])[0] as ErrorObject;
    const sentence = describeValidationError(error);
    throw badRequest('', errorFieldPath(error) ? `markup.${sentence}` : `markup: ${sentence}`);
  }
  return value as MarkupInput;
}

/** The markup as stored: what was drawn, without what the server decides (id, lock, visibility). */
export function bodyOf(markup: MarkupInput): Omit<MarkupInput, 'id' | 'revision' | 'visibility'> {
  const { id: _id, revision: _revision, visibility: _visibility, ...drawn } = markup;
  return drawn;
}

async function present(caller: DrawingCaller, rows: readonly MarkupRecord[], shownOn: number | null): Promise<ListedMarkup[]> {
  const { scope } = caller;
  const names = await userNames(
    scope,
    rows.map((r) => r.author_id),
  );
  const revisionIds = [...new Set(rows.map((r) => r.revision_id))];
  const labels = new Map(
    revisionIds.length ? (await scope.selectFrom('drawing_revision').select(['id', 'label']).where('id', 'in', revisionIds).execute()).map((r) => [r.id, r.label]) : [],
  );
  return rows.map((r) => ({
    ...readJson<Omit<MarkupInput, 'id' | 'revision' | 'visibility'>>(r.body),
    id: r.id,
    revision: r.revision,
    sheetId: r.sheet_id as number,
    revisionId: r.revision_id,
    authorId: r.author_id ?? 0,
    authorName: r.author_id === null ? '' : (names.get(r.author_id) ?? ''),
    createTime: r.create_time,
    updateTime: r.update_time,
    visibility: r.visibility as MarkupInput['visibility'],
    fromRevision: shownOn !== null && r.revision_id !== shownOn ? (labels.get(r.revision_id) ?? null) : null,
  }));
}

/**
 * The markups shown on a revision: those of its sheet drawn on it or on an earlier revision
 * (carried to later revisions at the same place, flagged with the label they were drawn on),
 * published ones and the caller's own personal ones. A revision with no sheet yet shows its own.
 */
export async function listMarkups(caller: DrawingCaller, revisionId: number): Promise<ListedMarkup[]> {
  const { revision } = await visibleRevision(caller, revisionId);
  const { scope, session } = caller;
  let query = scope.selectFrom('drawing_markup').selectAll('drawing_markup').where('drawing_markup.deleted_time', 'is', null);
  if (revision.sheet_id === null) query = query.where('drawing_markup.revision_id', '=', revision.id);
  else query = query.where('drawing_markup.sheet_id', '=', revision.sheet_id).where('drawing_markup.revision_id', '<=', revision.id);
  const rows = await query
    .where((eb) => eb.or([eb('drawing_markup.visibility', '=', 'published'), eb('drawing_markup.author_id', '=', session.userId)]))
    .orderBy('drawing_markup.id')
    .execute();
  return present(caller, rows, revision.id);
}

/** A live markup the caller may see; 404 otherwise (another's personal markup is not there for them). */
async function visibleMarkup(caller: DrawingCaller, id: number): Promise<MarkupRecord> {
  const row = await caller.scope.selectFrom('drawing_markup').selectAll().where('id', '=', id).where('deleted_time', 'is', null).executeTakeFirst();
  if (!row || !policy.drawing.readMarkup(caller, { visibility: row.visibility, authorId: row.author_id })) throw notFound('Markup');
  await workspaceById(caller, row.workspace_id, 'Markup');
  return row;
}

/** What a markup points at must be the tenant's: a photo of the file store, a sheet of the workspace, a document. */
async function requireReferences(caller: DrawingCaller, workspaceId: number, markup: MarkupInput): Promise<void> {
  const { scope } = caller;
  if (markup.photoFileId) {
    const file = await scope.selectFrom('file_object').select('id').where('id', '=', markup.photoFileId).executeTakeFirst();
    if (!file) throw badRequest('markup.photoFileId', 'No such uploaded photo');
  }
  if (markup.link && 'sheetId' in markup.link) {
    const sheet = await scope
      .selectFrom('drawing_sheet')
      .select('id')
      .where('id', '=', markup.link.sheetId)
      .where('workspace_id', '=', workspaceId)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
    if (!sheet) throw badRequest('markup.link.sheetId', 'No such sheet in this workspace');
  }
  if (markup.link && 'documentId' in markup.link) {
    const doc = await scope
      .selectFrom('doc_file')
      .select('id')
      .where('id', '=', markup.link.documentId)
      .where('workspace_id', '=', workspaceId)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
    if (!doc) throw badRequest('markup.link.documentId', 'No such document in this workspace');
  }
}

/**
 * Creates a markup on a revision (no `id`), or updates one (`id` with the `revision` loaded:
 * a stale one answers 409). A personal markup is its author's; a published one, or publishing
 * one, needs the annotate point.
 */
export async function saveMarkup(caller: DrawingCaller, revisionId: number, raw: unknown): Promise<ListedMarkup> {
  const markup = validMarkup(raw);
  const { revision, workspace } = await visibleRevision(caller, revisionId);
  const { scope, session } = caller;
  const time = caller.now();
  const visibility = markup.visibility;
  if (markup.id === undefined) {
    if (!policy.drawing.writeMarkup(caller, { visibility, authorId: session.userId })) throw forbidden('You do not have permission to publish markups');
    await requireReferences(caller, workspace.id, markup);
    const id = await scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      const row = await tx
        .insertInto('drawing_markup', [
          {
            workspace_id: workspace.id,
            sheet_id: revision.sheet_id,
            revision_id: revision.id,
            author_id: session.userId,
            visibility,
            kind: markup.kind,
            body: writeJson(bodyOf(markup)),
            photo_file_id: markup.photoFileId ?? null,
            revision: 1,
            create_time: time,
            updated_by: session.userId,
            update_time: time,
          },
        ])
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'markup.create', targetId: row.id, detail: { kind: markup.kind, visibility, revisionId: revision.id } });
      return row.id;
    });
    return (await present(caller, [await visibleMarkup(caller, id)], revision.id))[0]!;
  }

  const existing = await visibleMarkup(caller, markup.id);
  if (existing.sheet_id !== revision.sheet_id || (existing.sheet_id === null && existing.revision_id !== revision.id)) throw notFound('Markup');
  const owner = { authorId: existing.author_id };
  if (!policy.drawing.writeMarkup(caller, { ...owner, visibility: existing.visibility }) || !policy.drawing.writeMarkup(caller, { ...owner, visibility })) {
    throw forbidden(visibility === 'published' || existing.visibility === 'published' ? 'You do not have permission to change published markups' : 'Only its author changes a personal markup');
  }
  await requireReferences(caller, workspace.id, markup);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('drawing_markup')
      .set({
        visibility,
        kind: markup.kind,
        body: writeJson(bodyOf(markup)),
        photo_file_id: markup.photoFileId ?? null,
        revision: existing.revision + 1,
        updated_by: session.userId,
        update_time: time,
      })
      .where('id', '=', existing.id)
      .where('revision', '=', markup.revision!)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('The markup was changed meanwhile. Reload to see it, then try again.');
    await recordEvent(tx, { workspaceId: workspace.id, userId: session.userId, time, action: 'markup.update', targetId: existing.id, detail: { kind: markup.kind, visibility } });
  });
  return (await present(caller, [await visibleMarkup(caller, existing.id)], revision.id))[0]!;
}

/** Deletes markups (kept with who and when): personal ones by their author, published ones with the annotate point. */
export async function deleteMarkups(caller: DrawingCaller, ids: readonly number[]): Promise<void> {
  const rows: MarkupRecord[] = [];
  for (const id of ids) rows.push(await visibleMarkup(caller, id));
  for (const row of rows) {
    if (!policy.drawing.writeMarkup(caller, { visibility: row.visibility, authorId: row.author_id })) throw forbidden('You do not have permission to delete this markup');
  }
  const { scope, session } = caller;
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.updateTable('drawing_markup').set({ deleted_time: time, deleted_by: session.userId }).where('id', 'in', [...ids]).where('deleted_time', 'is', null).execute();
    for (const row of rows) {
      await recordEvent(tx, { workspaceId: row.workspace_id, userId: session.userId, time, action: 'markup.delete', targetId: row.id, detail: { kind: row.kind } });
    }
  });
}
