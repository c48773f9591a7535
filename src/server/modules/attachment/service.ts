import { sql, type Expression, type SqlBool } from 'kysely';
import {
  extensionsOfType,
  recordListRoute,
  recordRoute,
  USER_MANAGEMENT_ROUTE,
  type Attachment,
  type AttachmentListBody,
  type AttachmentOptions,
  type AttachmentOwner,
  type AttachmentPage,
} from '../../../core/contracts/attachments.ts';
import { fileFieldLabels } from '../../../core/forms/record-files.ts';
import { readStoredText, textIn, type LocalText } from '../../../core/local-text.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { containsText, escapeLike } from '../../db/like.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { isAdmin } from '../../access/admin.ts';
import { policy } from '../../access/policies.ts';
import { fileDownloadPath } from '../filestore/file-objects.ts';
import { dayBounds } from '../record/record-query.ts';
import type { RecordContext } from '../record/service.ts';

/** Who asks, and which owners' files they may see. */
export interface AttachmentReader {
  ctx: RecordContext;
  admin: boolean;
  /** Forms whose records the caller reads (open to them, holding a read point of the form). */
  readableFormIds: number[];
  /** Whether the caller manages users, so an avatar's owner links to the user list. */
  managesUsers: boolean;
}

/**
 * The caller as a reader of attachments. The list itself takes the screen's menu entry (ADMINs
 * always have it), 403 otherwise; which rows it holds then follows the record rules of
 * src/server/access/record.ts, in SQL (see visibleLinks).
 */
export async function attachmentReader(ctx: RecordContext): Promise<AttachmentReader> {
  const { scope, access } = ctx;
  if (!policy.attachment.list(access)) throw forbidden();
  const admin = isAdmin(access);
  const forms = await scope.selectFrom('form').select(['form.id', 'form.workspace_code', 'form.current_version']).where('form.current_version', 'is not', null).execute();
  const readableFormIds: number[] = [];
  for (const form of forms) {
    if (!policy.form.open(access, form)) continue;
    const version = await ctx.versions.get(scope, form.id, form.current_version!);
    // Like the record list: the current version's settings name the form's read points.
    if (version && policy.record.list(access, version.settings)) readableFormIds.push(form.id);
  }
  return { ctx, admin, readableFormIds, managesUsers: policy.attachment.linkUsers(access) };
}

/** The links the reader may see, joined to their file and owner; other tenants' files never join. */
function visibleLinks(reader: AttachmentReader) {
  const { scope, access } = reader.ctx;
  return scope
    .selectFrom('file_link')
    .innerJoin('file_object', (join) => join.onRef('file_object.id', '=', 'file_link.file_id').onRef('file_object.tenant_id', '=', 'file_link.tenant_id'))
    .leftJoin('form_record', (join) =>
      join.onRef('form_record.id', '=', 'file_link.owner_id').onRef('form_record.tenant_id', '=', 'file_link.tenant_id').on('file_link.owner_kind', '=', 'record'),
    )
    .leftJoin('form', (join) => join.onRef('form.id', '=', 'file_link.form_id').onRef('form.tenant_id', '=', 'file_link.tenant_id'))
    .leftJoin('app_user as holder', (join) => join.onRef('holder.id', '=', 'file_link.owner_id').on('file_link.owner_kind', '=', 'avatar'))
    .where((eb) => {
      const owners: Expression<SqlBool>[] = [];
      if (reader.admin || reader.readableFormIds.length) {
        const record = [eb('file_link.owner_kind', '=', 'record'), eb('form_record.id', 'is not', null)];
        if (!reader.admin) record.push(eb('file_link.form_id', 'in', reader.readableFormIds));
        const inScope = policy.record.scopeCondition(access);
        if (inScope) record.push(inScope(eb));
        owners.push(eb.and(record));
      }
      const avatar = [eb('file_link.owner_kind', '=', 'avatar'), eb('holder.id', 'is not', null)];
      // Someone else's avatar is for those who see everything.
      if (!reader.admin) avatar.push(eb('file_link.owner_id', '=', access.session.userId));
      owners.push(eb.and(avatar));
      return eb.or(owners);
    });
}

/** The visible links the list's filters keep; a range that ends before it starts is refused, naming its end. */
function filteredLinks(reader: AttachmentReader, body: AttachmentListBody) {
  if (body.uploadedFrom && body.uploadedTo && body.uploadedTo < body.uploadedFrom) {
    throw badRequest('uploadedTo', 'must not be before uploadedFrom');
  }
  return visibleLinks(reader).where((eb) => {
    const all: Expression<SqlBool>[] = [];
    if (body.formId !== undefined) all.push(eb('file_link.form_id', '=', body.formId));
    if (body.uploaderId !== undefined) all.push(eb('file_object.created_by', '=', body.uploaderId));
    if (body.type !== undefined) {
      // Uploads are refused without a known extension, so the name's ending is the file's type;
      // `_` before the dot: a name whose only dot comes first has no extension (extensionOf).
      const endings = extensionsOfType(body.type).map((extension) => sql<SqlBool>`lower(file_object.name) like ${`_%.${escapeLike(extension)}`} escape '\\'`);
      all.push(eb.or(endings));
    }
    if (body.uploadedFrom) all.push(eb('file_object.create_time', '>=', dayBounds(body.uploadedFrom).start));
    if (body.uploadedTo) all.push(eb('file_object.create_time', '<', dayBounds(body.uploadedTo).end));
    const name = body.name?.trim();
    if (name) all.push(containsText(sql.ref('file_object.name'), name));
    return eb.and(all);
  });
}

function ownerOf(reader: AttachmentReader, row: {
  owner_kind: 'record' | 'avatar';
  owner_id: number;
  form_id: number | null;
  form_name: string | null;
  record_number: string | null;
  record_title: string | null;
  holder_name: string | null;
}): AttachmentOwner {
  if (row.owner_kind === 'avatar') {
    return { kind: 'avatar', id: row.owner_id, name: row.holder_name ?? '', route: reader.managesUsers ? USER_MANAGEMENT_ROUTE : null };
  }
  return {
    kind: 'record',
    id: row.owner_id,
    formId: row.form_id!,
    formName: readStoredText(row.form_name ?? ''),
    number: row.record_number,
    title: row.record_title ?? '',
    route: recordRoute(row.owner_id),
    listRoute: recordListRoute(row.form_id!),
  };
}

/** A page of the attachments the reader may see, filtered, newest upload first. */
export async function listAttachments(reader: AttachmentReader, body: AttachmentListBody): Promise<AttachmentPage> {
  const base = filteredLinks(reader, body);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('app_user as uploader', 'uploader.id', 'file_object.created_by')
      .select([
        'file_link.id',
        'file_link.owner_kind',
        'file_link.owner_id',
        'file_link.form_id',
        'file_link.field',
        'file_link.create_time as link_time',
        'file_object.id as file_id',
        'file_object.name as file_name',
        'file_object.size as file_size',
        'file_object.type as content_type',
        'file_object.create_time as upload_time',
        'file_object.created_by as uploader_id',
        'uploader.name as uploader_name',
        'form.name as form_name',
        'form_record.number as record_number',
        'form_record.title as record_title',
        'form_record.version as record_version',
        'holder.name as holder_name',
      ])
      .orderBy('file_object.create_time', 'desc')
      .orderBy('file_link.id', 'desc')
      .limit(body.pageSize)
      .offset((body.pageNum - 1) * body.pageSize)
      .execute(),
  ]);
  const list: Attachment[] = [];
  for (const row of rows) {
    let fieldLabels: LocalText[] | null = null;
    if (row.owner_kind === 'record' && row.form_id !== null && row.record_version !== null) {
      const version = await reader.ctx.versions.get(reader.ctx.scope, row.form_id, row.record_version);
      fieldLabels = version ? fileFieldLabels(version.design, row.field) : null;
    }
    list.push({
      id: row.id,
      file: {
        id: row.file_id,
        name: row.file_name,
        size: Number(row.file_size),
        type: extensionOf(row.file_name),
        contentType: row.content_type,
        url: fileDownloadPath(row.file_id),
        createTime: row.upload_time,
      },
      uploader: row.uploader_id === null ? null : { id: row.uploader_id, name: row.uploader_name ?? '' },
      owner: ownerOf(reader, row),
      field: row.field,
      fieldLabels,
      linkTime: row.link_time,
    });
  }
  return { list, total: Number(total), pageNum: body.pageNum, pageSize: body.pageSize };
}

/** The forms and uploaders of the attachments the reader may see, by name, for the filter pickers. */
export async function attachmentOptions(reader: AttachmentReader): Promise<AttachmentOptions> {
  const [forms, uploaders] = await Promise.all([
    visibleLinks(reader).innerJoin('form as owner_form', 'owner_form.id', 'file_link.form_id').select(['owner_form.id', 'owner_form.name']).distinct().execute(),
    visibleLinks(reader)
      .innerJoin('app_user as uploader', 'uploader.id', 'file_object.created_by')
      .select(['uploader.id', 'uploader.name'])
      .distinct()
      .orderBy('uploader.name')
      .execute(),
  ]);
  const named = (rows: { id: number | null; name: string | null }[]) => rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name ?? '' }]));
  // A form's name may be JSON of its languages: read, then put in order of the English.
  const formNames = named(forms).map((form) => ({ id: form.id, name: readStoredText(form.name) }));
  formNames.sort((a, b) => textIn(a.name, 'en').localeCompare(textIn(b.name, 'en')) || a.id - b.id);
  return { forms: formNames, uploaders: named(uploaders) };
}
