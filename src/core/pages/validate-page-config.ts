import pageSchema from '../../../schemas/meta/page.schema.json';
import querySchema from '../../../schemas/meta/query.schema.json';
import { createAjv } from '../validation/ajv.ts';
import { checkPageConfig, PAGE_CONFIG_AJV_OPTIONS, type PageConfigProblem, type PageConfigValidators } from './page-config-problems.ts';

export type { PageConfigProblem } from './page-config-problems.ts';

/**
 * Checks page configs with the schemas compiled by ajv at run time (the server, tools and
 * tests): the page meta-schema, and the widget props schemas it is given (widget type ->
 * schema), compiled at the first check. src/core knows no widget: the server reads the props
 * schemas from the widget folders. The browser runs the same rules (page-config-problems.ts)
 * over validation code generated at build time, because its script policy forbids compiling.
 */
export function pageConfigValidator(propsSchemas: Readonly<Record<string, object>>): (config: unknown) => PageConfigProblem[] {
  let validators: PageConfigValidators | undefined;
  const compiled = (): PageConfigValidators => {
    const ajv = createAjv({ ...PAGE_CONFIG_AJV_OPTIONS });
    ajv.addSchema(querySchema);
    const props = Object.fromEntries(Object.entries(propsSchemas).map(([type, schema]) => [type, ajv.compile(schema)]));
    return { page: ajv.compile(pageSchema), props };
  };
  return (config) => checkPageConfig(config, (validators ??= compiled()));
}
