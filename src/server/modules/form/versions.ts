import type { Selectable } from 'kysely';
import type { FormVersionDetail } from '../../../core/contracts/forms.ts';
import type { FormDesign, FormSettings, FormVersionModel, JsonSchema, UiSchema } from '../../../core/forms/form-design.ts';
import { readJson, readJsonOrNull } from '../../db/json-column.ts';
import type { FormVersionTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { LruMap } from '../../../core/lru-map.ts';

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
  design: readJson<FormDesign>(row.design),
  schema: readJson<JsonSchema>(row.schema),
  uiSchema: readJson<UiSchema>(row.ui_schema),
  settings: readJson<FormSettings>(row.settings),
  flow: readJsonOrNull(row.flow),
  publishTime: row.publish_time,
  publishedBy: row.published_by,
});

export const presentVersion = (version: LoadedVersion, name: string): FormVersionDetail => ({
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

/**
 * Published versions never change, so each is read and parsed once and kept (the least
 * recently used dropped beyond `capacity`). The same object comes back every time, so
 * validators compiled for its schema can be cached by identity.
 */
export class FormVersionCache {
  private readonly cache: LruMap<string, LoadedVersion>;

  constructor(capacity = 200) {
    this.cache = new LruMap(capacity);
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
