import { ALLPLAN_PREFIX, idSchema, strictObject, type Validated } from './common.ts';

/** The address directory (provinces, then the places under each). */
export const ADDRESS_PATHS = {
  provinces: `${ALLPLAN_PREFIX}/address/province/all`,
  sub: `${ALLPLAN_PREFIX}/address/sub`,
} as const;

export const addressSubQuery = strictObject({ parentId: idSchema }, ['parentId']);
export type AddressSubQuery = Validated<typeof addressSubQuery>;
