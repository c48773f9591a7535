import crypto from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { FILESTORE_PREFIX, type FileInfo } from '../../../core/contracts/files.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { FileObjectTable } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

export type FileObject = Selectable<FileObjectTable>;

/** 128 random bits, url-safe: an id cannot be guessed, and it names nothing about the file. */
export function newFileId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Where a file is downloaded; the browser adds `token` (and `inline`) to it. */
export function fileDownloadPath(fileId: string): string {
  return `/api${FILESTORE_PREFIX}/file/${fileId}`;
}

export function fileInfoOf(row: FileObject): FileInfo {
  return {
    fileId: row.id,
    name: row.name,
    size: Number(row.size),
    type: row.type,
    url: fileDownloadPath(row.id),
    createTime: row.create_time,
    createdBy: row.created_by ?? 0,
  };
}

export async function insertFileObject(scope: TenantScope, row: Omit<Insertable<FileObjectTable>, 'tenant_id'>): Promise<FileObject> {
  await scope.insertInto('file_object', [row]).execute();
  return { ...row, created_by: row.created_by ?? null, tenant_id: scope.tenantId };
}

/** The tenant's files among `ids`, in the order asked; ids of other tenants or of nothing are left out. */
export async function findFileObjects(scope: TenantScope, ids: readonly string[]): Promise<FileObject[]> {
  if (ids.length === 0) return [];
  const rows = await scope.selectFrom('file_object').selectAll().where('id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every one of `ids`, or 404 naming none of them (another tenant's file is simply not there). */
export async function requireFileObjects(scope: TenantScope, ids: readonly string[]): Promise<FileObject[]> {
  const rows = await findFileObjects(scope, ids);
  if (rows.length !== ids.length) throw notFound('File');
  return rows;
}

/** Bytes the tenant's files take together (each upload counted, as the quota counts them). */
export async function tenantFileBytes(scope: TenantScope): Promise<number> {
  const row = await scope.selectFrom('file_object').select((eb) => eb.fn.sum<number | string | null>('file_object.size').as('bytes')).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
