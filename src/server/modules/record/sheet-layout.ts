import type { SystemColumn } from '../../../core/contracts/record-query.ts';
import type { RecordStatus } from '../../../core/contracts/record.ts';

/** The layout of record workbooks, shared by export and import so an exported file imports again. */

/** Headers of the system columns (import skips columns with these headers or keys). */
export const SYSTEM_HEADERS: Record<SystemColumn, string> = {
  number: 'Number',
  title: 'Title',
  status: 'Status',
  createTime: 'Created at',
  updateTime: 'Updated at',
  createdBy: 'Created by',
};

export const STATUS_LABELS: Record<RecordStatus, string> = {
  none: 'Saved',
  running: 'In approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** First column of a sub-table's sheet: the row of the record (on the first sheet) the line belongs to. */
export const RECORD_ROW_HEADER = 'Record row';

/** A sheet name spreadsheets accept: no []:*?/\ , at most 31 characters, unique in the workbook. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}
