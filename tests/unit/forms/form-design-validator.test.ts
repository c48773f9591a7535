import { describe, expect, it } from 'vitest';
import { formDesignValidator } from 'virtual:plinth/form-design-validator';
import { checkFormDesign } from '../../../src/core/forms/form-design-problems.ts';
import { validateFormDesign } from '../../../src/core/forms/validate-form-design.ts';
import { BAD_DESIGNS } from './bad-designs.ts';
import { EVERY_TYPE_DESIGN } from './every-field-type.ts';

/** What the designer runs in the browser: the shared rules over the meta-schema compiled at build time. */
const inBrowser = (design: unknown) => checkFormDesign(design, formDesignValidator);

describe('form design checks in the browser match the server', () => {
  it('accepts a design with every field type', () => {
    expect(inBrowser(EVERY_TYPE_DESIGN)).toEqual([]);
  });

  // Defaults are checked against compiled field schemas, which only the server can compile.
  const withoutDefaults = BAD_DESIGNS.filter(([, , path]) => !path.endsWith('.default'));

  it.each(withoutDefaults)('finds the same problems with %s', (_what, design) => {
    expect(inBrowser(design)).toEqual(validateFormDesign(design));
  });
});
