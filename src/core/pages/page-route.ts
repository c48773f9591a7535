import { ROUTES, routeMatches } from '../routes.ts';

/**
 * Where a customer page may answer: `/name` or `/a/b`, segments of letters, digits, `_`
 * and `-`, not an address the app already uses (a screen of src/core/routes.ts other than
 * the customer-page ones, the API, static files). Server and page editor share this rule.
 */
export const PAGE_ROUTE_MAX_LENGTH = 200;
const SHAPE = /^(\/[A-Za-z0-9_-]+)+$/;
const RESERVED_FIRST_SEGMENTS = new Set(['api', 'assets', 'locales', 'website']);

export function pageRouteProblem(route: string): string | null {
  if (route.length > PAGE_ROUTE_MAX_LENGTH) return `must be at most ${PAGE_ROUTE_MAX_LENGTH} characters`;
  if (!SHAPE.test(route)) return 'must start with "/" and have segments of letters, digits, "_" and "-"';
  const first = route.split('/')[1]!;
  if (RESERVED_FIRST_SEGMENTS.has(first)) return `"/${first}" is reserved by the app`;
  const screen = ROUTES.find((r) => r.screen !== 'customerPage' && routeMatches(r.path, route));
  if (screen) return `"${route}" is the address of the ${screen.screen} screen`;
  return null;
}
