import { observer } from 'mobx-react-lite';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPathFor } from '../shell/login/login-path.ts';
import { useStores } from '../stores/stores-context.tsx';

/** Without a token the user goes to /login with the requested path (spec §2). */
export const RequireSignIn = observer(function RequireSignIn() {
  const { user } = useStores();
  const location = useLocation();
  if (!user.signedIn) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
});
