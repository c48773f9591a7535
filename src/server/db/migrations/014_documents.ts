import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * The document library: folders of a workspace, documents in them (each the newest of its
 * versions, every version a file of the store), role grants that close a folder to all but
 * the named roles, and a recycle bin (a deleted folder or document keeps its row with the
 * time and who deleted it, until restored or emptied).
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  await table('doc_folder')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('doc_folder.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('doc_folder_workspace').on('doc_folder').columns(['tenant_id', 'workspace_id']).execute();

  await table('doc_file')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('doc_folder.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The current version's: extension, size and stored file.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('doc_file_folder').on('doc_file').columns(['tenant_id', 'workspace_id', 'folder_id']).execute();

  await table('doc_version')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('doc_id', 'integer', (c) => c.notNull().references('doc_file.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('doc_version_unique', ['doc_id', 'version'])
    .execute();

  await table('doc_folder_grant')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('doc_folder.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('access', 'text', (c) => c.notNull())
    .addUniqueConstraint('doc_folder_grant_unique', ['folder_id', 'role_id'])
    .execute();
}
