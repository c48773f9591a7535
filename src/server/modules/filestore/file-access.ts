import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import { callerOf } from '../../plugins/auth.ts';
import { libraryById, type Library } from '../doc/library.ts';
import { recordContext } from '../record/context.ts';
import { requireRecordReader, visibleRecord, type RecordContext } from '../record/service.ts';
import type { FileObject } from './file-objects.ts';

/**
 * One holder of a file: a record (in `field`) or an avatar (file_link), a document of which it
 * is a version, a drawing revision (its source, view or thumbnail) or a markup (its photo).
 */
interface FileOwner {
  fileId: string;
  kind: 'record' | 'avatar' | 'document' | 'revision' | 'markup';
  /** The record's, user's, document's, revision's or markup's id. */
  ownerId: number;
  field: string;
  workspaceId: number | null;
  folderId: number | null;
  deletedTime: string | null;
  /** A markup's author and visibility; null for other holders. */
  authorId: number | null;
  visibility: string | null;
}

// Keeps each statement well under the databases' bound-parameter limits.
const BATCH = 500;

/**
 * Every holder of the files, in one query per 500 files, each side on its index
 * (file_link_file, doc_version_file): a download asks nothing more before the owners' rules.
 */
async function ownersOf(scope: TenantScope, fileIds: readonly string[]): Promise<Map<string, FileOwner[]>> {
  const owners = new Map<string, FileOwner[]>();
  const ids = [...new Set(fileIds)];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const links = scope
      .selectFrom('file_link')
      .select([
        'file_link.file_id as fileId',
        sql<FileOwner['kind']>`file_link.owner_kind`.as('kind'),
        'file_link.owner_id as ownerId',
        'file_link.field as field',
        sql<number | null>`null`.as('workspaceId'),
        sql<number | null>`null`.as('folderId'),
        sql<string | null>`null`.as('deletedTime'),
        sql<number | null>`cast(null as integer)`.as('authorId'),
        sql<string | null>`null`.as('visibility'),
      ])
      .where('file_link.file_id', 'in', batch);
    const versions = scope
      .selectFrom('doc_version')
      .innerJoin('doc_file', 'doc_file.id', 'doc_version.doc_id')
      .select([
        'doc_version.file_id as fileId',
        sql<FileOwner['kind']>`'document'`.as('kind'),
        'doc_file.id as ownerId',
        sql<string>`''`.as('field'),
        sql<number | null>`doc_file.workspace_id`.as('workspaceId'),
        sql<number | null>`doc_file.folder_id`.as('folderId'),
        sql<string | null>`doc_file.deleted_time`.as('deletedTime'),
        sql<number | null>`cast(null as integer)`.as('authorId'),
        sql<string | null>`null`.as('visibility'),
      ])
      .where('doc_version.file_id', 'in', batch);
    // A revision's files; a revision of a deleted sheet is deleted with it.
    const revision = (part: 'source_file_id' | 'view_file_id' | 'thumbnail_file_id') =>
      scope
        .selectFrom('drawing_revision')
        .leftJoin('drawing_sheet', 'drawing_sheet.id', 'drawing_revision.sheet_id')
        .select([
          sql.ref<string>(`drawing_revision.${part}`).as('fileId'),
          sql<FileOwner['kind']>`'revision'`.as('kind'),
          'drawing_revision.id as ownerId',
          sql<string>`''`.as('field'),
          sql<number | null>`drawing_revision.workspace_id`.as('workspaceId'),
          sql<number | null>`null`.as('folderId'),
          sql<string | null>`drawing_sheet.deleted_time`.as('deletedTime'),
          sql<number | null>`cast(null as integer)`.as('authorId'),
          sql<string | null>`null`.as('visibility'),
        ])
        .where(sql.ref(`drawing_revision.${part}`), 'in', batch);
    const photos = scope
      .selectFrom('drawing_markup')
      .select([
        sql<string>`drawing_markup.photo_file_id`.as('fileId'),
        sql<FileOwner['kind']>`'markup'`.as('kind'),
        'drawing_markup.id as ownerId',
        sql<string>`''`.as('field'),
        sql<number | null>`drawing_markup.workspace_id`.as('workspaceId'),
        sql<number | null>`null`.as('folderId'),
        sql<string | null>`drawing_markup.deleted_time`.as('deletedTime'),
        sql<number | null>`drawing_markup.author_id`.as('authorId'),
        sql<string | null>`drawing_markup.visibility`.as('visibility'),
      ])
      .where('drawing_markup.photo_file_id', 'in', batch);
    const holders = links
      .unionAll(versions)
      .unionAll(revision('source_file_id'))
      .unionAll(revision('view_file_id'))
      .unionAll(revision('thumbnail_file_id'))
      .unionAll(photos);
    for (const row of await holders.execute()) {
      const list = owners.get(row.fileId) ?? [];
      list.push({
        ...row,
        ownerId: Number(row.ownerId),
        workspaceId: row.workspaceId === null ? null : Number(row.workspaceId),
        authorId: row.authorId === null ? null : Number(row.authorId),
      });
      owners.set(row.fileId, list);
    }
  }
  return owners;
}

/** What a rule that throws gives, or null when it answers 403 or 404: "may not". */
async function unlessRefused<T>(rule: () => Promise<T>): Promise<T | null> {
  try {
    return await rule();
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
    throw error;
  }
}

/** What the caller may read of one record: nothing (null), or every field but the hidden ones. */
function recordView(ctx: RecordContext, recordId: number): Promise<{ hidden: readonly string[] } | null> {
  return unlessRefused(async () => {
    // As record/detail decides.
    const { record, form } = await visibleRecord(ctx, recordId);
    const version = await ctx.versions.get(ctx.scope, form.id, record.version);
    if (!version) throw notFound('Record');
    await requireRecordReader(ctx, form, version, record.id);
    if (policy.record.read(ctx.access, form, version.settings, record) || !ctx.hooks.flowState) return { hidden: [] };
    // An approver who reads the record only through their task does not get the fields their step hides.
    return { hidden: (await ctx.hooks.flowState(ctx.access, record))?.hiddenFields ?? [] };
  });
}

/**
 * Who may read a file of the store (download, preview, thumbnail, zip) is decided by what holds
 * it (policy.file, src/server/access/file.ts):
 * - a document (any of its versions): who may see the document in its folder (doc/library.ts, access/folder.ts);
 * - a record: who may read the record and the field holding the file (record/service.ts, access/record.ts);
 * - an avatar: every member of the tenant;
 * - a drawing revision or a markup's photo: who may see it in its workspace's drawings (access/drawing.ts);
 * - nothing (just uploaded and not yet added anywhere, or its holders gone): its uploader only.
 * One holder the caller may read is enough. Refused files answer 404, as those of another
 * tenant do: their ids are not there for the caller.
 */
export async function requireReadableFiles(app: FastifyInstance, request: FastifyRequest, files: readonly FileObject[]): Promise<void> {
  const caller = callerOf(request);
  const owners = await ownersOf(
    caller.scope,
    files.map((f) => f.id),
  );

  // The rules' inputs are read once per request, and only when a file needs them.
  const ctx = recordContext(app, request);
  const records = new Map<number, Promise<{ hidden: readonly string[] } | null>>();
  const libraries = new Map<number, Promise<Library | null>>();
  const libraryOf = (workspaceId: number) => {
    let library = libraries.get(workspaceId);
    if (!library) {
      library = unlessRefused(() => libraryById({ ...caller, now: () => new Date(ctx.clock.now()).toISOString() }, workspaceId));
      libraries.set(workspaceId, library);
    }
    return library;
  };

  const reads = async (owner: FileOwner): Promise<boolean> => {
    switch (owner.kind) {
      case 'avatar':
        return policy.file.readAvatar();
      case 'record': {
        let view = records.get(owner.ownerId);
        if (!view) records.set(owner.ownerId, (view = recordView(ctx, owner.ownerId)));
        return policy.file.readRecordField(await view, owner.field);
      }
      case 'document': {
        const live = owner.deletedTime === null && owner.workspaceId !== null;
        return policy.file.readDocument(live ? await libraryOf(owner.workspaceId!) : null, owner);
      }
      case 'revision':
      case 'markup':
        return policy.drawing.readFile(caller, { ...owner, kind: owner.kind });
    }
  };

  for (const file of files) {
    if (!(await policy.file.read(caller, file, owners.get(file.id) ?? [], reads))) throw notFound('File');
  }
}
