import type { StoredPage } from '../../../core/pages/page-config.ts';
import { useKeyedLoad, type KeyedLoadState } from '../../renderer/use-keyed-load.ts';

export type StoredPageState = Exclude<KeyedLoadState<StoredPage>, { status: 'ready' }> | { status: 'ready'; page: StoredPage };

/** Loads a stored page before it is drawn, again when `key` changes. */
export function useStoredPage(key: string, load: () => Promise<{ page: StoredPage }>): StoredPageState {
  const state = useKeyedLoad(key, async () => (await load()).page);
  return state.status === 'ready' ? { status: 'ready', page: state.value } : state;
}
