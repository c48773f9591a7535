import type { Selectable } from 'kysely';
import type { PlateCopyBody, PlateCreateBody, PlateDetail, PlateListItem, PlateListQuery, PlatePublishBody, PlateRenameBody, PlateUpdateBody } from '../../../core/contracts/plates.ts';
import { PLATE_POINTS, plateRoute } from '../../../core/contracts/plates.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import type { Clock } from '../../clock.ts';
import type { PlateTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Session } from '../auth/tokens.ts';
import { datasetsByCode } from '../dataset/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import { pageConfigProblems } from '../page/service.ts';
import { grantedResourceIds, loadFunctionPoints } from '../resource/function-points.ts';
import { checkMenuParent, createMenuNode } from '../resource/menu-entries.ts';

type PlateRow = Selectable<PlateTable>;

/** The seed menu node of the plate list: a role that grants it lets its users open plates. */
export const PLATE_LIST_SEED_KEY = 'plates';

/** What the caller may do with plates, from their function points and menu grants. */
export interface PlateRights {
  session: Session;
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** The plate list's menu entry is theirs: every plate of the tenant opens for them. */
  list: boolean;
  /** Menu entries their roles grant (a published plate's own entry opens that plate). */
  granted: ReadonlySet<number>;
}

export async function plateRights(scope: TenantScope, session: Session): Promise<PlateRights> {
  const admin = session.memberType === 'ADMIN';
  const [points, granted, listNode] = await Promise.all([
    admin ? Promise.resolve(new Set<string>()) : loadFunctionPoints(scope, session),
    admin ? Promise.resolve(new Set<number>()) : grantedResourceIds(scope, session.userId),
    scope.selectFrom('resource').select('id').where('seed_key', '=', PLATE_LIST_SEED_KEY).executeTakeFirst(),
  ]);
  const holds = (point: string) => admin || points.has(point);
  const create = holds(PLATE_POINTS.create);
  const edit = holds(PLATE_POINTS.edit);
  const del = holds(PLATE_POINTS.delete);
  return { session, create, edit, delete: del, list: create || edit || del || admin || (listNode !== undefined && granted.has(listNode.id)), granted };
}

const canOpen = (rights: PlateRights, row: Pick<PlateRow, 'resource_id'>) =>
  rights.list || (row.resource_id !== null && rights.granted.has(row.resource_id));

const componentCount = (config: string) => (JSON.parse(config) as PageConfig).widgets.length;

function presentItem(row: PlateRow, updatedByName: string | null): PlateListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    componentCount: componentCount(row.config),
    resourceId: row.resource_id,
    revision: row.revision,
    updateTime: row.update_time,
    updatedByName,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Plates the caller may open, newest change first, by name or description. */
export async function listPlates(scope: TenantScope, rights: PlateRights, query: PlateListQuery): Promise<PageResult<PlateListItem>> {
  if (!rights.list && rights.granted.size === 0) throw forbidden();
  let base = scope.selectFrom('plate');
  if (!rights.list) base = base.where('plate.resource_id', 'in', [...rights.granted]);
  const keyword = query.keyword?.trim().toLowerCase();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    base = base.where((eb) => eb.or([eb(eb.fn('lower', ['plate.name']), 'like', pattern), eb(eb.fn('lower', ['plate.description']), 'like', pattern)]));
  }
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

export async function plateDetail(scope: TenantScope, rights: PlateRights, id: number): Promise<PlateDetail> {
  const row = await findPlate(scope, id);
  if (!canOpen(rights, row)) throw forbidden();
  const [node, updater] = await Promise.all([
    row.resource_id === null
      ? undefined
      : scope.selectFrom('resource').select(['id', 'parent_id', 'title', 'icon']).where('id', '=', row.resource_id).executeTakeFirst(),
    row.updated_by === null ? undefined : scope.db.selectFrom('app_user').select('name').where('id', '=', row.updated_by).executeTakeFirst(),
  ]);
  return {
    ...presentItem(row, updater?.name ?? null),
    config: JSON.parse(row.config) as PageConfig,
    menu: node ? { id: node.id, parentId: node.parent_id, title: node.title, icon: node.icon } : null,
    can: { edit: rights.edit, delete: rights.delete, create: rights.create },
    createTime: row.create_time,
  };
}

/** The config checked as a page config over the tenant's datasets and forms; its title is the plate's name. */
async function checkedConfig(scope: TenantScope, versions: FormVersionCache, name: string, config: Record<string, unknown>): Promise<PageConfig> {
  const titled = { ...config, title: name.trim() };
  const [problem] = pageConfigProblems(titled, await datasetsByCode(scope, versions));
  if (problem) throw badRequest(problem.path ? `config.${problem.path}` : 'config', problem.message);
  return titled as unknown as PageConfig;
}

const nowOf = (clock: Clock) => new Date(clock.now()).toISOString();

export async function createPlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, session: Session, body: PlateCreateBody): Promise<PlateDetail> {
  const config = await checkedConfig(scope, versions, body.name, body.config);
  const now = nowOf(clock);
  const [row] = await scope
    .insertInto('plate', [
      {
        name: body.name.trim(),
        description: body.description?.trim() ?? '',
        config: JSON.stringify(config),
        resource_id: null,
        seed_key: null,
        created_by: session.userId,
        updated_by: session.userId,
        create_time: now,
        update_time: now,
      },
    ])
    .returning('id')
    .execute();
  return plateDetail(scope, await plateRights(scope, session), row!.id);
}

/** Writes when `revision` is still the stored one (409 otherwise); the menu entry's title follows the name. */
async function writePlate(
  clock: Clock,
  scope: TenantScope,
  session: Session,
  current: PlateRow,
  revision: number,
  change: { name: string; description?: string; config?: PageConfig },
): Promise<void> {
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const result = await tx
      .updateTable('plate')
      .set((eb) => ({
        name: change.name,
        ...(change.description !== undefined && { description: change.description }),
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
    if (current.resource_id !== null && change.name !== current.name) {
      await tx.updateTable('resource').set({ title: change.name }).where('id', '=', current.resource_id).execute();
    }
  });
}

export async function updatePlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, session: Session, body: PlateUpdateBody): Promise<PlateDetail> {
  const current = await findPlate(scope, body.id);
  const config = await checkedConfig(scope, versions, body.name, body.config);
  await writePlate(clock, scope, session, current, body.revision, { name: body.name.trim(), description: body.description?.trim() ?? '', config });
  return plateDetail(scope, await plateRights(scope, session), body.id);
}

export async function renamePlate(clock: Clock, scope: TenantScope, session: Session, body: PlateRenameBody): Promise<PlateDetail> {
  const current = await findPlate(scope, body.id);
  const name = body.name.trim();
  const config = { ...(JSON.parse(current.config) as PageConfig), title: name };
  await writePlate(clock, scope, session, current, body.revision, { name, config });
  return plateDetail(scope, await plateRights(scope, session), body.id);
}

export async function copyPlate(clock: Clock, scope: TenantScope, versions: FormVersionCache, session: Session, body: PlateCopyBody): Promise<PlateDetail> {
  const source = await findPlate(scope, body.id);
  const name = body.name?.trim() || `${source.name} (copy)`;
  return createPlate(clock, scope, versions, session, { name, description: source.description, config: JSON.parse(source.config) as Record<string, unknown> });
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
export async function publishPlate(scope: TenantScope, session: Session, body: PlatePublishBody): Promise<PlateDetail> {
  const plate = await findPlate(scope, body.id);
  if (body.menu) await checkMenuParent(scope, body.menu.parentId, plate.resource_id ?? undefined);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    if (plate.resource_id !== null) {
      await tx.updateTable('plate').set({ resource_id: null }).where('id', '=', plate.id).execute();
      await tx.deleteFrom('resource').where('id', '=', plate.resource_id).execute();
    }
    if (body.menu) {
      const resourceId = await createMenuNode(tx, body.menu, body.menu.title ?? plate.name, plateRoute(plate.id));
      await tx.updateTable('plate').set({ resource_id: resourceId }).where('id', '=', plate.id).execute();
    }
  });
  return plateDetail(scope, await plateRights(scope, session), body.id);
}
