import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ROUTES } from '../../core/routes.ts';
import { AppLayout } from '../shell/layout/app-layout.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { screenFor } from './screens.ts';
import NotFoundPage from '../shell/pages/not-found-page.tsx';

const element = (screen: string) => {
  const Screen = screenFor(screen);
  return <Screen />;
};

/** Every route of spec §2 once, under one layout; signed-in routes behind the sign-in guard. */
export const router = createBrowserRouter(
  [
    { path: '/', element: <Navigate to="/home" replace /> },
    ...ROUTES.filter((r) => r.public).map((r) => ({ path: r.path, element: element(r.screen) })),
    {
      element: (
        <RequireSignIn>
          <AppLayout />
        </RequireSignIn>
      ),
      children: ROUTES.filter((r) => !r.public).map((r) => ({ path: r.path, element: element(r.screen) })),
    },
    { path: '*', element: <NotFoundPage /> },
  ],
  { basename: '/' },
);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
