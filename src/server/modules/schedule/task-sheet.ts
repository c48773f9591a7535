import type ExcelJS from 'exceljs';
import { parseWallTime, type WallTime } from '../../../core/schedule/model.ts';
import { TASK_TABLE_COLUMNS, type TaskTableColumn, type TaskTableRow } from '../../../core/schedule/xlsx/task-table.ts';

/** Column headings by default; the caller passes the reader's language. */
export const TASK_SHEET_HEADINGS: Record<TaskTableColumn, string> = {
  id: 'ID',
  uid: 'UID',
  wbs: 'WBS',
  name: 'Name',
  duration: 'Duration',
  start: 'Start',
  finish: 'Finish',
  predecessors: 'Predecessors',
  percentComplete: '% Complete',
  assignees: 'Resource Names',
};

// Excel counts days from 1899-12-30; wall times are written as dates without a zone.
const EXCEL_EPOCH_DAYS = 25_569;

/** The task table as a one-sheet workbook, columns in TASK_TABLE_COLUMNS order. */
export async function writeTaskSheet(rows: readonly TaskTableRow[], sheetName: string, headings = TASK_SHEET_HEADINGS): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Tasks');
  sheet.addRow(TASK_TABLE_COLUMNS.map((c) => headings[c]));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const date = (time: WallTime | undefined) => (time === undefined ? null : new Date(time * 60_000));
  for (const row of rows) {
    sheet.addRow([
      row.id,
      row.uid ?? null,
      row.wbs,
      row.name,
      row.duration,
      date(row.start),
      date(row.finish),
      row.predecessors,
      row.percentComplete / 100,
      row.assignees,
    ]);
  }
  const widths: Record<TaskTableColumn, number> = { id: 6, uid: 8, wbs: 10, name: 40, duration: 10, start: 17, finish: 17, predecessors: 18, percentComplete: 11, assignees: 30 };
  TASK_TABLE_COLUMNS.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = widths[c];
    if (c === 'start' || c === 'finish') column.numFmt = 'yyyy-mm-dd hh:mm';
    if (c === 'percentComplete') column.numFmt = '0%';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 16);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('result' in value) {
      const result = value.result;
      if (result instanceof Date) return result.toISOString().slice(0, 16);
      return typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' ? String(result).trim() : '';
    }
    if ('text' in value) return String(value.text).trim();
    return '';
  }
  return String(value).trim();
}

/** A date cell: an Excel date, a serial number, or text such as 2024-03-04 08:00. */
function cellTime(cell: ExcelJS.Cell): WallTime | undefined {
  const value = cell.value;
  if (value instanceof Date) return Math.round(value.getTime() / 60_000);
  if (typeof value === 'number') return Math.round((value - EXCEL_EPOCH_DAYS) * 1440);
  const text = cellText(cell).replace(' ', 'T');
  if (!text) return undefined;
  const time = parseWallTime(text);
  return Number.isNaN(time) ? undefined : time;
}

/** "50%" typed as text, 0.5 from a percent-formatted cell, or 50. */
function cellPercent(cell: ExcelJS.Cell): number {
  const value = cell.value;
  if (typeof value === 'number') return value <= 1 && cell.numFmt?.includes('%') ? value * 100 : value;
  const n = Number(cellText(cell).replace('%', '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}

/** The spreadsheet letter of a task table column ("A" for the ID). */
export const taskSheetColumnLetter = (column: TaskTableColumn): string => String.fromCharCode(65 + TASK_TABLE_COLUMNS.indexOf(column));

/** A task sheet as read: its name, its rows, and the sheet row each row ID came from (to name a bad cell). */
export interface TaskSheet {
  sheet: string;
  rows: TaskTableRow[];
  sheetRowOf: Map<number, number>;
}

/** The rows of a task sheet's first worksheet, by column position; blank rows are skipped. */
export async function readTaskSheet(bytes: Buffer): Promise<TaskTableRow[]> {
  return (await readTaskWorkbook(bytes)).rows;
}

/** readTaskSheet, with where each row stands in the sheet; throws on bytes that are not a workbook. */
export async function readTaskWorkbook(bytes: Buffer): Promise<TaskSheet> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const sheetRowOf = new Map<number, number>();
  if (!sheet) return { sheet: '', rows: [], sheetRowOf };
  const rows: TaskTableRow[] = [];
  const at = (c: TaskTableColumn) => TASK_TABLE_COLUMNS.indexOf(c) + 1;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const text = (c: TaskTableColumn) => cellText(row.getCell(at(c)));
    if (!text('name') && !text('duration') && !text('wbs')) return;
    const uid = Number(text('uid'));
    const start = cellTime(row.getCell(at('start')));
    const finish = cellTime(row.getCell(at('finish')));
    const id = Number(text('id')) || rows.length + 1;
    if (!sheetRowOf.has(id)) sheetRowOf.set(id, n);
    rows.push({
      id,
      ...(text('uid') !== '' && Number.isInteger(uid) ? { uid } : {}),
      wbs: text('wbs'),
      name: text('name'),
      duration: text('duration'),
      ...(start !== undefined ? { start } : {}),
      ...(finish !== undefined ? { finish } : {}),
      predecessors: text('predecessors'),
      percentComplete: Math.round(cellPercent(row.getCell(at('percentComplete')))),
      assignees: text('assignees'),
    });
  });
  return { sheet: sheet.name, rows, sheetRowOf };
}
