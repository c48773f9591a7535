import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Drawings: per workspace, sets grouping sheets; sheets (a number unique among the live sheets
 * of a workspace); revisions (one page or file each, pending → current → superseded, or
 * rejected; never deleted), each with its files in the store; markups drawn on a revision and
 * belonging to its sheet; uploads (the processing job of one file, with progress and problem);
 * and the drawing event log (who did what, when). Sizes are `real`: sheet units may be
 * fractional (PDF points, DXF drawing units).
 */
export async function up(db: Kysely<unknown>, { dialect, idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  const workspace = (c: ColumnDefinitionBuilder) => c.notNull().references('workspace.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');

  await table('drawing_set')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drawing_set_name').on('drawing_set').columns(['tenant_id', 'workspace_id', 'name']).unique().execute();

  await table('drawing_sheet')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('number', 'text', (c) => c.notNull())
    // The number with its digit runs zero-padded, so A-9 sorts before A-10.
    .addColumn('number_sort', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('discipline', 'text', (c) => c.notNull())
    .addColumn('set_id', 'integer', (c) => c.references('drawing_set.id').onDelete('set null'))
    // The published revision shown; kept by publish (no foreign key: the two tables point at each other).
    .addColumn('current_revision_id', 'integer')
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', user)
    .execute();
  // One live sheet per number in a workspace; deleted ones keep theirs.
  await db.schema
    .createIndex('drawing_sheet_number')
    .on('drawing_sheet')
    .columns(['tenant_id', 'workspace_id', 'number'])
    .unique()
    .where(sql.ref('deleted_time'), 'is', null)
    .execute();
  // The register's sorts, each over the live sheets of one workspace.
  for (const column of ['number_sort', 'title', 'discipline', 'update_time']) {
    await db.schema
      .createIndex(`drawing_sheet_by_${column}`)
      .on('drawing_sheet')
      .columns(['tenant_id', 'workspace_id', column, 'id'])
      .where(sql.ref('deleted_time'), 'is', null)
      .execute();
  }
  await db.schema.createIndex('drawing_sheet_set').on('drawing_sheet').columns(['set_id']).execute();

  await table('drawing_upload')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('set_id', 'integer', (c) => c.references('drawing_set.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', real, (c) => c.notNull())
    .addColumn('problem', json)
    .addColumn('revision_ids', json, (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drawing_upload_owner').on('drawing_upload').columns(['tenant_id', 'workspace_id', 'created_by', 'create_time']).execute();
  await db.schema.createIndex('drawing_upload_file').on('drawing_upload').columns(['file_id']).execute();

  await table('drawing_revision')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    // Null while pending under a number no sheet has: publishing makes the sheet.
    .addColumn('sheet_id', 'integer', (c) => c.references('drawing_sheet.id').onDelete('cascade'))
    .addColumn('upload_id', 'integer', (c) => c.references('drawing_upload.id').onDelete('set null'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('discipline', 'text', (c) => c.notNull())
    .addColumn('set_id', 'integer', (c) => c.references('drawing_set.id').onDelete('set null'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('width', real, (c) => c.notNull())
    .addColumn('height', real, (c) => c.notNull())
    .addColumn('source_file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('view_file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('thumbnail_file_id', 'text', (c) => c.references('file_object.id'))
    .addColumn('read_number', 'text')
    .addColumn('read_title', 'text')
    .addColumn('calibration', json)
    .addColumn('uploaded_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('published_by', 'integer', user)
    .addColumn('publish_time', 'text')
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drawing_revision_sheet').on('drawing_revision').columns(['sheet_id', 'id']).execute();
  await db.schema.createIndex('drawing_revision_status').on('drawing_revision').columns(['tenant_id', 'workspace_id', 'status', 'id']).execute();
  await db.schema.createIndex('drawing_revision_number').on('drawing_revision').columns(['tenant_id', 'workspace_id', 'number']).execute();
  // The file store asks who holds a file (orphan clean-up, reads by file id).
  for (const part of ['source', 'view', 'thumbnail']) {
    await db.schema.createIndex(`drawing_revision_${part}_file`).on('drawing_revision').columns([`${part}_file_id`]).execute();
  }

  await table('drawing_markup')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('sheet_id', 'integer', (c) => c.references('drawing_sheet.id').onDelete('cascade'))
    // The revision it was drawn on.
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('drawing_revision.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', json, (c) => c.notNull())
    .addColumn('photo_file_id', 'text', (c) => c.references('file_object.id'))
    // The optimistic lock: each save adds one.
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', user)
    .execute();
  await db.schema.createIndex('drawing_markup_sheet').on('drawing_markup').columns(['sheet_id', 'revision_id']).execute();
  await db.schema.createIndex('drawing_markup_revision').on('drawing_markup').columns(['revision_id']).execute();
  await db.schema.createIndex('drawing_markup_photo').on('drawing_markup').columns(['photo_file_id']).execute();

  // Who did what to which drawing, and when: every write of the module adds one.
  await table('drawing_event')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('detail', json)
    .addColumn('user_id', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drawing_event_target').on('drawing_event').columns(['tenant_id', 'target_kind', 'target_id']).execute();
  await db.schema.createIndex('drawing_event_time').on('drawing_event').columns(['tenant_id', 'workspace_id', 'create_time']).execute();
}
