import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Follow-up settings of a workspace: the lists an administrator adds beside the built-in ones
 * (`follow_data_source`), the options of every list (`follow_option`, a tree where the list is
 * hierarchical; retired options stay), the forms that are follow-up data templates with their
 * field-to-list bindings (`follow_template`), and the project settings row (`follow_project`:
 * the sheet-number rule and the workspace's disciplines, null while the defaults hold).
 * Texts a person reads are stored with storedText (a string, or JSON of languages).
 */
export async function up(db: Kysely<unknown>, { dialect, idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  const workspace = (c: ColumnDefinitionBuilder) => c.notNull().references('workspace.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');

  await table('follow_data_source')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hierarchical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_data_source_key').on('follow_data_source').columns(['tenant_id', 'workspace_id', 'key']).unique().execute();

  await table('follow_option')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // No cascade: an option with options below it is deleted only together with them (checked at the statement's end).
    .addColumn('parent_id', 'integer', (c) => c.references('follow_option.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  // A code names one option of a list for good: follow-ups and template values hold it.
  await db.schema
    .createIndex('follow_option_code')
    .on('follow_option')
    .columns(['tenant_id', 'workspace_id', 'source_key', 'code'])
    .unique()
    .execute();
  await db.schema.createIndex('follow_option_parent').on('follow_option').column('parent_id').execute();

  await table('follow_template')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    // The follow-up type (whose template_form_id names the form); one template each.
    .addColumn('type_id', 'integer', (c) => c.notNull().references('follow_type.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('form.id').onDelete('cascade'))
    // Field key -> list key: choice fields whose options publishing fills from the list.
    .addColumn('bindings', json, (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_template_type').on('follow_template').columns(['tenant_id', 'type_id']).unique().execute();
  await db.schema.createIndex('follow_template_form').on('follow_template').column('form_id').unique().execute();

  await table('follow_project')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('sheet_number_rule', 'text')
    .addColumn('disciplines', json)
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_project_workspace').on('follow_project').columns(['tenant_id', 'workspace_id']).unique().execute();
}
