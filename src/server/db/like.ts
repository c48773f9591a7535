import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The text with `%`, `_` and `\` escaped by `\`, so that in a LIKE pattern with `escape '\'`
 * each stands for itself. The ESCAPE clause is needed on both databases: SQLite has no escape
 * character without one.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether `value` holds `keyword`, whatever the case of either: the search of every list box.
 * The keyword is read as typed: a `%` or `_` in it matches only itself.
 */
export function containsText(value: Expression<unknown>, keyword: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${value}) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`;
}
