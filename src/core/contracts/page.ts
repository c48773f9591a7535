import type { StoredPage } from '../pages/page-config.ts';
import { PAGE_ROUTE_MAX_LENGTH } from '../pages/page-route.ts';
import { ALLPLAN_PREFIX, idSchema, menuEntrySchema, strictObject } from './common.ts';

/**
 * Request schemas of the page API. `config` is only required to be an object here: the
 * page validator (src/core/pages/validate-page-config.ts) checks it in depth, naming paths
 * under `config.`; the route rule is src/core/pages/page-route.ts.
 */

/** The page endpoints, the stored page a route opens, and the public websites. */
export const PAGE_PATHS = {
  list: `${ALLPLAN_PREFIX}/page/list`,
  detail: `${ALLPLAN_PREFIX}/page/detail`,
  create: `${ALLPLAN_PREFIX}/page/create`,
  update: `${ALLPLAN_PREFIX}/page/update`,
  delete: `${ALLPLAN_PREFIX}/page/delete`,
  serverLoader: `${ALLPLAN_PREFIX}/serverLoader`,
  /** A website by id or route; the server registers it with `:id`. */
  website: (id: string) => `${ALLPLAN_PREFIX}/website/${id}`,
  websiteQuery: (id: string) => `${ALLPLAN_PREFIX}/website/${id}/query`,
} as const;

/** The function point that guards every page write and read of the page API. */
export const PAGE_EDIT_POINT = 'page:edit';

const routeSchema = { type: ['string', 'null'], maxLength: PAGE_ROUTE_MAX_LENGTH } as const;

const pageFields = {
  route: routeSchema,
  kind: { enum: ['page', 'website'] },
  published: { type: 'boolean' },
  config: { type: 'object' },
  menu: menuEntrySchema,
};

export const pageCreateBody = strictObject(pageFields, ['route', 'kind', 'published', 'config']);
export const pageUpdateBody = strictObject({ id: idSchema, ...pageFields }, ['id', 'route', 'kind', 'published', 'config']);
export const pageIdBody = strictObject({ id: idSchema }, ['id']);
export const pageIdQuery = pageIdBody;
export const serverLoaderQuery = strictObject({ route: { type: 'string', minLength: 1, maxLength: PAGE_ROUTE_MAX_LENGTH } }, ['route']);

export type PageKind = StoredPage['kind'];

/** The menu entry that opens a page: created under `parentId`, titled `title` or the page's title. */
export interface PageMenuInput {
  parentId: number;
  title?: string;
  icon?: string;
}

export interface PageCreateBody {
  route: string | null;
  kind: PageKind;
  published: boolean;
  config: Record<string, unknown>;
  /** Adds a menu entry; on update, null removes the one the page created and unlinks a seed entry. */
  menu?: PageMenuInput | null;
}

export interface PageUpdateBody extends PageCreateBody {
  id: number;
}

export interface PageIdBody {
  id: number;
}

export interface ServerLoaderQuery {
  route: string;
}

export interface PageListItem {
  id: number;
  route: string | null;
  kind: PageKind;
  published: boolean;
  title: string;
  resourceId: number | null;
  updateTime: string;
}

/** What the page editor loads: the stored page and the menu entry that opens it. */
export interface PageDetail extends StoredPage {
  resourceId: number | null;
  menu: { id: number; parentId: number | null; title: string; icon: string | null } | null;
  createTime: string;
}

export interface PageEnvelope {
  page: StoredPage;
}
