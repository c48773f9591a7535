import type { TFunction } from 'i18next';
import { textIn, type LocalText } from '../../core/local-text.ts';
import { CODE_MENU_KEYS, ROUTE_MENU_KEYS, SEED_TITLES, menuKeyOfPath } from './menu-keys.ts';

/** What a menu node, a menu item or a tab carries that can name it. */
export interface MenuTitleSource {
  title: LocalText;
  /** The seed key, when the node carries one. */
  seedKey?: string | null;
  route?: string | null;
  /** Function point code, for buttons. */
  code?: string | null;
}

// Flat keys such as `forms.create`: the dot belongs to the key, it is no nesting.
const MENU_LOOKUP = { ns: 'menu', keySeparator: false } as const;

function seedKeyOf(node: MenuTitleSource): string | undefined {
  if (node.seedKey && SEED_TITLES.has(node.seedKey)) return node.seedKey;
  return (node.route ? ROUTE_MENU_KEYS.get(node.route) : undefined) ?? (node.code ? CODE_MENU_KEYS.get(node.code) : undefined);
}

/**
 * The title to show for a menu node in `lng`: a stored text (src/core/local-text.ts) picks
 * the reader's language, as every stored title does. A plain title stored before texts had
 * languages is translated by its seed entry (found by seed key, else route, else function
 * point code) while it is still the seeded English; otherwise it is shown as stored, because
 * a tenant administrator added or renamed the node and their wording wins.
 */
export function menuTitle(t: TFunction, node: MenuTitleSource, lng: string): string {
  if (typeof node.title !== 'string') return textIn(node.title, lng);
  const key = seedKeyOf(node);
  if (!key || SEED_TITLES.get(key) !== node.title.trim()) return node.title;
  return t(key, { ...MENU_LOOKUP, defaultValue: node.title });
}

/** The translated title of a concrete pathname (e.g. for `document.title`), if the route has one. */
export function routeTitle(t: TFunction, pathname: string): string | undefined {
  const key = menuKeyOfPath(pathname);
  return key ? t(key, MENU_LOOKUP) : undefined;
}
