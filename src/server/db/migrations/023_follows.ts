import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { storedText } from '../../../core/local-text.ts';
import type { MigrationContext } from '../migrate.ts';

/**
 * Follow-ups: per workspace, types (name, colour, numbering rule, status rule, default
 * reviewers, data template), the numbering counters, the follow-ups themselves (with a pin on
 * a sheet), their assignees, watchers, comments, photos (files of the store), history, and the
 * due notices already sent (one per follow-up, kind and due date). In databases seeded before,
 * the old "Edit follow-up" button becomes follow:manage, held by no role until granted.
 */
export async function up(db: Kysely<unknown>, { dialect, idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  const workspace = (c: ColumnDefinitionBuilder) => c.notNull().references('workspace.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  const follow = (c: ColumnDefinitionBuilder) => c.notNull().references('follow_up.id').onDelete('cascade');

  await table('follow_type')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('numbering', 'text', (c) => c.notNull())
    .addColumn('status_rule', json, (c) => c.notNull())
    .addColumn('default_reviewer_ids', json, (c) => c.notNull())
    .addColumn('template_form_id', 'integer', (c) => c.references('form.id').onDelete('set null'))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_type_workspace').on('follow_type').columns(['tenant_id', 'workspace_id', 'sort']).execute();

  // One counter per workspace, numbering rule and period: the create transaction bumps it.
  await table('follow_counter')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_counter_key').on('follow_counter').columns(['tenant_id', 'workspace_id', 'rule', 'period']).unique().execute();

  await table('follow_up')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('type_id', 'integer', (c) => c.notNull().references('follow_type.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    // The number with digit runs zero-padded, so PI-9 sorts before PI-10.
    .addColumn('number_sort', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    // low 1 … critical 4: the priority sort.
    .addColumn('priority_rank', 'integer', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', user)
    .addColumn('due_date', 'text')
    .addColumn('trade', 'text')
    .addColumn('location', 'text')
    .addColumn('sheet_id', 'integer', (c) => c.references('drawing_sheet.id').onDelete('set null'))
    .addColumn('pin_revision_id', 'integer', (c) => c.references('drawing_revision.id').onDelete('set null'))
    .addColumn('pin_x', real)
    .addColumn('pin_y', real)
    .addColumn('model_element_id', 'text')
    .addColumn('template_form_id', 'integer', (c) => c.references('form.id').onDelete('set null'))
    .addColumn('template_version', 'integer')
    .addColumn('template_values', json)
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The optimistic lock: each change adds one.
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('closed_time', 'text')
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', user)
    .execute();
  // No two follow-ups of a workspace share a number, deleted ones included.
  await db.schema.createIndex('follow_up_number').on('follow_up').columns(['tenant_id', 'workspace_id', 'number']).unique().execute();
  // The list's sorts and filters, each over the live follow-ups of one workspace.
  const live = sql.ref('deleted_time');
  for (const column of ['number_sort', 'title', 'status', 'priority_rank', 'due_date', 'create_time', 'update_time', 'type_id', 'sheet_id', 'trade', 'created_by', 'reviewer_id']) {
    await db.schema
      .createIndex(`follow_up_by_${column}`)
      .on('follow_up')
      .columns(['tenant_id', 'workspace_id', column, 'id'])
      .where(live, 'is', null)
      .execute();
  }
  // Status with each sort: the list's commonest filter.
  await db.schema.createIndex('follow_up_status_due').on('follow_up').columns(['tenant_id', 'workspace_id', 'status', 'due_date', 'id']).where(live, 'is', null).execute();
  await db.schema.createIndex('follow_up_status_number').on('follow_up').columns(['tenant_id', 'workspace_id', 'status', 'number_sort', 'id']).where(live, 'is', null).execute();

  await table('follow_assignee')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('follow_assignee_key').on('follow_assignee').columns(['follow_id', 'user_id']).unique().execute();
  await db.schema.createIndex('follow_assignee_user').on('follow_assignee').columns(['tenant_id', 'user_id', 'follow_id']).execute();

  await table('follow_watcher')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('follow_watcher_key').on('follow_watcher').columns(['follow_id', 'user_id']).unique().execute();
  await db.schema.createIndex('follow_watcher_user').on('follow_watcher').columns(['tenant_id', 'user_id', 'follow_id']).execute();

  await table('follow_comment')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('author_id', 'integer', user)
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('mention_ids', json, (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', user)
    .execute();
  await db.schema.createIndex('follow_comment_follow').on('follow_comment').columns(['follow_id', 'id']).execute();

  await table('follow_photo')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('file_id', 'text', (c) => c.notNull().references('file_object.id'))
    .addColumn('added_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_photo_follow').on('follow_photo').columns(['follow_id', 'id']).execute();
  // The file store asks who holds a file (orphan clean-up).
  await db.schema.createIndex('follow_photo_file').on('follow_photo').columns(['file_id']).execute();

  await table('follow_history')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', json, (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_history_follow').on('follow_history').columns(['follow_id', 'id']).execute();
  // "Closed per week" reads the status moves by time.
  await db.schema.createIndex('follow_history_time').on('follow_history').columns(['tenant_id', 'workspace_id', 'action', 'create_time']).execute();

  // The due notices sent: at most one per follow-up, kind (tomorrow, overdue) and day.
  await table('follow_due_notice')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('follow_id', 'integer', follow)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_due_notice_key').on('follow_due_notice').columns(['follow_id', 'kind', 'day']).unique().execute();

  await followPointsOfOlderSeeds(db);
}

/**
 * Databases seeded before: the old edit button (follow:edit, which no route ever checked)
 * becomes follow:manage. Its grants go: managing anyone's follow-ups is given on purpose, not
 * inherited. Run again it finds nothing to change.
 */
export async function followPointsOfOlderSeeds(db: Kysely<unknown>): Promise<void> {
  await sql`delete from role_resource where resource_id in (select id from resource where code = 'follow:edit')`.execute(db);
  await sql`delete from group_point where point_code = 'follow:edit'`.execute(db);
  const title = storedText({ en: 'Manage follow-ups', 'zh-CN': '管理跟进', ar: 'إدارة المتابعات' });
  await sql`update resource set seed_key = 'followList.manage', code = 'follow:manage', title = ${title} where seed_key = 'followList.edit'`.execute(db);
  await sql`update resource set code = 'follow:manage' where code = 'follow:edit'`.execute(db);
}
