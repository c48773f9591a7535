import { parseFieldRef } from '../../../../core/query/check-query.ts';
import { measureName, type DatasetQuery, type DateBucket, type QueryMeasure } from '../../../../core/query/query-spec.ts';

/**
 * Edits of a component's query as the settings screen makes them. Each returns a new query
 * that stays self-consistent: sorts follow renamed or removed columns, and empty lists are
 * left out, so what is saved is what an author would have written by hand.
 */

/** A dimension reference from its field and bucket: `reportedAt` + `month` -> `reportedAt:month`. */
export const dimensionRef = (field: string, bucket: DateBucket | undefined): string => (bucket ? `${field}:${bucket}` : field);

/** The result columns of an aggregate query: its dimensions, then its measures' names. */
export function resultColumns(query: DatasetQuery): string[] {
  return [...(query.dimensions ?? []), ...(query.measures ?? []).map(measureName)];
}

/** Drops empty lists, and sorts on columns the query no longer has (aggregate) or fields it cannot sort on. */
export function tidyQuery(query: DatasetQuery): DatasetQuery {
  const next: DatasetQuery = { ...query };
  const aggregate = (next.measures?.length ?? 0) > 0;
  if (aggregate && next.sort) {
    const columns = new Set(resultColumns(next));
    next.sort = next.sort.filter((s) => columns.has(s.field));
  }
  if (aggregate) {
    delete next.pageNum;
    delete next.pageSize;
  }
  for (const key of ['dimensions', 'measures', 'filters', 'sort'] as const) {
    if (next[key] && next[key].length === 0) delete next[key];
  }
  if (next.limit === undefined || next.limit === null) delete next.limit;
  return next;
}

/** Replaces one dimension; a sort on the old one follows it. */
export function replaceDimension(query: DatasetQuery, index: number, ref: string): DatasetQuery {
  const dimensions = [...(query.dimensions ?? [])];
  const before = dimensions[index];
  dimensions[index] = ref;
  const sort = query.sort?.map((s) => (s.field === before ? { ...s, field: ref } : s));
  return tidyQuery({ ...query, dimensions, sort });
}

export function removeAt<T>(list: readonly T[] | undefined, index: number): T[] {
  return (list ?? []).filter((_, i) => i !== index);
}

/** Replaces one measure; a sort on its column follows the new name. */
export function replaceMeasure(query: DatasetQuery, index: number, measure: QueryMeasure): DatasetQuery {
  const measures = [...(query.measures ?? [])];
  const before = measures[index] ? measureName(measures[index]) : undefined;
  const next: QueryMeasure = { agg: measure.agg };
  if (measure.agg !== 'count' && measure.field) next.field = measure.field;
  if (measure.as) next.as = measure.as;
  measures[index] = next;
  const after = measureName(next);
  const sort = query.sort?.map((s) => (s.field === before ? { ...s, field: after } : s));
  return tidyQuery({ ...query, measures, sort });
}

/** Split `reportedAt:month` for the field and bucket pickers. */
export const splitRef = (ref: string): { field: string; bucket?: DateBucket } => parseFieldRef(ref);
