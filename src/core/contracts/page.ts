import type { LocalText } from '../local-text.ts';
import type { StoredPage } from '../pages/page-config.ts';
import { PAGE_ROUTE_MAX_LENGTH } from '../pages/page-route.ts';
import { ALLPLAN_PREFIX, idSchema, menuEntrySchema, strictObject, type MenuEntry, type Validated } from './common.ts';

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
} as const;

export const pageCreateBody = strictObject(pageFields, ['route', 'kind', 'published', 'config']);
/** `menu`: adds a menu entry; on update, null removes the one the page created and unlinks a seed entry. */
export type PageCreateBody = Validated<typeof pageCreateBody>;
export const pageUpdateBody = strictObject({ id: idSchema, ...pageFields }, ['id', 'route', 'kind', 'published', 'config']);
export type PageUpdateBody = Validated<typeof pageUpdateBody>;
export const pageIdBody = strictObject({ id: idSchema }, ['id']);
export type PageIdBody = Validated<typeof pageIdBody>;
export const pageIdQuery = pageIdBody;
export const serverLoaderQuery = strictObject({ route: { type: 'string', minLength: 1, maxLength: PAGE_ROUTE_MAX_LENGTH } }, ['route']);
export type ServerLoaderQuery = Validated<typeof serverLoaderQuery>;

export type PageKind = StoredPage['kind'];

/** The menu entry that opens a page: created under `parentId`, titled `title` or the page's title. */
export type PageMenuInput = MenuEntry;

export interface PageListItem {
  id: number;
  route: string | null;
  kind: PageKind;
  published: boolean;
  title: LocalText;
  resourceId: number | null;
  updateTime: string;
}

/** What the page editor loads: the stored page and the menu entry that opens it. */
export interface PageDetail extends StoredPage {
  resourceId: number | null;
  menu: { id: number; parentId: number | null; title: LocalText; icon: string | null } | null;
  createTime: string;
}

export interface PageEnvelope {
  page: StoredPage;
}
