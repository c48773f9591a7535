import { reaction } from 'mobx';
import { useEffect, useState } from 'react';
import type { MenuItem } from '../../../core/menu-tree.ts';
import { findMenuItem } from '../../stores/layout-store.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { HeldPoints } from '../../ui/held-points.ts';
import { authorizeMenuApi } from './menu-api.ts';

/** The menu entry of a screen and the module (top entry) it sits in, from the user's own menu. */
export function screenEntry(menu: Record<string, MenuItem>, route: string): { module: MenuItem; entry: MenuItem } | undefined {
  const entry = findMenuItem(menu, route);
  if (!entry) return undefined;
  const module = entry.parent.length > 0 ? menu[entry.parent[0]!] : entry;
  return module ? { module, entry } : undefined;
}

/** Points under the screen's own entry, or under the whole module it sits in (a screen whose points live beside it). */
export type PointScope = 'entry' | 'module';

/**
 * The function points a screen's buttons follow: those the signed-in user holds under the
 * screen's own menu entry at `route` (`resource/module/functionPoints`, spec §7), read when the
 * menu is in and again at each access check of the shell. A screen its user's menu does not
 * offer holds nothing; the server's check stays the rule.
 */
export function useScreenPoints(route: string, scope: PointScope = 'entry'): HeldPoints {
  const stores = useStores();
  const entryOf = () => screenEntry(stores.layout.menuKeyMaps, route);
  const [held] = useState(() => {
    const api = authorizeMenuApi(stores.api.http);
    return new HeldPoints(async () => {
      const found = entryOf();
      if (!found) return [];
      const nodeId = scope === 'module' || found.entry === found.module ? undefined : found.entry.resourceId;
      return api.heldUnder(found.module.resourceId, nodeId);
    });
  });
  useEffect(
    () =>
      // Once the menu is in (and whenever it or the user's access is checked again).
      reaction(
        () => [stores.layout.menuLoaded, entryOf()?.entry.resourceId, stores.accessVersion] as const,
        ([loaded]) => {
          if (loaded) void held.load();
        },
        { fireImmediately: true },
      ),
    [held, stores],
  );
  return held;
}
