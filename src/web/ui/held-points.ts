import { reaction } from 'mobx';
import { useEffect, useState } from 'react';
import { useStores } from '../stores/stores-context.tsx';
import type { AdminApi } from '../api/admin-endpoints.ts';
import { Loadable } from './loadable.ts';
import { useAdminApi } from './use-admin-api.ts';

/**
 * The function points the signed-in user holds in some modules, read the way the shell reads
 * them (`resource/OrdinaryUser/functionPoints`). Screens hide what the server would refuse;
 * the server's check stays the rule. A module that cannot be read counts as holding nothing.
 */
export class HeldPoints {
  private readonly points: Loadable<Set<string>>;

  /** `read`: where the points come from (a module's list, a screen's menu entry). */
  constructor(read: () => Promise<Iterable<string>>) {
    this.points = new Loadable(async () => new Set(await read()));
  }

  /** The points of these modules; `formId`: as that form grants them (spec §6, per module and form). */
  static ofModules(api: AdminApi, modules: readonly string[], formId?: number): HeldPoints {
    return new HeldPoints(async () => {
      const lists = await Promise.all(modules.map((module) => api.heldPoints(module, formId).catch(() => [] as string[])));
      return lists.flat();
    });
  }

  load(): Promise<void> {
    return this.points.load();
  }

  /** Read at least once; a later reload keeps the points shown until it answers. */
  get ready(): boolean {
    return this.points.data !== null;
  }

  has(point: string): boolean {
    return this.points.data?.has(point) ?? false;
  }
}

/** The held points of these modules, loaded when the screen opens and again at each access check of the shell. */
export function useHeldPoints(...modules: string[]): HeldPoints {
  const api = useAdminApi();
  const stores = useStores();
  const [held] = useState(() => HeldPoints.ofModules(api, modules));
  useEffect(() => {
    void held.load();
    return reaction(
      () => stores.accessVersion,
      () => void held.load(),
    );
  }, [held, stores]);
  return held;
}
