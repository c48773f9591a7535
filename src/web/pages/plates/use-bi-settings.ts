import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_BI_SETTINGS, type BiSettings } from '../../../core/contracts/bi.ts';
import { biApi } from '../../api/bi-endpoints.ts';
import { useStores } from '../../stores/stores-context.tsx';

/**
 * The tenant's BI settings for drawing plates: null while they load; the defaults when they
 * cannot be read (a plate is still worth showing in the app's own look).
 */
export function useBiSettings(): BiSettings | null {
  const stores = useStores();
  const api = useMemo(() => biApi(stores.api.http), [stores]);
  const [settings, setSettings] = useState<BiSettings | null>(null);
  useEffect(() => {
    let live = true;
    api.settings().then(
      (found) => live && setSettings(found),
      () => live && setSettings(DEFAULT_BI_SETTINGS),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return settings;
}
