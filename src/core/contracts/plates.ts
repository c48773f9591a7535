import { localTextSchema, type LocalText } from '../local-text.ts';
import type { PageConfig } from '../pages/page-config.ts';
import { ALLPLAN_PREFIX, idSchema, menuEntrySchema, pagingProperties, revisionSchema, strictObject, type Validated } from './common.ts';

/**
 * The plate (analysis board) API. A plate's `config` is a page config (layout, plate filters,
 * components as widgets with their queries): the page validator checks it in depth, with the
 * tenant's datasets and published forms as sources. Names are the plate's own.
 */

/** The plate endpoints (the spec names them under `board/plate/`). */
export const PLATE_PATHS = {
  list: `${ALLPLAN_PREFIX}/board/plate/list`,
  detail: `${ALLPLAN_PREFIX}/board/plate/detail`,
  create: `${ALLPLAN_PREFIX}/board/plate/create`,
  update: `${ALLPLAN_PREFIX}/board/plate/update`,
  rename: `${ALLPLAN_PREFIX}/board/plate/rename`,
  copy: `${ALLPLAN_PREFIX}/board/plate/copy`,
  delete: `${ALLPLAN_PREFIX}/board/plate/delete`,
  publish: `${ALLPLAN_PREFIX}/board/plate/publish`,
} as const;

export const PLATE_POINTS = {
  create: 'board:create',
  edit: 'board:edit',
  delete: 'board:delete',
} as const;

/** Where a published plate opens: its menu entry's route. */
export const plateRoute = (id: number) => `/data-analysis-plate/${id}`;

/** Auto-refresh choices, in seconds (0: off). */
export const PLATE_REFRESH_SECONDS = [0, 30, 60, 300, 900, 3600] as const;

const nameSchema = localTextSchema({ minLength: 1, maxLength: 80, pattern: '\\S' });
const descriptionSchema = localTextSchema({ maxLength: 500 });

export const plateListQuery = strictObject({ keyword: { type: 'string', maxLength: 80 }, ...pagingProperties });
export type PlateListQuery = Validated<typeof plateListQuery>;
export const plateIdQuery = strictObject({ id: idSchema }, ['id']);
export const plateIdBody = plateIdQuery;
export const plateCreateBody = strictObject({ name: nameSchema, description: descriptionSchema, config: { type: 'object' } }, ['name', 'config']);
export type PlateCreateBody = Validated<typeof plateCreateBody>;
export const plateUpdateBody = strictObject(
  { id: idSchema, revision: revisionSchema, name: nameSchema, description: descriptionSchema, config: { type: 'object' } },
  ['id', 'revision', 'name', 'config'],
);
export type PlateUpdateBody = Validated<typeof plateUpdateBody>;
export const plateRenameBody = strictObject({ id: idSchema, revision: revisionSchema, name: nameSchema }, ['id', 'revision', 'name']);
export type PlateRenameBody = Validated<typeof plateRenameBody>;
export const plateCopyBody = strictObject({ id: idSchema, name: nameSchema }, ['id']);
/** Without `name`, the copy is named "<name> (copy)". */
export type PlateCopyBody = Validated<typeof plateCopyBody>;
export const platePublishBody = strictObject({ id: idSchema, menu: menuEntrySchema }, ['id', 'menu']);
/** `menu`: a menu entry under `parentId`; null takes the plate out of the menu. */
export type PlatePublishBody = Validated<typeof platePublishBody>;


export interface PlateListItem {
  id: number;
  /** Texts per language or one for all (src/core/local-text.ts), as the plate's config title. */
  name: LocalText;
  description: LocalText;
  componentCount: number;
  /** The menu entry that opens it, when published. */
  resourceId: number | null;
  revision: number;
  updateTime: string;
  updatedByName: string | null;
}

export interface PlateDetail extends PlateListItem {
  config: PageConfig;
  menu: { id: number; parentId: number | null; title: LocalText; icon: string | null } | null;
  /** What the caller may do with it. */
  can: { edit: boolean; delete: boolean; create: boolean };
  createTime: string;
}
