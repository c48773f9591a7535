/**
 * Addresses of the page administration screens (src/core/routes.ts), for the screens that
 * link to them: the page list, the editor, and a customer page's "Edit page" action.
 */
export const PAGE_LIST_PATH = '/pageManage';

/** The editor of a page (`new` starts one); `returnTo` is where its back link leads. */
export function pageEditorPath(id: number | 'new', returnTo?: string | null): string {
  return `/pageManage/edit/${id}${returnTo ? `?from=${encodeURIComponent(returnTo)}` : ''}`;
}

/** A `from` parameter that names an address of this app (`/roche`), else null: never another site. */
export function returnPathOf(from: string | null): string | null {
  return from && /^\/(?![/\\])/.test(from) ? from : null;
}
