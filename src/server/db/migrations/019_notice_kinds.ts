import type { Kysely } from 'kysely';

/**
 * A system notification is stored as a kind with its parameters (src/core/notices.ts), so it
 * is shown in each reader's language; rows from before keep their stored title and content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify').addColumn('kind', 'text').execute();
  await db.schema.alterTable('notify').addColumn('params', 'text').execute();
}
