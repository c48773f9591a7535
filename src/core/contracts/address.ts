import { idSchema, strictObject } from './common.ts';

export const addressSubQuery = strictObject({ parentId: idSchema }, ['parentId']);
export interface AddressSubQuery {
  parentId: number;
}
