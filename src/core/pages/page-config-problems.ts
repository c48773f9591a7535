import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { queryProblems, unknownFieldMessage, type DatasetShape } from '../query/check-query.ts';
import { problem, problemsOfAjvErrors, type Problem } from '../validation/problems.ts';
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

/** A problem at a path such as `widgets[3].props.series[0].field`. */
export type PageConfigProblem = Problem;

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

const problemsOf = (errors: readonly ErrorObject[] | null | undefined, prefix: string): PageConfigProblem[] => problemsOfAjvErrors(errors, prefix);

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
      if (filterIds.has(filter.id)) problems.push(problem(`filters[${i}].id`, 'idTaken', { id: filter.id }, `"${filter.id}" is used by another filter`));
      filterIds.add(filter.id);
    });
  }
  const columns = isObject(config.layout) && typeof config.layout.columns === 'number' ? config.layout.columns : DEFAULT_COLUMNS;
  const widgetIds = new Set<string>();
  config.widgets.forEach((widget, i) => {
    if (!isObject(widget)) return;
    const at = `widgets[${i}]`;
    if (typeof widget.id === 'string') {
      if (widgetIds.has(widget.id)) problems.push(problem(`${at}.id`, 'idTaken', { id: widget.id }, `"${widget.id}" is used by another widget`));
      widgetIds.add(widget.id);
    }
    if (typeof widget.type === 'string') {
      const validate = Object.hasOwn(props, widget.type) ? props[widget.type] : undefined;
      if (!validate) problems.push(problem(`${at}.type`, 'unknownWidgetType', { type: widget.type }, `unknown widget type "${widget.type}"`));
      else if (!validate(widget.props ?? {})) problems.push(...problemsOf(validate.errors, `${at}.props`));
    }
    if (Array.isArray(widget.filterIds)) {
      widget.filterIds.forEach((id, j) => {
        if (typeof id === 'string' && !filterIds.has(id)) problems.push(problem(`${at}.filterIds[${j}]`, 'unknownFilter', { id }, `no page filter has the id "${id}"`));
      });
    }
    for (const key of ['grid', 'gridMedium'] as const) {
      const grid = widget[key];
      if (isObject(grid) && typeof grid.x === 'number' && typeof grid.w === 'number' && grid.x + grid.w > columns) {
        problems.push(problem(`${at}.${key}`, 'gridTooWide', { right: grid.x + grid.w, columns }, `x + w (${grid.x + grid.w}) is wider than the ${columns} grid columns`));
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
    for (const p of queryProblems(widget.data, datasets)) problems.push({ ...p, path: `widgets[${i}].data.${p.path}` });
  });
  (config.filters ?? []).forEach((filter, i) => {
    if (!filter.optionsDataset) return;
    const dataset = datasets.get(filter.optionsDataset);
    if (!dataset) problems.push(problem(`filters[${i}].optionsDataset`, 'unknownDataset', { dataset: filter.optionsDataset }, `unknown dataset "${filter.optionsDataset}"`));
    else if (!dataset.fields.some((f) => f.name === filter.field)) {
      problems.push(problem(`filters[${i}].field`, 'unknownDatasetField', { field: filter.field, dataset: dataset.code }, unknownFieldMessage(filter.field, dataset.code)));
    }
  });
  return problems;
}
