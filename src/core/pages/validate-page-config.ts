import type { ErrorObject, ValidateFunction } from 'ajv';
import pageSchema from '../../../schemas/meta/page.schema.json';
import querySchema from '../../../schemas/meta/query.schema.json';
import { widgetPropsSchemas } from '../../../widgets/props-schemas.ts';
import { createAjv, describeValidationError, errorFieldPath } from '../validation/ajv.ts';
import { DEFAULT_COLUMNS } from './page-config.ts';

/**
 * Checks a page config: the page meta-schema (with the query meta-schema for each widget's
 * `data`), then each widget's `props` against its type's props schema, then the links
 * between parts (unique ids, filter references, cells inside the grid). The server refuses
 * a page with any problem; the page editor lists them next to the fields they name.
 */

export interface PageConfigProblem {
  /** e.g. `widgets[3].props.series[0].field`. */
  path: string;
  message: string;
}

interface Validators {
  page: ValidateFunction;
  props: Map<string, ValidateFunction>;
}

let validators: Validators | undefined;

function compiled(): Validators {
  if (validators) return validators;
  // No defaults written into the config being checked: a saved page keeps what its author wrote.
  const ajv = createAjv({ allErrors: true, useDefaults: false });
  ajv.addSchema(querySchema);
  const props = new Map<string, ValidateFunction>();
  for (const [type, schema] of Object.entries(widgetPropsSchemas)) props.set(type, ajv.compile(schema));
  validators = { page: ajv.compile(pageSchema), props };
  return validators;
}

const joinPath = (prefix: string, path: string) => (!path ? prefix : !prefix ? path : path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`);

function problemsOf(errors: readonly ErrorObject[] | null | undefined, prefix: string): PageConfigProblem[] {
  const problems: PageConfigProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // `if`/`then` and `oneOf` wrappers only repeat what the errors under them say.
    if (error.keyword === 'if') continue;
    const field = errorFieldPath(error);
    const text = describeValidationError(error);
    const problem = { path: joinPath(prefix, field), message: field ? text.slice(field.length + 2) : text };
    const key = `${problem.path}\n${problem.message}`;
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  }
  return problems;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function validatePageConfig(config: unknown): PageConfigProblem[] {
  const { page, props } = compiled();
  const problems = page(config) ? [] : problemsOf(page.errors, '');
  if (!isObject(config) || !Array.isArray(config.widgets)) return problems;

  const filterIds = new Set<string>();
  if (Array.isArray(config.filters)) {
    config.filters.forEach((filter, i) => {
      if (!isObject(filter) || typeof filter.id !== 'string') return;
      if (filterIds.has(filter.id)) problems.push({ path: `filters[${i}].id`, message: `"${filter.id}" is used by another filter` });
      filterIds.add(filter.id);
    });
  }
  const columns = isObject(config.layout) && typeof config.layout.columns === 'number' ? config.layout.columns : DEFAULT_COLUMNS;
  const widgetIds = new Set<string>();
  config.widgets.forEach((widget, i) => {
    if (!isObject(widget)) return;
    const at = `widgets[${i}]`;
    if (typeof widget.id === 'string') {
      if (widgetIds.has(widget.id)) problems.push({ path: `${at}.id`, message: `"${widget.id}" is used by another widget` });
      widgetIds.add(widget.id);
    }
    if (typeof widget.type === 'string') {
      const validate = Object.hasOwn(widgetPropsSchemas, widget.type) ? props.get(widget.type) : undefined;
      if (!validate) problems.push({ path: `${at}.type`, message: `unknown widget type "${widget.type}"` });
      else if (!validate(widget.props ?? {})) problems.push(...problemsOf(validate.errors, `${at}.props`));
    }
    if (Array.isArray(widget.filterIds)) {
      widget.filterIds.forEach((id, j) => {
        if (typeof id === 'string' && !filterIds.has(id)) problems.push({ path: `${at}.filterIds[${j}]`, message: `no page filter has the id "${id}"` });
      });
    }
    const grid = widget.grid;
    if (isObject(grid) && typeof grid.x === 'number' && typeof grid.w === 'number' && grid.x + grid.w > columns) {
      problems.push({ path: `${at}.grid`, message: `x + w (${grid.x + grid.w}) is wider than the ${columns} grid columns` });
    }
  });
  return problems;
}
