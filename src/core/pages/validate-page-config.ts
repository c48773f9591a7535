import pageSchema from '../../../schemas/meta/page.schema.json';
import querySchema from '../../../schemas/meta/query.schema.json';
import { widgetPropsSchemas } from '../../../widgets/props-schemas.ts';
import { createAjv } from '../validation/ajv.ts';
import { checkPageConfig, PAGE_CONFIG_AJV_OPTIONS, type PageConfigProblem, type PageConfigValidators } from './page-config-problems.ts';

export type { PageConfigProblem } from './page-config-problems.ts';

/**
 * Checks a page config with the schemas compiled by ajv at run time (the server, tools and
 * tests). The browser runs the same rules (page-config-problems.ts) over validation code
 * generated at build time, because its script policy forbids compiling.
 */

let validators: PageConfigValidators | undefined;

function compiled(): PageConfigValidators {
  if (validators) return validators;
  const ajv = createAjv({ ...PAGE_CONFIG_AJV_OPTIONS });
  ajv.addSchema(querySchema);
  const props = Object.fromEntries(Object.entries(widgetPropsSchemas).map(([type, schema]) => [type, ajv.compile(schema)]));
  validators = { page: ajv.compile(pageSchema), props };
  return validators;
}

export function validatePageConfig(config: unknown): PageConfigProblem[] {
  return checkPageConfig(config, compiled());
}
