import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { RecordExportBody } from '../../../core/contracts/record.ts';
import { isSystemColumn, type SystemColumn } from '../../../core/contracts/record-query.ts';
import { exportFileName } from '../../../core/file-names.ts';
import { DEFAULT_UTC_OFFSET_MINUTES } from '../../../core/forms/calendar.ts';
import { textIn } from '../../../core/local-text.ts';
import { valueFields, type FieldDesign, type RecordData } from '../../../core/forms/form-design.ts';
import { readJson } from '../../db/json-column.ts';
import { badRequest } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import { cellOf, type Cell } from './cells.ts';
import { loadDirectory, type RecordDirectory } from './directory.ts';
import { checkQuery, orderSql, queryColumns } from './record-query.ts';
import { englishFormName } from '../form/service.ts';
import { listedForm, recordQuery, type RecordContext, type RecordRow } from './service.ts';
import { RECORD_ROW_HEADER, STATUS_LABELS, SYSTEM_HEADERS, sheetName } from './sheet-layout.ts';

/** At most this many records per export; narrower filters export the rest. */
export const EXPORT_MAX_ROWS = 100_000;
const PAGE = 1000;

type ExportColumn = { kind: 'system'; name: SystemColumn } | { kind: 'field'; field: FieldDesign };

/** The columns asked for (data keys or system columns), else the number, every field, then status and creation. */
function exportColumns(fields: FieldDesign[], numbered: boolean, asked: string[] | undefined): ExportColumn[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  if (!asked?.length) {
    return [
      ...(numbered ? [{ kind: 'system', name: 'number' } as const] : []),
      ...fields.map((field) => ({ kind: 'field', field }) as const),
      { kind: 'system', name: 'status' },
      { kind: 'system', name: 'createdBy' },
      { kind: 'system', name: 'createTime' },
    ];
  }
  return asked.map((name, i): ExportColumn => {
    if (isSystemColumn(name)) return { kind: 'system', name };
    const field = byKey.get(name);
    if (!field) throw badRequest(`columns[${i}]`, `the form has no field "${name}"`);
    return { kind: 'field', field };
  });
}

/** A UTC instant as a sheet date-time showing the tenant's wall time. */
const instantCell = (iso: string): Cell => ({ value: new Date(Date.parse(iso) + DEFAULT_UTC_OFFSET_MINUTES * 60_000), numFmt: 'yyyy-mm-dd hh:mm:ss' });

function systemCell(name: SystemColumn, row: RecordRow & { created_by_name: string | null }): Cell {
  switch (name) {
    case 'number':
      return { value: row.number };
    case 'title':
      return { value: row.title };
    case 'status':
      return { value: STATUS_LABELS[row.status] };
    case 'createTime':
      return instantCell(row.create_time);
    case 'updateTime':
      return instantCell(row.update_time);
    case 'createdBy':
      return { value: row.created_by_name };
  }
}

// The server knows no reader's language: headers, sheet and file names are the English (or only) texts; import reads any language.
const labelOf = (field: FieldDesign) => textIn(field.label, 'en') || field.key;
const header = (column: ExportColumn) => (column.kind === 'system' ? SYSTEM_HEADERS[column.name] : labelOf(column.field));

/** `Maintenance request-20261122.xlsx`: the form's name made a file name, and the day. */
export function recordsFileName(formName: string, at: Date): string {
  const day = new Date(at.getTime() + DEFAULT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10).replace(/-/g, '');
  return exportFileName(`${formName.trim() || 'records'}-${day}`, 'xlsx');
}

function addRow(sheet: ExcelJS.Worksheet, cells: Cell[]): void {
  const row = sheet.addRow(cells.map((c) => c.value));
  cells.forEach((cell, i) => {
    if (cell.numFmt) row.getCell(i + 1).numFmt = cell.numFmt;
  });
  row.commit();
}

/**
 * The filtered, sorted records of a form as an .xlsx stream: the first sheet one row per
 * record (headers are the field labels), then one sheet per exported sub-table whose lines
 * name their record's row. Checks run before the first byte, so a refusal is a normal error.
 */
export async function exportRecords(ctx: RecordContext, body: RecordExportBody): Promise<{ fileName: string; stream: Readable }> {
  const { form, version } = await listedForm(ctx, body.formId);
  policy.record.requireButton(ctx.access, version.settings, 'export');
  checkQuery(queryColumns(version.design), body.filters, body.sort);
  const columns = exportColumns(valueFields(version.design), !!version.settings.numbering, body.columns);
  const { query, columns: queryCols } = recordQuery(ctx, form, version, body);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  if (Number(total) > EXPORT_MAX_ROWS) {
    throw badRequest('filters', `${total} records match; an export takes at most ${EXPORT_MAX_ROWS}, so narrow the filters`);
  }
  const directory = await loadDirectory(ctx.scope);
  let page = query.leftJoin('app_user', 'app_user.id', 'form_record.created_by').selectAll('form_record').select('app_user.name as created_by_name');
  for (const term of orderSql(ctx.dialect, queryCols, body.sort)) page = page.orderBy(term);

  const stream = new PassThrough();
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const taken = new Set<string>();
  const main = workbook.addWorksheet(sheetName(englishFormName(form), taken));
  main.addRow(columns.map(header)).commit();
  const tables = columns.flatMap((c) => (c.kind === 'field' && c.field.type === 'subtable' ? [c.field] : []));
  const tableSheets = tables.map((table) => {
    const sheet = workbook.addWorksheet(sheetName(labelOf(table), taken));
    sheet.addRow([RECORD_ROW_HEADER, ...(table.fields ?? []).map(labelOf)]).commit();
    return { table, sheet };
  });

  const write = async (directoryOf: RecordDirectory) => {
    let sheetRow = 1;
    for (let offset = 0; ; offset += PAGE) {
      const rows = await page.limit(PAGE).offset(offset).execute();
      for (const row of rows) {
        sheetRow += 1;
        const data = readJson<RecordData>(row.data);
        addRow(
          main,
          columns.map((c) => (c.kind === 'system' ? systemCell(c.name, row) : c.field.type === 'subtable' ? { value: rowsCount(data[c.field.key]) } : cellOf(c.field, data[c.field.key], directoryOf))),
        );
        for (const { table, sheet } of tableSheets) {
          for (const line of Array.isArray(data[table.key]) ? (data[table.key] as RecordData[]) : []) {
            addRow(sheet, [{ value: sheetRow }, ...(table.fields ?? []).map((c) => cellOf(c, line[c.key], directoryOf))]);
          }
        }
      }
      if (rows.length < PAGE) break;
    }
    main.commit();
    for (const { sheet } of tableSheets) sheet.commit();
    await workbook.commit();
  };
  write(directory).catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName: recordsFileName(englishFormName(form), new Date(ctx.clock.now())), stream };
}

/** A sub-table's cell on the first sheet: how many lines it has (the lines are on its own sheet). */
const rowsCount = (value: unknown): number | null => (Array.isArray(value) ? value.length : null);
