/** The stored id an address names (a `:id` or `?id=`): digits without a leading zero, else null. */
export function idOfParam(param: string | null | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

/** What an editor's `:id` route parameter names: `new`, a stored id, or null for anything else. */
export function editTargetOf(param: string | undefined): number | 'new' | null {
  return param === 'new' ? 'new' : idOfParam(param);
}
