import type { LocalText } from '../local-text.ts';
import type { DatasetField } from '../query/query-spec.ts';
import { PLATE_REFRESH_SECONDS } from './plates.ts';
import { ALLPLAN_PREFIX, idSchema, revisionSchema, strictObject, type Validated } from './common.ts';

/**
 * BI settings (`/appSetting/bi`): a tenant's defaults for its analysis plates — the theme they
 * are drawn in, the palette charts take when a component names no colours, and the
 * auto-refresh a plate starts with. Everyone of the tenant reads them (plates need them);
 * changing them takes `bi:manage`.
 */

/** The BI settings and registered views. */
export const BI_PATHS = {
  settings: `${ALLPLAN_PREFIX}/bi/setting`,
  updateSettings: `${ALLPLAN_PREFIX}/bi/setting/update`,
  views: `${ALLPLAN_PREFIX}/bi/view/list`,
  viewRelations: `${ALLPLAN_PREFIX}/bi/view/relations`,
  checkView: `${ALLPLAN_PREFIX}/bi/view/check`,
  createView: `${ALLPLAN_PREFIX}/bi/view/create`,
  updateView: `${ALLPLAN_PREFIX}/bi/view/update`,
  deleteView: `${ALLPLAN_PREFIX}/bi/view/delete`,
} as const;

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

export const biSettingsBody = strictObject(
  {
    theme: { enum: [...BI_THEMES] },
    palette: { type: 'array', maxItems: BI_PALETTE_MAX, items: { type: 'string', pattern: BI_COLOR_PATTERN } },
    defaultRefresh: { enum: [...PLATE_REFRESH_SECONDS] },
    revision: revisionSchema,
  },
  ['theme', 'palette', 'defaultRefresh', 'revision'],
);
// Kept by hand: the schema narrows defaultRefresh to PLATE_REFRESH_SECONDS, while the
// settings screen and the stored settings hold it as a number.
export interface BiSettingsBody {
  theme: BiTheme;
  palette: string[];
  defaultRefresh: number;
  revision: number;
}

export const DEFAULT_BI_SETTINGS: BiSettings = { theme: 'light', palette: [], defaultRefresh: 0, revision: 1, updateTime: null, updatedByName: null };

/**
 * A registered data source: a named, read-only SQL view over the tenant's own data. Its SQL
 * is one SELECT that reads only the relations offered to it — `form_<id>` (a published
 * form's records, one column per scalar field and record column) and `ds_<code>` (a stored
 * dataset) — and calls only everyday functions. Plates read it as dataset `view_<id>`.
 */
export const BI_VIEW_SQL_MAX = 20_000;

export type BiViewColumn = Pick<DatasetField, 'name' | 'type'>;

export interface BiView {
  id: number;
  /** The dataset code plates read it by. */
  code: string;
  name: string;
  description: string;
  sql: string;
  /** Result columns as the last check found them. */
  columns: BiViewColumn[];
  /** The relations its SQL reads. */
  relations: string[];
  revision: number;
  updateTime: string;
  updatedByName: string | null;
}

/** A relation a view's SQL may read, with its columns. */
export interface BiRelation {
  name: string;
  /** The form's (a text per language or one for all) or dataset's own name. */
  title: LocalText;
  kind: 'form' | 'dataset';
  columns: BiViewColumn[];
}

/** What a check of a view's SQL finds: its columns and its first rows. */
export interface BiViewCheck {
  columns: BiViewColumn[];
  rows: Record<string, unknown>[];
  relations: string[];
}

const viewSqlSchema = { type: 'string', minLength: 1, maxLength: BI_VIEW_SQL_MAX, pattern: '\\S' } as const;
const viewNameSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

export const biViewCheckBody = strictObject({ sql: viewSqlSchema }, ['sql']);
export type BiViewCheckBody = Validated<typeof biViewCheckBody>;

export const biViewCreateBody = strictObject(
  { name: viewNameSchema, description: { type: 'string', maxLength: 500 }, sql: viewSqlSchema },
  ['name', 'sql'],
);
export type BiViewCreateBody = Validated<typeof biViewCreateBody>;

export const biViewUpdateBody = strictObject(
  { id: idSchema, name: viewNameSchema, description: { type: 'string', maxLength: 500 }, sql: viewSqlSchema, revision: revisionSchema },
  ['id', 'name', 'sql', 'revision'],
);
export type BiViewUpdateBody = Validated<typeof biViewUpdateBody>;

export const biViewDeleteBody = strictObject({ id: idSchema }, ['id']);
export type BiViewDeleteBody = Validated<typeof biViewDeleteBody>;
