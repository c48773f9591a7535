/**
 * Rows as CSV (RFC 4180): a header of the columns in first-seen order, CRLF line ends, fields
 * quoted when they hold a comma, quote or line break. A text that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe, so opening an export
 * never executes what someone typed into a record. Numbers stay numbers.
 */
export function rowsToCsv(rows: readonly Record<string, unknown>[], columns?: readonly string[]): string {
  const header = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [header.map(csvField), ...rows.map((row) => header.map((column) => csvField(row[column])))];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
