import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

type Table = CreateTableBuilder<string, never>;

/** Customer pages and public websites (page configs), and the datasets their widgets query. */
export async function up(db: Kysely<unknown>, { idColumn, dialect }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const tenantScoped = (t: Table) =>
    t.addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'));

  await tenantScoped(table('page'))
    .addColumn('route', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.references('resource.id').onDelete('set null'))
    // 1 when the page made its menu node (page/create with `menu`), so deleting the page removes it;
    // a seed menu node that a seed page links to stays.
    .addColumn('owns_resource', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed_key', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    // Both databases let several rows share a NULL route (pages reached by id only, websites).
    .addUniqueConstraint('page_tenant_route', ['tenant_id', 'route'])
    .addUniqueConstraint('page_tenant_seed_key', ['tenant_id', 'seed_key'])
    .execute();
  await db.schema.createIndex('page_resource').on('page').column('resource_id').execute();

  await tenantScoped(table('dataset'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('dataset_tenant_code', ['tenant_id', 'code'])
    .execute();

  // jsonb on PostgreSQL so `data ->> 'field'` needs no parse per row; JSON text on SQLite.
  await tenantScoped(table('dataset_row'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('dataset.id').onDelete('cascade'))
    .addColumn('data', dialect === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
    .execute();
  // Every query names tenant and dataset and pages in id order.
  await db.schema.createIndex('dataset_row_page').on('dataset_row').columns(['tenant_id', 'dataset_id', 'id']).execute();
  await db.schema.createIndex('dataset_row_dataset').on('dataset_row').column('dataset_id').execute();
}
