/** What an editor's `:id` route parameter names: `new`, a stored id, or null for anything else. */
export function editTargetOf(param: string | undefined): number | 'new' | null {
  if (param === 'new') return 'new';
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}
