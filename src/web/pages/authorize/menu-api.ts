import { RESOURCE_PATHS } from '../../../core/contracts/resource.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

// Reads fail into the screen's own error state.
const QUIET: CallOptions = { showErrorToast: false };

/** The menu reads of spec §7 that the authorization screens make. */
export function authorizeMenuApi(http: Http) {
  const menuFull = (menuId: number) => http.get<MenuNode>(RESOURCE_PATHS.menuFull, { menuId }, QUIET);
  return {
    /**
     * The tenant's whole menu with every function point, as a role grants it: its modules (the
     * top entries of `resource/current/tree`), each read in full with `resource/menu/full`.
     */
    grantableTree: async (): Promise<MenuNode[]> => {
      const modules = await http.get<MenuNode[]>(RESOURCE_PATHS.currentTree, undefined, QUIET);
      return Promise.all(modules.map((module) => menuFull(module.id)));
    },
    /** The function points the signed-in user holds under a menu, or under one node of it. */
    heldUnder: (menuId: number, nodeId?: number) =>
      http.get<string[]>(RESOURCE_PATHS.moduleFunctionPoints, nodeId === undefined ? { menuId } : { menuId, nodeId }, QUIET),
  };
}

export type AuthorizeMenuApi = ReturnType<typeof authorizeMenuApi>;
