import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { seedPlates } from '../modules/plate/seed.ts';
import { seedDatasets } from '../modules/dataset/seed.ts';
import { seedFlowHistories } from '../modules/flow/seed.ts';
import { seedForms } from '../modules/form/seed.ts';
import { seedPages } from '../modules/page/seed.ts';

/** Demo datasets, the seed pages that query them, the demo forms and their records, then the plates over them; whatever the tenant already has is left alone. */
export async function seedTenantContent(db: Kysely<DB>, dialect: Dialect, tenantCode: string, clock: Clock): Promise<void> {
  const tenant = await db.selectFrom('tenant').select(['id', 'code', 'name']).where('code', '=', tenantCode).executeTakeFirstOrThrow();
  await seedDatasets(db, tenant, clock.now());
  await seedPages(db, tenant, clock.now());
  await seedForms(db, dialect, tenant, clock.now());
  await seedFlowHistories(db, tenant, clock.now());
  await seedPlates(db, tenant, clock.now());
}
