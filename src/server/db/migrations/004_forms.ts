import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

type Table = CreateTableBuilder<string, never>;

/**
 * Customer forms: the designer's draft, published versions, records, numbering counters,
 * drafts (staging) and per-user list search settings. JSON columns are jsonb on PostgreSQL
 * (so `data ->> 'key'` needs no parse per row) and JSON text on SQLite.
 */
export async function up(db: Kysely<unknown>, { idColumn, dialect }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const tenantScoped = (t: Table) =>
    t.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';

  await tenantScoped(table('form'))
    // Null: the whole tenant may use the form; else only that workspace.
    .addColumn('workspace_code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('design', json, (c) => c.notNull())
    .addColumn('settings', json, (c) => c.notNull())
    .addColumn('flow', json)
    .addColumn('current_version', 'integer')
    // The designer's optimistic lock: every save of the draft, settings or flow bumps it.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seed_key', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_tenant_seed_key', ['tenant_id', 'seed_key'])
    .execute();
  await db.schema.createIndex('form_tenant_update').on('form').columns(['tenant_id', 'update_time']).execute();

  await tenantScoped(table('form_version'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('design', json, (c) => c.notNull())
    .addColumn('schema', json, (c) => c.notNull())
    .addColumn('ui_schema', json, (c) => c.notNull())
    .addColumn('settings', json, (c) => c.notNull())
    .addColumn('flow', json)
    .addColumn('published_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('publish_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_version_form_version', ['form_id', 'version'])
    .execute();

  await tenantScoped(table('form_record'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // Null when the form has no numbering rule.
    .addColumn('number', 'text')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('workspace_code', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('form_record_number', ['tenant_id', 'form_id', 'number'])
    .execute();
  // The default list order; filters on data fields get expression indexes per form (settings.indexedFields).
  await db.schema
    .createIndex('form_record_list')
    .on('form_record')
    .columns(['tenant_id', 'form_id', 'create_time desc'])
    .execute();
  // Data scope `own` and "created by" filters.
  await db.schema.createIndex('form_record_creator').on('form_record').columns(['tenant_id', 'form_id', 'created_by']).execute();

  await tenantScoped(table('form_number_counter'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    // The rule's date part ('20261122', '202611', ...) or '' when it has none.
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addUniqueConstraint('form_number_counter_period', ['tenant_id', 'form_id', 'period'])
    .execute();

  await tenantScoped(table('form_draft'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // Null: a draft of a new record.
    .addColumn('record_id', 'integer', (c) => c.references('form_record.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_draft_owner').on('form_draft').columns(['tenant_id', 'user_id', 'update_time']).execute();

  await tenantScoped(table('form_search_config'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('config', json, (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_search_config_owner', ['tenant_id', 'form_id', 'user_id'])
    .execute();
}
