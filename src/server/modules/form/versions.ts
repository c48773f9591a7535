import type { Selectable } from 'kysely';
import type { FormVersionDetail } from '../../../core/contracts/form.ts';
import type { FormSettings, FormVersionModel, JsonSchema, UiSchema } from '../../../core/forms/form-design.ts';
import { readJson } from '../../db/json-column.ts';
import { readFlowOrNull, readFormDesign } from '../../db/stored-configs.ts';
import { ChangeCache, type ChangeFeed } from '../../db/change-feed.ts';
import type { FormTable, FormVersionTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { LruMap } from '../../../core/lru-map.ts';
import type { LocalText } from '../../../core/local-text.ts';

/** A published version as the record module uses it: the validation model plus what screens show. */
export interface LoadedVersion extends FormVersionModel {
  uiSchema: UiSchema;
  flow: unknown;
  publishTime: string;
  publishedBy: number | null;
}

const toLoaded = (row: Selectable<FormVersionTable>): LoadedVersion => ({
  formId: row.form_id,
  version: row.version,
  design: readFormDesign(row.design),
  schema: readJson<JsonSchema>(row.schema),
  uiSchema: readJson<UiSchema>(row.ui_schema),
  settings: readJson<FormSettings>(row.settings),
  flow: readFlowOrNull(row.flow),
  publishTime: row.publish_time,
  publishedBy: row.published_by,
});

export const presentVersion = (version: LoadedVersion, name: LocalText): FormVersionDetail => ({
  formId: version.formId,
  name,
  version: version.version,
  design: version.design,
  schema: version.schema,
  uiSchema: version.uiSchema,
  settings: version.settings,
  flow: version.flow,
  publishTime: version.publishTime,
});

/** What a form's row reads: the form, and its records, whose writes move its data revision (007). */
const FORM_ROW_TABLES = ['form', 'form_record'];
const FORM_ROWS_KEPT = 1_000;

/**
 * Published versions never change, so each is read and parsed once and kept (the least
 * recently used dropped beyond `capacity`). The same object comes back every time, so
 * validators compiled for its schema can be cached by identity. Forms' own rows (current
 * version, data revision) are kept too where the database announces changes (see ChangeFeed).
 */
export class FormVersionCache {
  private readonly cache: LruMap<string, LoadedVersion>;
  private readonly forms: ChangeCache<Selectable<FormTable>> | null;

  constructor(changes?: ChangeFeed, capacity = 200) {
    this.cache = new LruMap(capacity);
    this.forms = changes ? new ChangeCache(changes, FORM_ROW_TABLES, FORM_ROWS_KEPT) : null;
  }

  /** The form's row in the scope's tenant, or undefined. */
  async form(scope: TenantScope, formId: number): Promise<Selectable<FormTable> | undefined> {
    const read = () => scope.selectFrom('form').selectAll().where('id', '=', formId).executeTakeFirst();
    return this.forms ? this.forms.read(`${scope.tenantId}:${formId}`, read) : read();
  }

  /** The version of a form of the scope's tenant, or undefined when there is none. */
  async get(scope: TenantScope, formId: number, version: number): Promise<LoadedVersion | undefined> {
    const key = `${scope.tenantId}:${formId}:${version}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const row = await scope.selectFrom('form_version').selectAll().where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
    if (!row) return undefined;
    const loaded = toLoaded(row);
    this.cache.set(key, loaded);
    return loaded;
  }

  /** Forgets a deleted form's versions (its id is never reused, but memory is). */
  forgetForm(tenantId: number, formId: number): void {
    const prefix = `${tenantId}:${formId}:`;
    for (const key of [...this.cache.keys()]) if (key.startsWith(prefix)) this.cache.delete(key);
  }
}
