/** Where each piece of the session is kept (spec §4 and §9). */

/** Cookie holding the encoded token. */
export const TOKEN_COOKIE_NAME = 'token';
/** sessionStorage: the layout snapshot. */
export const LAYOUT_STATE_KEY = 'PT_STATE';
/** sessionStorage: the plate editor's draft, unsaved edits included. */
export const PLATE_DRAFT_KEY = 'PT_PLATE';
/** localStorage, encrypted: the signed-in user. */
export const STORED_USER_KEY = 'PT_USER';
/** localStorage, encrypted: the chosen workspace. */
export const STORED_WORKSPACE_KEY = 'PT_WORKSPACE';
/** localStorage: navigation state (spec §9 "navigation state in local storage"). */
export const NAVIGATION_STATE_KEY = 'PT_NAV';
