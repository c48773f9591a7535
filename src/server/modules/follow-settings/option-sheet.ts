import type ExcelJS from 'exceljs';
import {
  OPTION_CODE_MAX,
  OPTION_SHEET_COLUMNS,
  SOURCE_DEPTH_MAX,
  SOURCE_OPTIONS_MAX,
  optionSaveBody,
  type OptionImportResult,
} from '../../../core/contracts/follow-settings.ts';
import { TEXT_LANGUAGES, normalizeText, readStoredText, sameText, storedText, type LocalText, type TextLanguage } from '../../../core/local-text.ts';
import { createAjv } from '../../../core/validation/ajv.ts';
import { badRequest } from '../../errors.ts';
import { requireManage, type SettingsCaller, type SettingsWorkspace } from './context.ts';
import { optionRows, presentOptions, type OptionRow } from './options.ts';
import { sourceOf } from './sources.ts';

type Column = (typeof OPTION_SHEET_COLUMNS)[number];
const LANGUAGE_COLUMNS = TEXT_LANGUAGES.map((lng) => `label.${lng}` as Column);

/** The option sheet's rows, in tree order: a plain label in `label`, one per language in `label.<lng>`. */
export async function exportOptions(caller: SettingsCaller, workspace: SettingsWorkspace, sourceKey: string): Promise<Buffer> {
  await sourceOf(caller.scope, workspace, sourceKey);
  const options = presentOptions(await optionRows(caller.scope, workspace, sourceKey));
  const codeOf = new Map(options.map((o) => [o.id, o.code]));
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(sourceKey);
  sheet.addRow([...OPTION_SHEET_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const option of options) {
    const label = option.label;
    sheet.addRow([
      option.code,
      option.parentId === null ? '' : (codeOf.get(option.parentId) ?? ''),
      typeof label === 'string' ? label : '',
      ...TEXT_LANGUAGES.map((lng) => (typeof label === 'string' ? '' : (label[lng] ?? ''))),
      option.sort,
      option.retired ? 'yes' : 'no',
    ]);
  }
  sheet.columns.forEach((column, i) => (column.width = i < 6 ? 24 : 10));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ajv = createAjv();
// The request schema's own rules for a code, label and sort: an imported row passes what the screen's form checks.
const checkCode: (value: unknown) => boolean = ajv.compile(optionSaveBody.properties.code);
const checkLabel: (value: unknown) => boolean = ajv.compile(optionSaveBody.properties.label);
const { default: _sortDefault, ...sortSchema } = optionSaveBody.properties.sort;
const checkSort: (value: unknown) => boolean = ajv.compile(sortSchema);

const YES = new Set(['yes', 'true', '1', '是', 'y']);
const NO = new Set(['no', 'false', '0', '否', 'n', '']);

/** A cell as text: numbers as written, rich text joined, formulas by their result. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    const result = 'result' in value ? value.result : 'text' in value ? value.text : null;
    return typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean' ? String(result).trim() : '';
  }
  return String(value).trim();
}

interface SheetRow {
  row: number;
  code: string;
  parentCode: string;
  label: LocalText;
  sort: number | null;
  retired: boolean | null;
}

/**
 * Reads an option sheet and stores it when every row passes: known codes change, new ones are
 * added, options the file does not name stay as they are. One refused row stores nothing.
 */
export async function importOptions(caller: SettingsCaller, workspace: SettingsWorkspace, sourceKey: string, buffer: Buffer): Promise<OptionImportResult> {
  requireManage(caller, 'manage data sources');
  const source = await sourceOf(caller.scope, workspace, sourceKey);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('file', 'is not an .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('file', 'has no sheet');

  const refused: OptionImportResult['refused'] = [];
  const refuse = (row: number, field: string, message: string) => refused.push({ row, field, message });
  const none: OptionImportResult = { created: 0, updated: 0, unchanged: 0, refused };

  // Headers by name, in any order and case.
  const columns = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    const known = OPTION_SHEET_COLUMNS.find((c) => c.toLowerCase() === text.toLowerCase());
    if (known) columns.set(known, col);
    else if (text) refuse(1, text, `"${text}" is not a column of an option sheet (${OPTION_SHEET_COLUMNS.join(', ')})`);
  });
  if (!columns.has('code')) refuse(1, 'code', 'the sheet needs a "code" column');
  if (refused.length) return none;
  const read = (row: ExcelJS.Row, column: Column) => (columns.has(column) ? cellText(row.getCell(columns.get(column)!)) : '');

  const rows: SheetRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const texts = OPTION_SHEET_COLUMNS.map((c) => read(row, c));
    if (texts.every((t) => !t)) continue;
    if (rows.length >= SOURCE_OPTIONS_MAX) {
      refuse(r, 'code', `a sheet may hold at most ${SOURCE_OPTIONS_MAX} options`);
      break;
    }
    const code = read(row, 'code');
    if (!code) refuse(r, 'code', 'is required');
    else if (!checkCode(code)) refuse(r, 'code', `"${code}" must be 1–${OPTION_CODE_MAX} characters without < or > and without spaces at either end`);
    else if (seen.has(code)) refuse(r, 'code', `"${code}" is already on row ${seen.get(code)}`);
    else seen.set(code, r);

    const perLanguage = Object.fromEntries(
      LANGUAGE_COLUMNS.flatMap((c) => (read(row, c) ? [[c.slice('label.'.length) as TextLanguage, read(row, c)]] : [])),
    );
    const label: LocalText = normalizeText(Object.keys(perLanguage).length ? perLanguage : read(row, 'label'));
    if (label === '') refuse(r, 'label', 'is required');
    else if (!checkLabel(label)) refuse(r, 'label', 'must be 1–120 characters without < or >');

    const sortText = read(row, 'sort');
    const sort = sortText === '' ? null : Number(sortText);
    if (sort !== null && !checkSort(sort)) refuse(r, 'sort', 'must be a whole number');

    const retiredText = read(row, 'retired').toLowerCase();
    const retired = retiredText === '' ? null : YES.has(retiredText) ? true : NO.has(retiredText) ? false : undefined;
    if (retired === undefined) refuse(r, 'retired', `"${retiredText}" is not yes or no`);

    const parentCode = read(row, 'parentCode');
    if (parentCode && !source.hierarchical) refuse(r, 'parentCode', 'options of this list have no parents: it is not hierarchical');
    rows.push({ row: r, code, parentCode, label, sort, retired: retired ?? null });
  }
  if (refused.length) return none;

  return caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const stored = await optionRows(scope, workspace, source.key);
    const byCode = new Map(stored.map((o) => [o.code, o]));
    const codeOfId = new Map(stored.map((o) => [o.id, o.code]));
    const added = rows.filter((r) => !byCode.has(r.code));
    if (stored.length + added.length > SOURCE_OPTIONS_MAX) {
      refuse(added[0]!.row, 'code', `the list would hold more than ${SOURCE_OPTIONS_MAX} options`);
      return none;
    }

    // The tree as it will be: the file's rows over what is stored.
    const parentOf = new Map<string, string | null>(stored.map((o) => [o.code, o.parent_id === null ? null : codeOfId.get(o.parent_id)!]));
    const retiredOf = new Map<string, boolean>(stored.map((o) => [o.code, o.retired === 1]));
    for (const r of rows) {
      parentOf.set(r.code, r.parentCode || null);
      retiredOf.set(r.code, r.retired ?? byCode.get(r.code)?.retired === 1);
    }
    for (const r of rows) {
      if (!r.parentCode) continue;
      if (!parentOf.has(r.parentCode)) {
        refuse(r.row, 'parentCode', `"${r.parentCode}" is not an option of this list or this sheet`);
        continue;
      }
      const chain = [r.code];
      let parent: string | null = r.parentCode;
      while (parent !== null && !chain.includes(parent)) {
        chain.push(parent);
        parent = parentOf.get(parent) ?? null;
      }
      if (parent !== null) refuse(r.row, 'parentCode', `"${r.code}" would sit under itself (${[...chain, parent].join(' › ')})`);
      else if (chain.length > SOURCE_DEPTH_MAX) refuse(r.row, 'parentCode', `a list may be at most ${SOURCE_DEPTH_MAX} levels deep`);
      else if (retiredOf.get(r.parentCode) && !retiredOf.get(r.code)) refuse(r.row, 'parentCode', `"${r.parentCode}" is retired; retire "${r.code}" too or offer the parent again`);
    }
    // Options a file leaves alone stay under their parent; a parent the file retires retires them too.
    if (refused.length) return none;

    const time = caller.now();
    const userId = caller.session.userId;
    const ids = new Map(stored.map((o) => [o.code, o.id]));
    // New options first, without parents, in batches; their parents are set below once every code has an id.
    for (let i = 0; i < added.length; i += 500) {
      const made = await scope
        .insertInto(
          'follow_option',
          added.slice(i, i + 500).map((r) => ({
            workspace_id: workspace.id,
            source_key: source.key,
            code: r.code,
            label: storedText(r.label),
            parent_id: null,
            sort: r.sort ?? 0,
            retired: r.retired ? 1 : 0,
            revision: 1,
            created_by: userId,
            create_time: time,
            updated_by: userId,
            update_time: time,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      for (const row of made) ids.set(row.code, row.id);
    }
    let updated = 0;
    let unchanged = 0;
    const retiring = new Set<number>();
    for (const r of rows) {
      const id = ids.get(r.code)!;
      const parentId = r.parentCode ? ids.get(r.parentCode)! : null;
      const before: OptionRow | undefined = byCode.get(r.code);
      const retired = r.retired ?? before?.retired === 1;
      if (retired) retiring.add(id);
      if (!before) {
        if (parentId !== null) await scope.updateTable('follow_option').set({ parent_id: parentId }).where('id', '=', id).execute();
        continue;
      }
      const sort = r.sort ?? before.sort;
      const same = sameText(readStoredText(before.label), r.label) && before.parent_id === parentId && before.sort === sort && (before.retired === 1) === retired;
      if (same) {
        unchanged++;
        continue;
      }
      updated++;
      await scope
        .updateTable('follow_option')
        .set({ label: storedText(r.label), parent_id: parentId, sort, retired: retired ? 1 : 0, revision: before.revision + 1, updated_by: userId, update_time: time })
        .where('id', '=', id)
        .execute();
    }
    // Retiring an option retires what sits below it, as option/retire does.
    const after = await optionRows(scope, workspace, source.key);
    const below = (id: number): number[] => after.filter((o) => o.parent_id === id).flatMap((o) => [o.id, ...below(o.id)]);
    const cascade = [...new Set([...retiring].flatMap(below))].filter((id) => after.find((o) => o.id === id)!.retired !== 1);
    for (let i = 0; i < cascade.length; i += 500) {
      await scope
        .updateTable('follow_option')
        .set((eb) => ({ retired: 1, revision: eb('revision', '+', 1), updated_by: userId, update_time: time }))
        .where('workspace_id', '=', workspace.id)
        .where('id', 'in', cascade.slice(i, i + 500))
        .execute();
    }
    return { created: added.length, updated, unchanged, refused };
  });
}
