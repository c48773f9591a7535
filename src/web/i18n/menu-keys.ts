import { ROUTES, routeMatches } from '../../core/routes.ts';
import seedMenu from '../../../schemas/seed/menu.json';

/**
 * Keys of the `menu` namespace. The seed menu names each node with a stable key, which the
 * API sends as `seedKey`; tabs and page titles know only a route, so nodes are also matched
 * back to their key by route (menus and pages) or by function point code (buttons).
 */
interface SeedMenuEntry {
  key: string;
  title: string;
  route?: string;
  code?: string;
  children?: SeedMenuEntry[];
}

const flatten = (nodes: readonly SeedMenuEntry[]): SeedMenuEntry[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

const SEED_ENTRIES = flatten(seedMenu);

/** Routes that are no menu entry (public screens) still get a title for tabs and page titles. */
const NON_MENU_ROUTE_KEYS: Readonly<Record<string, string>> = {
  '/login': 'login',
  '/redirect': 'redirect',
  '/securityMiddle': 'securityMiddle',
  '/website/:id': 'website',
};

/** Seed key -> the English title the seed stores. */
export const SEED_TITLES: ReadonlyMap<string, string> = new Map(SEED_ENTRIES.map((node) => [node.key, node.title]));

/** Route pattern (as stored on menu nodes, e.g. `/table/fill/:id`) -> menu key. */
export const ROUTE_MENU_KEYS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(NON_MENU_ROUTE_KEYS),
  ...SEED_ENTRIES.flatMap((node) => (node.route ? [[node.route, node.key] as const] : [])),
]);

/** Function point code of a seed button -> menu key. */
export const CODE_MENU_KEYS: ReadonlyMap<string, string> = new Map(
  SEED_ENTRIES.flatMap((node) => (node.code ? [[node.code, node.key] as const] : [])),
);

/** Every key the `menu` namespace must translate. */
export const MENU_KEYS: readonly string[] = [...new Set([...SEED_TITLES.keys(), ...ROUTE_MENU_KEYS.values()])];

/** The menu key of a concrete pathname such as `/table/fill/42`, via the route table. */
export function menuKeyOfPath(pathname: string): string | undefined {
  const route = ROUTES.find((entry) => routeMatches(entry.path, pathname));
  return route ? ROUTE_MENU_KEYS.get(route.path) : undefined;
}
