import type { Kysely } from 'kysely';
import { storedText } from '../../core/local-text.ts';
import type { DB } from '../db/schema.ts';
import { demoText } from './demo/texts.ts';
import { subtreeKeys, type SeedNode } from './menu-keys.ts';
import type { SeedDemo } from './seed-files.ts';

type Tenant = SeedDemo['tenants'][number];

/**
 * Describes the seed roles (description, data scope, built-in) and creates the seed workspace
 * templates, once per tenant: while the tenant has a role without a description. Roles come
 * without one only from the seed's first pass or from before migration 003; every role the API
 * writes has one. So a new tenant and one upgraded from before 003 both get this once, and
 * what administrators change or delete later stays changed.
 */
export async function seedAuthorization(db: Kysely<DB>, tenant: Tenant, menu: SeedNode[], now: string): Promise<void> {
  const found = await db.selectFrom('tenant').select('id').where('code', '=', tenant.code).executeTakeFirst();
  if (!found) return;
  const tenantId = found.id;
  await db.transaction().execute(async (trx) => {
    const undescribed = await trx
      .selectFrom('role')
      .select(['id', 'code'])
      .where('tenant_id', '=', tenantId)
      .where('description', 'is', null)
      .execute();
    if (undescribed.length === 0) return;

    for (const role of undescribed) {
      const seed = tenant.roles.find((r) => r.code === role.code);
      await trx
        .updateTable('role')
        .set({ description: storedText(demoText(seed?.description ?? '')), data_scope: seed?.dataScope ?? 'own', built_in: seed ? 1 : 0 })
        .where('id', '=', role.id)
        .execute();
    }

    const resources = await trx.selectFrom('resource').select(['id', 'seed_key']).where('tenant_id', '=', tenantId).execute();
    const idOfKey = new Map(resources.filter((r) => r.seed_key !== null).map((r) => [r.seed_key!, r.id]));
    for (const template of tenant.templates ?? []) {
      const exists = await trx
        .selectFrom('workspace_template')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('name', '=', template.name)
        .executeTakeFirst();
      if (exists) continue;
      const { id } = await trx
        .insertInto('workspace_template')
        .values({ tenant_id: tenantId, name: template.name, description: template.description ?? '', create_time: now, update_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const resourceIds = [...subtreeKeys(menu, template.menus)].map((k) => idOfKey.get(k)).filter((v) => v !== undefined);
      const pageMenuIds = [...subtreeKeys(menu, template.pages)].map((k) => idOfKey.get(k)).filter((v) => v !== undefined);
      const pages =
        pageMenuIds.length === 0
          ? []
          : await trx.selectFrom('page').select('id').where('tenant_id', '=', tenantId).where('resource_id', 'in', pageMenuIds).execute();
      const items = [
        ...resourceIds.map((item_id) => ({ tenant_id: tenantId, template_id: id, kind: 'resource' as const, item_id })),
        ...pages.map((p) => ({ tenant_id: tenantId, template_id: id, kind: 'page' as const, item_id: p.id })),
      ];
      if (items.length) await trx.insertInto('template_item').values(items).execute();
    }
  });
}
