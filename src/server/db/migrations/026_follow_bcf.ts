import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * What a follow-up imported from a BCF file was in it: the topic's GUID, and those of its
 * comments and viewpoints, so importing the file again updates the follow-up instead of making
 * another and adds only comments and snapshots not seen before, and an export gives them back.
 * The viewpoint's camera and selected IFC elements, and a comment's BCF author and date, ride
 * along as JSON for the export.
 */
export async function up(db: Kysely<unknown>, { dialect, idColumn }: MigrationContext): Promise<void> {
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  await idColumn(db.schema.createTable('follow_bcf_link'))
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('follow_id', 'integer', (c) => c.notNull().references('follow_up.id').onDelete('cascade'))
    // topic (target: the follow-up), comment (a follow_comment), viewpoint (a follow_photo, or null without a snapshot).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('detail', json)
    .execute();
  await db.schema.createIndex('follow_bcf_link_guid').on('follow_bcf_link').columns(['tenant_id', 'workspace_id', 'kind', 'guid']).unique().execute();
  await db.schema.createIndex('follow_bcf_link_follow').on('follow_bcf_link').columns(['follow_id', 'kind']).execute();
}
