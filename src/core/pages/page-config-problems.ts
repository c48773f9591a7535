import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { queryProblems, unknownFieldMessage, type DatasetShape } from '../query/check-query.ts';
import { describeValidationError, errorFieldPath } from '../validation/ajv.ts';
import { DEFAULT_COLUMNS, type PageConfig } from './page-config.ts';
import { WIDGET_SCHEMA_KEYWORDS } from './widget-refs.ts';

/**
 * The rules of a page config: the page meta-schema (with the query meta-schema for each
 * widget's `data`), then each widget's `props` against its type's props schema, then the
 * links between parts (unique ids, filter references, cells inside the grid). The schemas
 * come in compiled: by ajv at run time on the server (validate-page-config.ts, with the props
 * schemas the server reads), as code generated at build time in the browser, whose script
 * policy forbids compiling.
 */

export interface PageConfigProblem {
  /** e.g. `widgets[3].props.series[0].field`. */
  path: string;
  message: string;
}

export interface PageConfigValidators {
  /** schemas/meta/page.schema.json, which refers to query.schema.json. */
  page: ValidateFunction;
  /** Widget type -> its props schema. */
  props: Readonly<Record<string, ValidateFunction>>;
}

/**
 * The ajv options both compilations use: no defaults written into the config being checked, so a
 * saved page keeps what its author wrote; the widget schemas' own annotations known.
 */
export const PAGE_CONFIG_AJV_OPTIONS: Options = { allErrors: true, useDefaults: false, keywords: WIDGET_SCHEMA_KEYWORDS };

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

/** Every problem of a page config's shape and inner links, in document order of the checks. */
export function checkPageConfig(config: unknown, validators: PageConfigValidators): PageConfigProblem[] {
  const { page, props } = validators;
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
      const validate = Object.hasOwn(props, widget.type) ? props[widget.type] : undefined;
      if (!validate) problems.push({ path: `${at}.type`, message: `unknown widget type "${widget.type}"` });
      else if (!validate(widget.props ?? {})) problems.push(...problemsOf(validate.errors, `${at}.props`));
    }
    if (Array.isArray(widget.filterIds)) {
      widget.filterIds.forEach((id, j) => {
        if (typeof id === 'string' && !filterIds.has(id)) problems.push({ path: `${at}.filterIds[${j}]`, message: `no page filter has the id "${id}"` });
      });
    }
    for (const key of ['grid', 'gridMedium'] as const) {
      const grid = widget[key];
      if (isObject(grid) && typeof grid.x === 'number' && typeof grid.w === 'number' && grid.x + grid.w > columns) {
        problems.push({ path: `${at}.${key}`, message: `x + w (${grid.x + grid.w}) is wider than the ${columns} grid columns` });
      }
    }
  });
  return problems;
}

/**
 * Problems of a well-formed page config against the tenant's datasets: each widget query's
 * dataset and fields, and the datasets select filters draw their options from.
 */
export function pageDatasetProblems(config: PageConfig, datasets: ReadonlyMap<string, DatasetShape>): PageConfigProblem[] {
  const problems: PageConfigProblem[] = [];
  config.widgets.forEach((widget, i) => {
    if (!widget.data) return;
    for (const p of queryProblems(widget.data, datasets)) problems.push({ path: `widgets[${i}].data.${p.path}`, message: p.message });
  });
  (config.filters ?? []).forEach((filter, i) => {
    if (!filter.optionsDataset) return;
    const dataset = datasets.get(filter.optionsDataset);
    if (!dataset) problems.push({ path: `filters[${i}].optionsDataset`, message: `unknown dataset "${filter.optionsDataset}"` });
    else if (!dataset.fields.some((f) => f.name === filter.field)) {
      problems.push({ path: `filters[${i}].field`, message: unknownFieldMessage(filter.field, dataset.code) });
    }
  });
  return problems;
}
