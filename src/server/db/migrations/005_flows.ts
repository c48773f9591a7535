import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

type Table = CreateTableBuilder<string, never>;

/**
 * The organisation (departments with managers, each member's department and own manager) that
 * approval flows resolve "the submitter's manager" from, and the flow runtime: one instance per
 * record, its tasks (approval and CC entries) and its timeline events.
 */
export async function up(db: Kysely<unknown>, { idColumn, dialect }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const tenantScoped = (t: Table) =>
    t.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';

  await tenantScoped(table('department'))
    .addColumn('parent_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('manager_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('department_tenant_parent').on('department').columns(['tenant_id', 'parent_id']).execute();

  // A member's own manager wins over their department's manager.
  await db.schema
    .alterTable('tenant_member')
    .addColumn('department_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('tenant_member')
    .addColumn('manager_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .execute();

  await tenantScoped(table('flow_instance'))
    .addColumn('record_id', 'integer', (c) => c.notNull().unique().references('form_record.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    // The flow of the version the record was submitted with; later versions do not change a running flow.
    .addColumn('definition', json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('submitter_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('current_node_id', 'text')
    .addColumn('current_entry', 'integer', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('task_seq', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();

  await tenantScoped(table('flow_task'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('flow_instance.id').onDelete('cascade'))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('task_key', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('entry', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('finish_time', 'text')
    .addUniqueConstraint('flow_task_instance_key', ['instance_id', 'task_key'])
    .execute();
  // "My tasks": pending / done / cc of one user, newest first.
  await db.schema.createIndex('flow_task_assignee').on('flow_task').columns(['tenant_id', 'assignee_id', 'kind', 'status', 'id']).execute();

  await tenantScoped(table('flow_event'))
    .addColumn('instance_id', 'integer', (c) => c.notNull().references('flow_instance.id').onDelete('cascade'))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('node_id', 'text')
    .addColumn('node_name', 'text')
    .addColumn('comment', 'text')
    .addColumn('target_user_ids', json, (c) => c.notNull())
    .addColumn('to_target', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_event_instance').on('flow_event').columns(['instance_id', 'id']).execute();
}
