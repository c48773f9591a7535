import { createHash } from 'node:crypto';
import type { FormPreviewResult } from '../../../core/contracts/form.ts';
import type { FormDesign } from '../../../core/forms/form-design.ts';
import { compileFormDesign } from '../../../core/forms/compile-form-design.ts';
import { LruMap } from '../../../core/lru-map.ts';

/** Designs previewed at once across tenants; a designer's edits replace each other quickly. */
const PREVIEW_LIMIT = 200;

/**
 * The form designer's live preview: an unpublished design compiled as a version would be, and
 * its validation code kept for the browser to import (the page's script policy forbids
 * compiling there). Modules are kept by tenant and schema hash, most recently used last; a
 * key that has gone (a restart, another server) is asked for again by the designer.
 */
export class FormPreviews {
  private readonly modules = new LruMap<string, { tenantId: number; source: string }>(PREVIEW_LIMIT);

  /** `validatorKey` is the hash of the tenant and the schema: the same schema keeps its module. */
  async preview(tenantId: number, design: FormDesign): Promise<FormPreviewResult> {
    const compiled = compileFormDesign(design);
    const validatorKey = createHash('sha256').update(`${tenantId}\n${JSON.stringify(compiled.schema)}`).digest('base64url');
    if (!this.modules.get(validatorKey)) {
      const { validatorModuleSource } = await import('./validator-code.ts');
      this.modules.set(validatorKey, { tenantId, source: validatorModuleSource(compiled.schema, `a form preview of tenant ${tenantId}`) });
    }
    return { ...compiled, validatorKey };
  }

  /** The module kept under `key`, for its own tenant only. */
  validatorModule(tenantId: number, key: string): string | undefined {
    const kept = this.modules.get(key);
    return kept?.tenantId === tenantId ? kept.source : undefined;
  }
}
