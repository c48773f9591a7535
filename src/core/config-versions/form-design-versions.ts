import { configVersions } from './config-versions.ts';

/**
 * Versions of form designs (src/core/forms/form-design.ts): a form's draft and each published
 * version's. The format's version, not the form's published version numbers.
 */
export const FORM_DESIGN_VERSION = 1;

export const formDesignVersions = configVersions('form design', FORM_DESIGN_VERSION, [
  // A design without a version was never accepted (the design schema asks for 1); the step reads one as version 1 all the same.
  { from: 0, migrate: (config) => config },
]);

export const upgradeFormDesign = (raw: unknown): unknown => formDesignVersions.upgrade(raw);
