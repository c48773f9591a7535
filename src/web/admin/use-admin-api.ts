import { useMemo } from 'react';
import { useStores } from '../stores/stores-context.tsx';
import { adminApi, type AdminApi } from './admin-api.ts';

/** The typed calls of the administration screens over the shell's request layer. */
export function useAdminApi(): AdminApi {
  const { api } = useStores();
  return useMemo(() => adminApi(api.http), [api]);
}
