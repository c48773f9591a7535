import { ALLPLAN_PREFIX, idSchema, strictObject, type Validated } from './common.ts';

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
export type UserFunctionTreeQuery = Validated<typeof userFunctionTreeQuery>;

export const menuFullQuery = strictObject({ menuId: idSchema }, ['menuId']);
export type MenuFullQuery = Validated<typeof menuFullQuery>;

export const moduleFunctionPointsQuery = strictObject({ menuId: idSchema, nodeId: idSchema }, ['menuId']);
/** `nodeId`: a resource under the menu that narrows the answer to its subtree. */
export type ModuleFunctionPointsQuery = Validated<typeof moduleFunctionPointsQuery>;

export const ordinaryUserFunctionPointsBody = strictObject(
  { module: codeSchema, formId: { type: ['string', 'integer'], maxLength: 64, minimum: 1 } },
  ['module'],
);
export type OrdinaryUserFunctionPointsBody = Validated<typeof ordinaryUserFunctionPointsBody>;
