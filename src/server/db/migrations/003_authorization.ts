import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

type Table = CreateTableBuilder<string, never>;

/**
 * Roles with a description and a data scope, permission groups (bundles of function points
 * given to roles or users), member status, and workspace templates.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const tenantScoped = (t: Table) =>
    t.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'));

  // Null description marks a role from before this migration, which the seed describes once.
  await db.schema.alterTable('role').addColumn('description', 'text').execute();
  await db.schema.alterTable('role').addColumn('data_scope', 'text', (c) => c.notNull().defaultTo('own')).execute();
  await db.schema.alterTable('role').addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Until now roles came only from the seed.
  await sql`update role set built_in = 1`.execute(db);

  await db.schema
    .alterTable('tenant_member')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .execute();

  await tenantScoped(table('permission_group'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('permission_group_tenant_name', ['tenant_id', 'name'])
    .execute();

  // Points are kept by code: a group names what it allows, whichever menu node carries it.
  await tenantScoped(table('group_point'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('permission_group.id').onDelete('cascade'))
    .addColumn('point_code', 'text', (c) => c.notNull())
    .addUniqueConstraint('group_point_unique', ['group_id', 'point_code'])
    .execute();

  await tenantScoped(table('group_role'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('permission_group.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addUniqueConstraint('group_role_unique', ['group_id', 'role_id'])
    .execute();
  await db.schema.createIndex('group_role_role').on('group_role').column('role_id').execute();

  await tenantScoped(table('group_user'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('permission_group.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addUniqueConstraint('group_user_unique', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_user_tenant_user').on('group_user').columns(['tenant_id', 'user_id']).execute();

  await tenantScoped(table('workspace_template'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('workspace_template_tenant_name', ['tenant_id', 'name'])
    .execute();

  // item_id names a resource, page, form or board by kind; no foreign key, so templates do not
  // depend on the tables of those modules (reads drop ids whose rows are gone).
  await tenantScoped(table('template_item'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('workspace_template.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addUniqueConstraint('template_item_unique', ['template_id', 'kind', 'item_id'])
    .execute();

  await db.schema
    .alterTable('workspace')
    .addColumn('template_id', 'integer', (c) => c.references('workspace_template.id').onDelete('set null'))
    .execute();
}
