import { isDateField } from '../src/core/query/check-query.ts';
import type { DatasetField, DatasetInfo, DatasetQuery } from '../src/core/query/query-spec.ts';

/**
 * The first query a new component runs over a source, by what it draws: `rows` a page of
 * records; `total` a count; `trend` a count by month (else by a category); `cross` a count by
 * two groupings; `ranked` the top 20 of a category (else of the months) by count.
 */
export type QueryShape = 'rows' | 'total' | 'trend' | 'cross' | 'ranked';

const firstOf = (fields: readonly DatasetField[], test: (f: DatasetField) => boolean) => fields.find(test)?.name;
const isCategory = (f: DatasetField) => f.type === 'string' || f.type === 'boolean';

export function startingQuery(shape: QueryShape, dataset: DatasetInfo): DatasetQuery {
  const { fields } = dataset;
  // A choice field groups into a few bars; any text field may be one value per record.
  const category = firstOf(fields, (f) => f.choice === true && isCategory(f)) ?? firstOf(fields, isCategory);
  const dateField = firstOf(fields, isDateField);
  const month = dateField ? `${dateField}:month` : undefined;
  const count = [{ agg: 'count' as const, as: 'count' }];
  const grouped = (...dimensions: (string | undefined)[]): DatasetQuery => {
    const chosen = dimensions.filter((d): d is string => d !== undefined).slice(0, 2);
    return { dataset: dataset.code, dimensions: chosen, measures: count };
  };
  switch (shape) {
    case 'rows':
      return { dataset: dataset.code, pageSize: 100 };
    case 'total':
      return { dataset: dataset.code, measures: count };
    case 'trend':
      return { ...grouped(month ?? category), sort: month ? [{ field: month, order: 'asc' }] : undefined };
    case 'cross':
      return grouped(category, month ?? firstOf(fields, (f) => f.choice === true && f.name !== category) ?? firstOf(fields, (f) => isCategory(f) && f.name !== category));
    case 'ranked':
      return { ...grouped(category ?? month), sort: [{ field: 'count', order: 'desc' }], limit: 20 };
  }
}
