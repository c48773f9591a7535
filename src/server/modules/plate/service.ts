import { sql, type Selectable } from 'kysely';
import type { PlateCopyBody, PlateCreateBody, PlateDetail, PlateListItem, PlateListQuery, PlatePublishBody, PlateRenameBody, PlateUpdateBody } from '../../../core/contracts/plates.ts';
import { plateRoute } from '../../../core/contracts/plates.ts';
import type { PageResult } from '../../../core/envelope.ts';
import { mapText, normalizeText, readStoredText, storedText, type LocalText } from '../../../core/local-text.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import type { Clock } from '../../clock.ts';
import { containsText } from '../../db/like.ts';
import type { PlateTable } from '../../db/schema.ts';
import { readPageConfig, upgradeSentPageConfig } from '../../db/stored-configs.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { conflict, forbidden, notFound, refused } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import type { Session } from '../auth/tokens.ts';
import { datasetsByCode } from '../dataset/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import { pageConfigProblems } from '../page/service.ts';
import { checkMenuParent, createMenuNode } from '../resource/menu-entries.ts';

type PlateRow = Selectable<PlateTable>;

const componentCount = (config: string) => readPageConfig(config).widgets.length;

function presentItem(row: PlateRow, updatedByName: string | null): PlateListItem {
  return {
    id: row.id,
    name: readStoredText(row.name),
    description: readStoredText(row.description),
    componentCount: componentCount(row.config),
    resourceId: row.resource_id,
    revision: row.revision,
    updateTime: row.update_time,
    updatedByName,
  };
}

/** Plates the caller may open, newest change first, by name or description. */
export async function listPlates(scope: TenantScope, caller: Caller, query: PlateListQuery): Promise<PageResult<PlateListItem>> {
  if (!policy.plate.list(caller)) throw forbidden();
  let base = scope.selectFrom('plate');
  // Without every plate, those whose own menu entries their roles grant (policy.plate.open).
  if (!policy.plate.openAll(caller)) base = base.where('plate.resource_id', 'in', [...caller.menuIds]);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => eb.or([containsText(sql.ref('plate.name'), keyword), containsText(sql.ref('plate.description'), keyword)]));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('app_user', 'app_user.id', 'plate.updated_by')
      .selectAll('plate')
      .select('app_user.name as updated_by_name')
      .orderBy('plate.update_time', 'desc')
      .orderBy('plate.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  return { list: rows.map((r) => presentItem(r, r.updated_by_name)), total: Number(total), pageNum: query.pageNum, pageSize: query.pageSize };
}

async function findPlate(scope: TenantScope, id: number): Promise<PlateRow> {
  const row = await scope.selectFrom('plate').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Plate');
  return row;
}

export async function plateDetail(scope: TenantScope, caller: Caller, id: number): Promise<PlateDetail> {
  const row = await findPlate(scope, id);
  if (!policy.plate.open(caller, row)) throw forbidden();
  const [node, updater] = await Promise.all([
    row.resource_id === null
      ? undefined
      : scope.selectFrom('resource').select(['id', 'parent_id', 'title', 'icon']).where('id', '=', row.resource_id).executeTakeFirst(),
    row.updated_by === null ? undefined : scope.db.selectFrom('app_user').select('name').where('id', '=', row.updated_by).executeTakeFirst(),
  ]);
  return {
    ...presentItem(row, updater?.name ?? null),
    config: readPageConfig(row.config),
    menu: node ? { id: node.id, parentId: node.parent_id, title: readStoredText(node.title), icon: node.icon } : null,
    can: { edit: policy.plate.edit(caller), delete: policy.plate.delete(caller), create: policy.plate.create(caller) },
    createTime: row.create_time,
  };
}

/** The config checked as a page config over the tenant's datasets and forms; its title is the plate's name. */
async function checkedConfig(scope: TenantScope, versions: FormVersionCache, name: LocalText, config: Record<string, unknown>): Promise<PageConfig> {
  const titled = { ...(upgradeSentPageConfig(config) as Record<string, unknown>), title: normalizeText(name) };
  const problems = pageConfigProblems(titled, await datasetsByCode(scope, versions));
  if (problems.length) throw refused(problems, 'config');
  return titled as unknown as PageConfig;
}

const nowOf = (clock: Clock) => new Date(clock.now()).toISOString();

export async function createPlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, caller: Caller, body: PlateCreateBody): Promise<PlateDetail> {
  const config = await checkedConfig(scope, versions, body.name, body.config);
  const now = nowOf(clock);
  const [row] = await scope
    .insertInto('plate', [
      {
        name: storedText(body.name),
        description: storedText(body.description ?? ''),
        config: JSON.stringify(config),
        resource_id: null,
        seed_key: null,
        created_by: caller.session.userId,
        updated_by: caller.session.userId,
        create_time: now,
        update_time: now,
      },
    ])
    .returning('id')
    .execute();
  return plateDetail(scope, caller, row!.id);
}

/** Writes when `revision` is still the stored one (409 otherwise); the menu entry's title follows the name. */
async function writePlate(
  clock: Clock,
  scope: TenantScope,
  session: Session,
  current: PlateRow,
  revision: number,
  change: { name: LocalText; description?: LocalText; config?: PageConfig },
): Promise<void> {
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const result = await tx
      .updateTable('plate')
      .set((eb) => ({
        name: storedText(change.name),
        ...(change.description !== undefined && { description: storedText(change.description) }),
        ...(change.config && { config: JSON.stringify(change.config) }),
        revision: eb('revision', '+', 1),
        updated_by: session.userId,
        update_time: nowOf(clock),
      }))
      .where('id', '=', current.id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw conflict('Someone else saved this plate after you opened it. Reload it to see their changes, then make yours again.');
    }
    if (current.resource_id !== null && storedText(change.name) !== current.name) {
      await tx.updateTable('resource').set({ title: storedText(change.name) }).where('id', '=', current.resource_id).execute();
    }
  });
}

export async function updatePlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, caller: Caller, body: PlateUpdateBody): Promise<PlateDetail> {
  const current = await findPlate(scope, body.id);
  const config = await checkedConfig(scope, versions, body.name, body.config);
  await writePlate(clock, scope, caller.session, current, body.revision, { name: body.name, description: body.description ?? '', config });
  return plateDetail(scope, caller, body.id);
}

export async function renamePlate(clock: Clock, scope: TenantScope, caller: Caller, body: PlateRenameBody): Promise<PlateDetail> {
  const current = await findPlate(scope, body.id);
  const name = normalizeText(body.name);
  const config = { ...readPageConfig(current.config), title: name };
  await writePlate(clock, scope, caller.session, current, body.revision, { name, config });
  return plateDetail(scope, caller, body.id);
}

export async function copyPlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, caller: Caller, body: PlateCopyBody): Promise<PlateDetail> {
  const source = await findPlate(scope, body.id);
  const name = body.name ?? mapText(readStoredText(source.name), (each) => `${each} (copy)`);
  return createPlate(clock, scope, versions, caller, { name, description: readStoredText(source.description), config: { ...readPageConfig(source.config) } });
}

export async function deletePlate(scope: TenantScope, id: number): Promise<void> {
  const plate = await findPlate(scope, id);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.deleteFrom('plate').where('id', '=', id).execute();
    if (plate.resource_id !== null) await tx.deleteFrom('resource').where('id', '=', plate.resource_id).execute();
  });
}

/** Puts the plate in the menu under a parent (a new entry, offered and granted like the parent, replaces any earlier one), or takes it out. */
export async function publishPlate(scope: TenantScope, caller: Caller, body: PlatePublishBody): Promise<PlateDetail> {
  const plate = await findPlate(scope, body.id);
  if (body.menu) await checkMenuParent(scope, body.menu.parentId, plate.resource_id ?? undefined);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    if (plate.resource_id !== null) {
      await tx.updateTable('plate').set({ resource_id: null }).where('id', '=', plate.id).execute();
      await tx.deleteFrom('resource').where('id', '=', plate.resource_id).execute();
    }
    if (body.menu) {
      const resourceId = await createMenuNode(tx, body.menu, body.menu.title ?? readStoredText(plate.name), plateRoute(plate.id));
      await tx.updateTable('plate').set({ resource_id: resourceId }).where('id', '=', plate.id).execute();
    }
  });
  return plateDetail(scope, caller, body.id);
}
