import { ALLPLAN_PREFIX, idSchema, strictObject } from './common.ts';

const codeSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;

/** Menus and function points of the tenant and of the signed-in user. */
export const RESOURCE_PATHS = {
  currentTree: `${ALLPLAN_PREFIX}/resource/current/tree`,
  userFunctionTree: `${ALLPLAN_PREFIX}/workingSpace/user/function/tree`,
  menuFull: `${ALLPLAN_PREFIX}/resource/menu/full`,
  moduleFunctionPoints: `${ALLPLAN_PREFIX}/resource/module/functionPoints`,
  heldPoints: `${ALLPLAN_PREFIX}/resource/OrdinaryUser/functionPoints`,
} as const;

export const userFunctionTreeQuery = strictObject({ workingSpaceCode: { type: 'string', maxLength: 64 } });
export interface UserFunctionTreeQuery {
  workingSpaceCode?: string;
}

export const menuFullQuery = strictObject({ menuId: idSchema }, ['menuId']);
export interface MenuFullQuery {
  menuId: number;
}

export const moduleFunctionPointsQuery = strictObject({ menuId: idSchema, nodeId: idSchema }, ['menuId']);
export interface ModuleFunctionPointsQuery {
  menuId: number;
  /** A resource under the menu that narrows the answer to its subtree. */
  nodeId?: number;
}

export const ordinaryUserFunctionPointsBody = strictObject(
  { module: codeSchema, formId: { type: ['string', 'integer'], maxLength: 64, minimum: 1 } },
  ['module'],
);
export interface OrdinaryUserFunctionPointsBody {
  module: string;
  formId?: string | number;
}
