import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';
import { seedDatasets } from '../modules/dataset/seed.ts';
import { seedPages } from '../modules/page/seed.ts';

/** Demo datasets, then the seed pages that query them; whatever the tenant already has is left alone. */
export async function seedTenantContent(db: Kysely<DB>, tenantCode: string, clock: Clock): Promise<void> {
  const tenant = await db.selectFrom('tenant').select(['id', 'code']).where('code', '=', tenantCode).executeTakeFirstOrThrow();
  await seedDatasets(db, tenant, clock.now());
  await seedPages(db, tenant.id, clock.now());
}
