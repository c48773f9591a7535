import type { Kysely } from 'kysely';

/**
 * Which documents hold a file of the store, found by the file: a download by file id asks it
 * (with the attachment index, file_link_file) to know whose rules decide who may read it.
 * Every version of a document, the current one too, has its doc_version row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('doc_version_file').on('doc_version').columns(['tenant_id', 'file_id']).execute();
}
