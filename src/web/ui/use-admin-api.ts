import { useMemo } from 'react';
import { useStores } from '../stores/stores-context.tsx';
import { adminApi, type AdminApi } from '../api/admin-endpoints.ts';

/**
 * The typed calls of the administration screens over the shell's request layer. After each
 * save the shell checks the user's own menu and points again: an administrator who edits a
 * role they hold sees the change at once.
 */
export function useAdminApi(): AdminApi {
  const stores = useStores();
  return useMemo(() => adminApi(stores.api.http, () => void stores.refreshAccess()), [stores]);
}
