import { PLATE_REFRESH_SECONDS } from './plates.ts';
import { strictObject } from './common.ts';

/**
 * BI settings (`/appSetting/bi`): a tenant's defaults for its analysis plates — the theme they
 * are drawn in, the palette charts take when a component names no colours, and the
 * auto-refresh a plate starts with. Everyone of the tenant reads them (plates need them);
 * changing them takes `bi:manage`.
 */

export const BI_POINTS = { manage: 'bi:manage' } as const;

export const BI_THEMES = ['light', 'dark'] as const;
export type BiTheme = (typeof BI_THEMES)[number];

/** Most colours a palette holds. */
export const BI_PALETTE_MAX = 20;
/** A CSS colour as the chart widget's props take it: #rgb, #rrggbb, #rrggbbaa. */
export const BI_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';

export interface BiSettings {
  theme: BiTheme;
  /** Empty: the app's palette. */
  palette: string[];
  /** Seconds, one of PLATE_REFRESH_SECONDS; 0: off. */
  defaultRefresh: number;
  revision: number;
  /** Null until first saved. */
  updateTime: string | null;
  updatedByName: string | null;
}

export interface BiSettingsBody {
  theme: BiTheme;
  palette: string[];
  defaultRefresh: number;
  /** The revision the screen loaded: a stale one answers 409. */
  revision: number;
}

export const biSettingsBody = strictObject(
  {
    theme: { enum: [...BI_THEMES] },
    palette: { type: 'array', maxItems: BI_PALETTE_MAX, items: { type: 'string', pattern: BI_COLOR_PATTERN } },
    defaultRefresh: { enum: [...PLATE_REFRESH_SECONDS] },
    revision: { type: 'integer', minimum: 1 },
  },
  ['theme', 'palette', 'defaultRefresh', 'revision'],
);

export const DEFAULT_BI_SETTINGS: BiSettings = { theme: 'light', palette: [], defaultRefresh: 0, revision: 1, updateTime: null, updatedByName: null };
