import { textIn } from '../../../../core/local-text.ts';
import { measureName, type DatasetField, type DatasetQuery } from '../../../../core/query/query-spec.ts';
import { splitRef } from './query-edits.ts';

/** The words a grouped query's columns are named with: a date step's name, an aggregate's phrase. */
export interface ColumnWords {
  language: string;
  bucket: (bucket: string) => string;
  /** `Total {{field}}`, `Count`… for an aggregate of a field (or of the rows: field ''). */
  measure: (agg: string, field: string) => string;
}

/**
 * The columns a grouped component may be sorted by, named as a person reads them: a grouping by
 * its field's title (with its date step), a measure by what it computes ("Total Amount").
 */
export function sortColumnOptions(query: DatasetQuery, fields: readonly DatasetField[], words: ColumnWords): { value: string; label: string }[] {
  const titleOf = (name: string | undefined) => {
    const field = fields.find((f) => f.name === name);
    return field ? textIn(field.title, words.language) || field.name : (name ?? '');
  };
  const dimensions = (query.dimensions ?? []).map((ref) => {
    const { field, bucket } = splitRef(ref);
    return { value: ref, label: bucket ? `${titleOf(field)} · ${words.bucket(bucket)}` : titleOf(field) };
  });
  const measures = (query.measures ?? []).map((measure) => ({
    value: measureName(measure),
    label: words.measure(measure.agg, measure.field ? titleOf(measure.field) : ''),
  }));
  return [...dimensions, ...measures];
}
