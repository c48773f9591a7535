import { isValidElement } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../core/routes.ts';
import { lazyScreen } from './chunk-loader.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { screenFor } from './screens.ts';

/**
 * Screens drawn without antd, outside the antd frame: the sign-in screen is the first page
 * most visitors load, and antd would more than double what it downloads.
 */
const BARE_SCREENS = new Set(['login']);
/** Signed-in screens without the sidebar and header: the phone fill screen a share link opens. */
const CHROMELESS_SCREENS = new Set(['mobileFill']);

const AntdFrameRoute = lazyScreen(() => import('../shell/frame/antd-frame.tsx'));
const AppLayout = lazyScreen(() => import('../shell/layout/app-layout.tsx'));
/**
 * Any other address inside the layout asks the server loader whether an administrator stored
 * a page there, so new pages open without a code change; the not-found page otherwise.
 */
const UnknownRoute = screenFor('customerPage');

const routeOf = (route: (typeof ROUTES)[number]): RouteObject => {
  const Screen = screenFor(route.screen);
  return { path: route.path, element: <Screen /> };
};

/** Every route of spec §2 once; signed-in routes under one layout behind the sign-in guard. */
export const ROUTE_OBJECTS: RouteObject[] = [
  { path: '/', element: <Navigate to="/home" replace /> },
  ...ROUTES.filter((r) => BARE_SCREENS.has(r.screen)).map(routeOf),
  {
    element: <AntdFrameRoute />,
    children: [
      ...ROUTES.filter((r) => r.public && !BARE_SCREENS.has(r.screen)).map(routeOf),
      {
        element: <RequireSignIn />,
        children: [
          ...ROUTES.filter((r) => !r.public && CHROMELESS_SCREENS.has(r.screen)).map(routeOf),
          {
            element: <AppLayout />,
            children: [...ROUTES.filter((r) => !r.public && !CHROMELESS_SCREENS.has(r.screen)).map(routeOf), { path: '*', element: <UnknownRoute /> }],
          },
        ],
      },
    ],
  },
];

/**
 * Starts loading the chunks of every lazily loaded level of the route at `pathname` (frame,
 * layout, screen) at once, while translations and the stored session are still being read,
 * instead of one after the other as each level renders.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(ROUTE_OBJECTS, pathname) ?? []) {
    const element = match.route.element;
    if (!isValidElement(element)) continue;
    const type = element.type as { preload?: () => Promise<unknown> };
    void type.preload?.();
  }
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The router is made when first drawn, not when this module loads: it reads the address once,
 * and by then a start-up `?token=` has been taken out of it (main.tsx). Made earlier, it would
 * keep the token in its location, and so in the first tab's stored query.
 */
export function AppRouter() {
  router ??= createBrowserRouter(ROUTE_OBJECTS, { basename: '/' });
  return <RouterProvider router={router} />;
}
