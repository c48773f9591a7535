/**
 * Settings the server hands the browser inside index.html, as `<meta name content>` tags,
 * so an operator can tune the web app without rebuilding it (and tests can shorten waits).
 */

/** How often, in seconds, the shell checks the user's menu while the window is visible; 0 turns the timer off. */
export const MENU_REFRESH_META = 'plinth-menu-refresh-seconds';
export const DEFAULT_MENU_REFRESH_SECONDS = 60;

/** A `<meta>` tag's content as a number of seconds: a whole number ≥ 0, else the default. */
export function secondsSetting(content: string | null | undefined, fallback: number): number {
  if (content == null || !/^\s*\d+\s*$/.test(content)) return fallback;
  return Number(content);
}
