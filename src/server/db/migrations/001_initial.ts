import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const tenantScoped = (t: Table) =>
    t.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'));

  await table('tenant')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();

  await table('app_user')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile_phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();

  await tenantScoped(table('tenant_member'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('tenant_member_tenant_user', ['tenant_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tenant_member_user').on('tenant_member').column('user_id').execute();

  await tenantScoped(table('workspace'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('workspace_tenant_code', ['tenant_id', 'code'])
    .execute();

  await tenantScoped(table('workspace_member'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addUniqueConstraint('workspace_member_unique', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_member_user').on('workspace_member').columns(['tenant_id', 'user_id']).execute();

  await tenantScoped(table('resource'))
    .addColumn('parent_id', 'integer', (c) => c.references('resource.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'text')
    .addColumn('seed_key', 'text')
    .addUniqueConstraint('resource_tenant_seed_key', ['tenant_id', 'seed_key'])
    .execute();
  await db.schema.createIndex('resource_tenant_parent').on('resource').columns(['tenant_id', 'parent_id']).execute();

  await tenantScoped(table('workspace_resource'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addUniqueConstraint('workspace_resource_unique', ['workspace_id', 'resource_id'])
    .execute();

  await tenantScoped(table('role'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('role_tenant_code', ['tenant_id', 'code'])
    .execute();

  await tenantScoped(table('role_resource'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addUniqueConstraint('role_resource_unique', ['role_id', 'resource_id'])
    .execute();

  await tenantScoped(table('user_role'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addUniqueConstraint('user_role_unique', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_tenant_user').on('user_role').columns(['tenant_id', 'user_id']).execute();

  await table('auth_token')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('tenant_id', 'integer', (c) => c.references('tenant.id').onDelete('cascade'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('expire_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('auth_token_user').on('auth_token').column('user_id').execute();

  await table('verification_code')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('expire_time', 'text', (c) => c.notNull())
    .addColumn('used_time', 'text')
    .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_code_target')
    .on('verification_code')
    .columns(['channel', 'target', 'scene'])
    .execute();

  await table('outbox')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();

  await table('address')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('address.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('address_parent').on('address').column('parent_id').execute();

  await tenantScoped(table('preference_config'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('config_type', 'text', (c) => c.notNull())
    .addColumn('biz_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('config_value', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('preference_config_unique', ['tenant_id', 'user_id', 'config_type', 'biz_id'])
    .execute();

  await tenantScoped(table('notify'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('notify_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  // Paging is newest first per user, optionally per type: both orders served by an index.
  await db.schema.createIndex('notify_user_id').on('notify').columns(['tenant_id', 'user_id', 'id']).execute();
  await db.schema
    .createIndex('notify_user_type_id')
    .on('notify')
    .columns(['tenant_id', 'user_id', 'notify_type', 'id'])
    .execute();
  await db.schema
    .createIndex('notify_user_unread')
    .on('notify')
    .columns(['tenant_id', 'user_id', 'is_read'])
    .execute();
}
