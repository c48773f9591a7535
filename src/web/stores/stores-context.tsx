import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './root-store.ts';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ stores, children }: { stores: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores outside StoresProvider');
  return stores;
}

/**
 * The shell's count of access checks (RootStore.accessVersion), for views that keep the user's
 * function points; 0 outside the shell's stores. Read inside an observer to follow it.
 */
export function useAccessVersion(): number {
  return useContext(StoresContext)?.accessVersion ?? 0;
}
