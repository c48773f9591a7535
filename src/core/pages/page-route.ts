import { ROUTES, routeMatches } from '../routes.ts';

/**
 * Where a customer page may answer: `/name` or `/a/b`, segments of letters, digits, `_`
 * and `-`, not an address the app already uses (a screen of src/core/routes.ts other than
 * the customer-page ones, the API, static files). Server and page editor share this rule.
 */
export const PAGE_ROUTE_MAX_LENGTH = 200;
const SHAPE = /^(\/[A-Za-z0-9_-]+)+$/;
const RESERVED_FIRST_SEGMENTS = new Set(['api', 'assets', 'locales', 'website']);

/** Why a route cannot hold a page; the editor words each kind in the reader's language. */
export type PageRouteIssue =
  | { kind: 'tooLong'; max: number }
  | { kind: 'shape' }
  | { kind: 'reserved'; segment: string }
  | { kind: 'screen'; screen: string };

export function pageRouteIssue(route: string): PageRouteIssue | null {
  if (route.length > PAGE_ROUTE_MAX_LENGTH) return { kind: 'tooLong', max: PAGE_ROUTE_MAX_LENGTH };
  if (!SHAPE.test(route)) return { kind: 'shape' };
  const first = route.split('/')[1]!;
  if (RESERVED_FIRST_SEGMENTS.has(first)) return { kind: 'reserved', segment: first };
  const screen = ROUTES.find((r) => r.screen !== 'customerPage' && routeMatches(r.path, route));
  if (screen) return { kind: 'screen', screen: screen.screen };
  return null;
}

/** The server's wording of {@link pageRouteIssue}. */
export function pageRouteProblem(route: string): string | null {
  const issue = pageRouteIssue(route);
  switch (issue?.kind) {
    case undefined:
      return null;
    case 'tooLong':
      return `must be at most ${issue.max} characters`;
    case 'shape':
      return 'must start with "/" and have segments of letters, digits, "_" and "-"';
    case 'reserved':
      return `"/${issue.segment}" is reserved by the app`;
    case 'screen':
      return `"${route}" is the address of the ${issue.screen} screen`;
  }
}
