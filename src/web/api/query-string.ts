import { valueText } from '../../core/value-text.ts';

export type QueryParams = Record<string, unknown>;

function queryValue(value: unknown): string {
  return value instanceof Date ? value.toISOString() : valueText(value);
}

/**
 * The query string of a GET payload, without the `?`. Undefined and null values are left out
 * (the server reads an absent parameter as null, while `name=` would be an empty string);
 * arrays repeat the name (`id=1&id=2`); dates are ISO strings; objects are JSON. Names and
 * values are percent-encoded with encodeURIComponent, so a space is `%20`, never `+`.
 */
export function toQueryString(params: QueryParams | URLSearchParams | null | undefined): string {
  if (params === null || params === undefined) return '';
  if (params instanceof URLSearchParams) return params.toString();
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(queryValue(item))}`);
    }
  }
  return pairs.join('&');
}

/** `base` + `path` with exactly one slash between them, plus the query string if any. */
export function buildUrl(base: string, path: string, query = ''): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
