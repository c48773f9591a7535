import {
  isAggregateQuery,
  measureName,
  type DatasetField,
  type DatasetQuery,
  type DateBucket,
  type QueryFilter,
} from './query-spec.ts';
import { problem, type Problem } from '../validation/problems.ts';

/**
 * Checks a dataset query against the fields of its dataset: every field it names exists,
 * buckets sit on date fields, sums on numbers, filter values fit their field and operator.
 * The server refuses a query with any problem (400 naming the path) before it builds SQL;
 * the page editor shows the same problems. The query's shape is the JSON Schema's job.
 */

/** A problem at a path such as `filters[0].field`. */
export type QueryProblem = Problem;

export interface DatasetShape {
  code: string;
  fields: readonly DatasetField[];
}

export const DATE_BUCKETS: readonly DateBucket[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Most values an `in` filter may list. */
export const IN_FILTER_MAX = 500;

const NUMERIC_TYPES = new Set<DatasetField['type']>(['number', 'integer', 'boolean']);
const TEXT_TYPES = new Set<DatasetField['type']>(['string', 'date', 'datetime']);
const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

export const isDateField = (field: DatasetField) => field.type === 'date' || field.type === 'datetime';

/** `created:month` -> `{ field: 'created', bucket: 'month' }`. */
export function parseFieldRef(ref: string): { field: string; bucket?: DateBucket } {
  const [field, bucket] = ref.split(':') as [string, string | undefined];
  return bucket ? { field, bucket: bucket as DateBucket } : { field };
}

export const unknownFieldMessage = (name: string, dataset: string) => `unknown field "${name}" of dataset "${dataset}"`;

export function checkDatasetQuery(query: DatasetQuery, dataset: DatasetShape): QueryProblem[] {
  const problems: QueryProblem[] = [];
  const fields = new Map(dataset.fields.map((f) => [f.name, f]));
  const fieldAt = (path: string, name: string | undefined): DatasetField | undefined => {
    if (name === undefined) return undefined;
    const found = fields.get(name);
    if (!found) problems.push(problem(path, 'unknownDatasetField', { field: name, dataset: dataset.code }, unknownFieldMessage(name, dataset.code)));
    return found;
  };
  const checkRef = (path: string, ref: string) => {
    const { field, bucket } = parseFieldRef(ref);
    const found = fieldAt(path, field);
    if (found && bucket && !isDateField(found)) {
      problems.push(problem(path, 'notDateField', { field }, `"${field}" is not a date field, so it has no ${bucket} bucket`));
    }
  };

  const aggregate = isAggregateQuery(query);
  const dimensions = query.dimensions ?? [];
  if (dimensions.length > 0 && !aggregate) {
    problems.push(problem('measures', 'measureNeeded', {}, 'at least one measure is needed with dimensions'));
  }
  dimensions.forEach((ref, i) => {
    checkRef(`dimensions[${i}]`, ref);
    if (dimensions.indexOf(ref) !== i) problems.push(problem(`dimensions[${i}]`, 'listedTwice', { name: ref }, `"${ref}" is listed twice`));
  });

  const columns = new Set(dimensions);
  (query.measures ?? []).forEach((measure, i) => {
    const path = `measures[${i}]`;
    if (measure.field === undefined && measure.agg !== 'count') {
      problems.push(problem(`${path}.field`, 'required', {}, `is required for ${measure.agg}`));
    }
    const field = fieldAt(`${path}.field`, measure.field);
    if (field && (measure.agg === 'sum' || measure.agg === 'avg') && !NUMERIC_TYPES.has(field.type)) {
      problems.push(problem(`${path}.field`, 'needsNumber', { field: field.name }, `"${field.name}" is a ${field.type} field; ${measure.agg} needs a number`));
    }
    const name = measureName(measure);
    if (columns.has(name)) {
      problems.push(problem(measure.as ? `${path}.as` : path, 'columnNameTaken', { name }, `the column name "${name}" is already taken; set a different "as"`));
    }
    columns.add(name);
  });

  (query.filters ?? []).forEach((filter, i) => {
    const field = fieldAt(`filters[${i}].field`, filter.field);
    if (field) problems.push(...checkFilterValue(filter, field, `filters[${i}]`));
  });

  (query.sort ?? []).forEach((sort, i) => {
    const path = `sort[${i}].field`;
    if (aggregate) {
      if (!columns.has(sort.field)) problems.push(problem(path, 'notInQuery', { field: sort.field }, `"${sort.field}" is not a dimension or measure of the query`));
    } else {
      checkRef(path, sort.field);
    }
  });
  return problems;
}

/** Problems of a query against a set of datasets (code -> dataset), an unknown dataset included. */
export function queryProblems(query: DatasetQuery, datasets: ReadonlyMap<string, DatasetShape>): QueryProblem[] {
  const dataset = datasets.get(query.dataset);
  if (!dataset) return [problem('dataset', 'unknownDataset', { dataset: query.dataset }, `unknown dataset "${query.dataset}"`)];
  return checkDatasetQuery(query, dataset);
}

/** A filter value that fits the operator and the field's type. */
export function checkFilterValue(filter: QueryFilter, field: DatasetField, path: string): QueryProblem[] {
  const at = `${path}.value`;
  const { op, value } = filter;
  const fits = (v: unknown): boolean => {
    switch (field.type) {
      case 'number':
      case 'integer':
        return typeof v === 'number' && Number.isFinite(v);
      case 'boolean':
        return typeof v === 'boolean';
      case 'date':
      case 'datetime':
        return typeof v === 'string' && ISO_DATE_START.test(v);
      default:
        return typeof v === 'string';
    }
  };
  const expected =
    field.type === 'number' || field.type === 'integer'
      ? 'a number'
      : field.type === 'boolean'
        ? 'true or false'
        : isDateField(field)
          ? 'an ISO date (YYYY-MM-DD...)'
          : 'a string';
  const wrong = (what: string) => [problem(at, 'filterValue', { field: field.name }, `must be ${what} for field "${field.name}"`)];

  switch (op) {
    case 'isNull':
      return value === undefined || typeof value === 'boolean' ? [] : wrong('true or false (or left out)');
    case 'in':
      if (!Array.isArray(value) || value.length > IN_FILTER_MAX) return wrong(`a list of at most ${IN_FILTER_MAX} values`);
      return value.every(fits) ? [] : wrong(`a list of values, each ${expected}`);
    case 'between':
      if (!Array.isArray(value) || value.length !== 2) return wrong('[from, to]');
      return value.every((v) => v === null || fits(v)) ? [] : wrong(`[from, to], each ${expected} or null`);
    case 'contains':
      if (!TEXT_TYPES.has(field.type)) return [problem(`${path}.op`, 'containsNeedsText', { field: field.name }, `contains needs a text field; "${field.name}" is ${field.type}`)];
      return typeof value === 'string' ? [] : wrong('a string');
    default:
      return fits(value) ? [] : wrong(expected);
  }
}
