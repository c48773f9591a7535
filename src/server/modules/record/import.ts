import type ExcelJS from 'exceljs';
import { IMPORT_BATCH_ROWS, IMPORT_MAX_ROWS, type ImportProblem, type ImportResult } from '../../../core/contracts/record.ts';
import { fieldDisplayName, valueFields, type FieldDesign, type PreparedRecord, type RecordData } from '../../../core/forms/form-design.ts';
import { numberingPeriod, formatNumber } from '../../../core/forms/numbering.ts';
import { prepareRecord } from '../../../core/forms/record-validation.ts';
import { everyText, textIn } from '../../../core/local-text.ts';
import { writeJson } from '../../db/json-column.ts';
import { badRequest } from '../../errors.ts';
import { linkRecordFiles } from '../filestore/file-links.ts';
import { currentVersionOf, englishFormName } from '../form/service.ts';
import type { LoadedVersion } from '../form/versions.ts';
import { policy } from '../../access/policies.ts';
import { cellText, importable, readCell, type LinkedRecordFinder } from './cells.ts';
import { loadDirectory, type RecordDirectory } from './directory.ts';
import { parsedRule, reserveRecordNumbers } from './numbering.ts';
import { referenceErrors } from './references.ts';
import { openForm, recordWorkspace, type RecordContext } from './service.ts';
import { RECORD_ROW_HEADER, SYSTEM_HEADERS, sheetName } from './sheet-layout.ts';

/** Column number (1-based) -> field, read from a header row by label or key. */
type ColumnMap = Map<number, FieldDesign>;

const normal = (text: string) => text.trim().toLowerCase();
const SYSTEM_NAMES = new Set([...Object.keys(SYSTEM_HEADERS), ...Object.values(SYSTEM_HEADERS)].map(normal));

/** Maps a header row to fields; unknown headers are reported (row 1) and their columns skipped. */
function mapHeader(row: ExcelJS.Row, fields: FieldDesign[], problems: ImportProblem[], sheet: string): ColumnMap {
  const map: ColumnMap = new Map();
  const used = new Set<string>();
  row.eachCell((cell, column) => {
    const text = cellText(cell.value);
    if (!text || SYSTEM_NAMES.has(normal(text)) || normal(text) === normal(RECORD_ROW_HEADER)) return;
    const field = fields.find((f) => everyText(f.label).some((label) => normal(label) === normal(text))) ?? fields.find((f) => f.key === text.trim());
    // Files, computed values and sub-tables are known columns that import does not read.
    if (field && !importable(field)) return;
    if (!field) {
      problems.push({ row: 1, field: text, message: `${sheet}: no field of the form is called "${text}"; the column was skipped` });
    } else if (used.has(field.key)) {
      problems.push({ row: 1, field: field.key, message: `${sheet}: "${text}" names ${field.key} a second time; the column was skipped` });
    } else {
      used.add(field.key);
      map.set(column, field);
    }
  });
  return map;
}

const isEmptyRow = (row: ExcelJS.Row) => {
  let empty = true;
  row.eachCell((cell) => {
    if (cellText(cell.value) !== '' || typeof cell.value === 'boolean') empty = false;
  });
  return empty;
};

/** The lines of a sub-table from its own sheet, by the record row they name. */
interface TableLines {
  table: FieldDesign;
  columns: ColumnMap;
  byRecordRow: Map<number, ExcelJS.Row[]>;
}

function readTableSheets(workbook: ExcelJS.Workbook, tables: FieldDesign[], problems: ImportProblem[]): TableLines[] {
  const sheets = workbook.worksheets.slice(1);
  // The names export gives sub-table sheets, after the first sheet's.
  const taken = new Set([workbook.worksheets[0]!.name.toLowerCase()]);
  return tables.flatMap((table) => {
    const expected = normal(sheetName(textIn(table.label, 'en') || table.key, taken));
    const sheet = sheets.find((s) => normal(s.name) === expected || normal(s.name) === normal(table.key));
    if (!sheet) return [];
    const columns = mapHeader(sheet.getRow(1), table.fields ?? [], problems, sheet.name);
    const byRecordRow = new Map<number, ExcelJS.Row[]>();
    sheet.eachRow((row, number) => {
      if (number === 1 || isEmptyRow(row)) return;
      const recordRow = Number(cellText(row.getCell(1).value));
      if (!Number.isInteger(recordRow) || recordRow < 2) {
        problems.push({ row: number, field: table.key, message: `${sheet.name} row ${number}: "${RECORD_ROW_HEADER}" must name a row of the first sheet` });
        return;
      }
      byRecordRow.set(recordRow, [...(byRecordRow.get(recordRow) ?? []), row]);
    });
    return [{ table, columns, byRecordRow }];
  });
}

interface RowReader {
  directory: RecordDirectory;
  findLinked: LinkedRecordFinder;
}

/** The data of one sheet row (and its sub-table lines), or the problems that keep it out. */
async function readRow(row: ExcelJS.Row, rowNumber: number, columns: ColumnMap, tables: TableLines[], reader: RowReader): Promise<{ data: RecordData; problems: ImportProblem[] }> {
  const data: RecordData = {};
  const problems: ImportProblem[] = [];
  const readInto = async (target: RecordData, map: ColumnMap, source: ExcelJS.Row, path: (key: string) => string) => {
    for (const [column, field] of map) {
      const reading = await readCell(field, source.getCell(column).value, reader.directory, reader.findLinked);
      if ('error' in reading) problems.push({ row: rowNumber, field: path(field.key), message: `${fieldDisplayName(field, path(field.key))}: ${reading.error}` });
      else if ('value' in reading) target[field.key] = reading.value;
    }
  };
  await readInto(data, columns, row, (key) => key);
  for (const { table, columns: tableColumns, byRecordRow } of tables) {
    const lines = byRecordRow.get(rowNumber) ?? [];
    if (!lines.length) continue;
    const rows: RecordData[] = [];
    for (const [i, line] of lines.entries()) {
      const values: RecordData = {};
      await readInto(values, tableColumns, line, (key) => `${table.key}[${i}].${key}`);
      rows.push(values);
    }
    data[table.key] = rows;
  }
  return { data, problems };
}

function linkedFinder(ctx: RecordContext): LinkedRecordFinder {
  const cache = new Map<string, Awaited<ReturnType<LinkedRecordFinder>>>();
  return async (formId, text) => {
    const key = `${formId}:${text}`;
    if (!cache.has(key)) {
      let query = ctx.scope
        .selectFrom('form_record')
        .select(['id', 'title', 'number'])
        .where('form_id', '=', formId)
        .where((eb) => eb.or([eb('number', '=', text), eb('title', '=', text)]));
      const inScope = policy.record.scopeCondition(ctx.access);
      if (inScope) query = query.where(inScope);
      const row = await query.orderBy('id', 'desc').executeTakeFirst();
      cache.set(key, row ? { formId, recordId: row.id, title: row.title || row.number || `#${row.id}` } : null);
    }
    return cache.get(key)!;
  };
}

async function loadWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  // exceljs loads with the first import or export: it is the largest package the server has.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('file', 'is not an .xlsx workbook');
  }
  if (!workbook.worksheets.length) throw badRequest('file', 'has no sheet');
  return workbook;
}

/** Writes good rows, numbered, in batches of IMPORT_BATCH_ROWS, one transaction per batch. */
async function insertRows(ctx: RecordContext, version: LoadedVersion, workspaceCode: string | null, rows: { data: RecordData; title: string }[]): Promise<number> {
  const now = new Date(ctx.clock.now());
  const time = now.toISOString();
  const rule = version.settings.numbering ? parsedRule(version.settings.numbering.rule) : null;
  const { userId } = ctx.access.session;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
    const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
    await ctx.scope.db.transaction().execute(async (trx) => {
      const scope = ctx.scope.with(trx);
      const first = rule ? await reserveRecordNumbers(trx, scope.tenantId, version.formId, numberingPeriod(rule, now), batch.length) : 0;
      const written = await scope
        .insertInto(
          'form_record',
          batch.map((row, i) => ({
            form_id: version.formId,
            version: version.version,
            number: rule ? formatNumber(rule, now, first + i) : null,
            title: row.title,
            data: writeJson(row.data),
            status: 'none' as const,
            workspace_code: workspaceCode,
            created_by: userId,
            create_time: time,
            updated_by: userId,
            update_time: time,
          })),
        )
        .returning(['id', 'form_id', 'data', 'update_time', 'updated_by'])
        .execute();
      await linkRecordFiles(scope, written, { created: true });
    });
  }
  return rows.length;
}

/**
 * Imports records from an .xlsx workbook laid out as exports are: the first sheet one row
 * per record with field labels (or keys) as headers, sub-table lines on sheets named after
 * the sub-table. Each row is read per field type and checked like a record create; bad rows
 * are reported with every reason, good rows are written (without starting approval flows).
 */
export async function importRecords(ctx: RecordContext, formId: number, buffer: Buffer, askedWorkspace: string | null): Promise<ImportResult> {
  const form = await openForm(ctx, formId);
  if (form.status === 'disabled') throw badRequest('formId', `form "${englishFormName(form)}" is switched off and takes no new records`);
  const version = await currentVersionOf(ctx.scope, ctx.versions, form);
  policy.record.requireButton(ctx.access, version.settings, 'import');
  const workspaceCode = await recordWorkspace(ctx, form, askedWorkspace);
  const workbook = await loadWorkbook(buffer);
  const sheet = workbook.worksheets[0]!;
  const dataRows = sheet.actualRowCount - 1;
  if (dataRows > IMPORT_MAX_ROWS) throw badRequest('file', `has ${dataRows} rows; an import takes at most ${IMPORT_MAX_ROWS}`);

  const failed: ImportProblem[] = [];
  const fields = valueFields(version.design);
  const columns = mapHeader(sheet.getRow(1), fields, failed, sheet.name);
  const tables = readTableSheets(workbook, fields.filter((f) => f.type === 'subtable'), failed);
  if (columns.size === 0) throw badRequest('file', `the first row of "${sheet.name}" names no field of the form`);
  const reader: RowReader = { directory: await loadDirectory(ctx.scope), findLinked: linkedFinder(ctx) };
  const now = new Date(ctx.clock.now());

  const rows: { number: number; read: { problems: ImportProblem[] }; prepared: PreparedRecord }[] = [];
  for (let number = 2; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    if (isEmptyRow(row)) continue;
    const read = await readRow(row, number, columns, tables, reader);
    // The form's rules run on what could be read, so a row's report names every reason at once.
    rows.push({ number, read, prepared: prepareRecord(version, read.data, { now, mode: 'create' }) });
  }
  // Names in cells are looked up in the tenant, but a default may name anyone: checked as a create's are.
  const unknown = await referenceErrors(ctx.scope, version.design, rows.map(({ prepared }) => ({ data: prepared.data })));
  const good: { data: RecordData; title: string }[] = [];
  for (const [i, { number, read, prepared }] of rows.entries()) {
    const unread = (field: string) => read.problems.some((p) => field === p.field || field.startsWith(`${p.field}.`) || field.startsWith(`${p.field}[`));
    const errors = [...prepared.errors, ...unknown[i]!.filter((e) => !prepared.errors.some((p) => p.field === e.field))].filter((e) => !unread(e.field));
    const problems = [...read.problems, ...errors.map((e) => ({ row: number, field: e.field, message: e.message }))];
    if (problems.length) failed.push(...problems.sort((a, b) => a.field.localeCompare(b.field)));
    else good.push({ data: prepared.data, title: prepared.title });
  }
  const imported = await insertRows(ctx, version, workspaceCode, good);
  return { imported, failed };
}
