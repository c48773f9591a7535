import type { LocalText } from '../../../core/local-text.ts';
import { parseFieldRef } from '../../../core/query/check-query.ts';
import { measureName, type DatasetField, type DatasetQuery, type QueryAggregateResult, type QueryRowsResult, type ResultColumn } from '../../../core/query/query-spec.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * What an answer tells its reader beside the rows, so a plate shows values as the form shows
 * them: each column's field title and type, option labels, and the names of the people and
 * departments whose ids the rows hold.
 */

function fieldColumn(name: string, field: DatasetField): ResultColumn {
  const column: ResultColumn = { name, title: field.title, type: field.type };
  if (field.record) column.record = true;
  if (field.refers) column.refers = field.refers;
  if (field.labels) column.labels = { ...field.labels };
  return column;
}

/** A rows answer's columns: every field of the dataset. */
export const rowColumns = (fields: readonly DatasetField[]): ResultColumn[] => fields.map((field) => fieldColumn(field.name, field));

/** An aggregate answer's columns: its dimensions (with their buckets), then its measures. */
export function aggregateColumns(query: DatasetQuery, fields: ReadonlyMap<string, DatasetField>): ResultColumn[] {
  const dimensions = (query.dimensions ?? []).map((ref) => {
    const { field, bucket } = parseFieldRef(ref);
    const found = fields.get(field)!;
    // A date bucket is text such as `2026-11` or `2026-Q4`, not an instant.
    return bucket ? { ...fieldColumn(ref, found), bucket, type: 'string' as const } : fieldColumn(ref, found);
  });
  const measures = (query.measures ?? []).map((measure): ResultColumn => {
    const measured = measure.field ? fields.get(measure.field) : undefined;
    const column: ResultColumn = { name: measureName(measure), title: measured?.title ?? '', type: 'number', agg: measure.agg };
    // The lowest or highest of a date is a date; of a choice, a choice.
    if ((measure.agg === 'min' || measure.agg === 'max') && measured) return { ...fieldColumn(column.name, measured), agg: measure.agg };
    return column;
  });
  return [...dimensions, ...measures];
}

const idsIn = (rows: readonly Record<string, unknown>[], column: string): number[] => {
  const ids = new Set<number>();
  for (const row of rows) {
    const value = Number(row[column]);
    if (Number.isInteger(value) && value > 0) ids.add(value);
  }
  return [...ids];
};

/**
 * The answer with the names of the people and departments its rows refer to, of the scope's
 * tenant only: the names its data list would show the same reader. A copy: cached answers stay as they were.
 */
export async function withNames<R extends QueryRowsResult | QueryAggregateResult>(scope: TenantScope, result: R): Promise<R> {
  const columns = result.columns;
  if (!columns?.some((c) => c.refers)) return result;
  const rows = 'list' in result ? result.list : result.rows;
  const wanted = { user: new Set<number>(), department: new Set<number>() };
  for (const column of columns) if (column.refers) for (const id of idsIn(rows, column.name)) wanted[column.refers].add(id);
  const names = { user: new Map<number, string>(), department: new Map<number, string>() };
  if (wanted.user.size) {
    const people = await scope
      .selectFrom('tenant_member')
      .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
      .select(['app_user.id', 'app_user.name'])
      .where('app_user.id', 'in', [...wanted.user])
      .execute();
    for (const person of people) names.user.set(person.id, person.name);
  }
  if (wanted.department.size) {
    const departments = await scope.selectFrom('department').select(['id', 'name']).where('id', 'in', [...wanted.department]).execute();
    for (const department of departments) names.department.set(department.id, department.name);
  }
  const named = columns.map((column) => {
    if (!column.refers) return column;
    const labels: Record<string, LocalText> = {};
    for (const id of idsIn(rows, column.name)) {
      const name = names[column.refers].get(id);
      if (name !== undefined) labels[String(id)] = name;
    }
    return { ...column, labels };
  });
  return { ...result, columns: named };
}
