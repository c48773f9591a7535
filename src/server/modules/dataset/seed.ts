import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DEMO_DATASETS, type DatasetRow, type DemoDataset } from '../../seed/demo/datasets.ts';
import { seedOf } from '../../seed/demo/random.ts';

// Rows per INSERT: well under the bound-parameter limits of both databases (3 per row).
const INSERT_BATCH = 1000;

/** The generator seed of a tenant's demo data: different values per tenant, the same on every install. */
export const datasetSeedOf = (tenantCode: string) => seedOf(`datasets:${tenantCode}`);

/** Stores one dataset with its rows in one transaction; returns its id. */
export async function storeDataset(
  db: Kysely<DB>,
  tenantId: number,
  definition: Pick<DemoDataset, 'code' | 'name' | 'fields'>,
  rows: readonly DatasetRow[],
  createTime: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('dataset')
      .values({
        tenant_id: tenantId,
        code: definition.code,
        name: definition.name,
        fields: JSON.stringify(definition.fields),
        row_count: rows.length,
        create_time: createTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH).map((row) => ({ tenant_id: tenantId, dataset_id: id, data: JSON.stringify(row) }));
      await trx.insertInto('dataset_row').values(batch).execute();
    }
    return id;
  });
}

/** Gives the tenant each demo dataset it does not have yet, generated as of `seedTime`. */
export async function seedDatasets(db: Kysely<DB>, tenant: { id: number; code: string }, seedTime: number): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('dataset').select('code').where('tenant_id', '=', tenant.id).execute()).map((r) => r.code),
  );
  const createTime = new Date(seedTime).toISOString();
  for (const definition of DEMO_DATASETS) {
    if (existing.has(definition.code)) continue;
    await storeDataset(db, tenant.id, definition, definition.generate(seedTime, datasetSeedOf(tenant.code)), createTime);
  }
}
