import type { ErrorObject } from 'ajv';
import type { ScheduleImportBody, ScheduleImported, ScheduleImportXlsxBody } from '../../../core/contracts/schedules.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';
import { taskTableOf, tasksFromTable, type TaskTableProblemCode } from '../../../core/schedule/xlsx/task-table.ts';
import { exportMspdi, importMspdi, MspdiError, type MspdiImport } from '../../../core/schedule/mspdi/index.ts';
import { modelProblems, scheduleModelSchema } from '../../../core/schedule/schema.ts';
import { createAjv, describeValidationError } from '../../../core/validation/ajv.ts';
import { policy } from '../../access/policies.ts';
import { readJson } from '../../db/json-column.ts';
import { requireAllowed, scheduleProblem, visibleSchedule, type ScheduleCaller, type ScheduleWorkspace } from './context.ts';
import { scheduleOrRefuse } from './scheduled.ts';
import { emptyModel, insertSchedule, summariesOf } from './schedules.ts';
import { readTaskWorkbook, taskSheetColumnLetter, writeTaskSheet, type TaskSheet } from './task-sheet.ts';

let validModel: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/** A model made outside the editor (a file) passes the same schema and checks as a save's result. */
function requireSoundModel(model: ScheduleModel): void {
  validModel ??= createAjv().compile(scheduleModelSchema);
  if (!validModel(model)) {
    const reason = describeValidationError((validModel.errors ?? [])[0] as ErrorObject);
    throw scheduleProblem(400, 'badModel', `The file reads into a schedule Plinth cannot keep: ${reason}`, { reason });
  }
  const problems = modelProblems(model);
  if (problems.length > 0) throw scheduleProblem(400, 'badModel', `The file reads into a schedule Plinth cannot keep: ${problems[0]}`, { reason: problems[0] });
}

/** A new schedule of the workspace from an MS Project XML file. */
export async function importSchedule(caller: ScheduleCaller, workspace: ScheduleWorkspace, body: ScheduleImportBody): Promise<ScheduleImported> {
  requireAllowed(policy.schedule.edit(caller), 'create schedules');
  let read: MspdiImport;
  try {
    read = importMspdi(body.xml);
  } catch (error) {
    if (!(error instanceof MspdiError)) throw error;
    throw scheduleProblem(400, 'badFile', error.message, { code: error.code, element: error.element, line: error.line });
  }
  requireSoundModel(read.model);
  scheduleOrRefuse(read.model);
  const row = await insertSchedule(caller, workspace, { name: body.name, model: read.model, action: 'create', note: 'MSPDI' });
  return { summary: (await summariesOf(caller, [row], workspace.code))[0]!, warnings: read.warnings };
}

/** The schedule as MS Project XML, named after it. */
export async function exportSchedule(caller: ScheduleCaller, id: number): Promise<{ fileName: string; xml: string }> {
  const { row } = await visibleSchedule(caller, id);
  const model = readJson<ScheduleModel>(row.model);
  const xml = exportMspdi(model, scheduleOrRefuse(model), { name: row.name });
  return { fileName: `${row.name}.xml`, xml };
}

/** Cells read with a harmless fix (a new UID, a shallower level) warn; the others would lose a duration or a link, so refuse the file. */
const XLSX_WARNINGS: readonly TaskTableProblemCode[] = ['duplicateUid', 'badWbs'];

/** A new schedule of the workspace from an .xlsx task table (the columns of TASK_TABLE_COLUMNS, a heading row first). */
export async function importXlsxSchedule(caller: ScheduleCaller, workspace: ScheduleWorkspace, body: ScheduleImportXlsxBody): Promise<ScheduleImported> {
  requireAllowed(policy.schedule.edit(caller), 'create schedules');
  let read: TaskSheet;
  try {
    read = await readTaskWorkbook(Buffer.from(body.file, 'base64'));
  } catch {
    throw scheduleProblem(400, 'badFile', 'The file is not an .xlsx workbook', {});
  }
  if (read.rows.length === 0) throw scheduleProblem(400, 'badFile', `Sheet “${read.sheet}” has no task rows below its heading row`, { sheet: read.sheet });
  const today = Math.floor(Date.parse(caller.now()) / 86_400_000) * 1440 + 8 * 60;
  const starts = read.rows.flatMap((r) => (r.start === undefined ? [] : [r.start]));
  const model = emptyModel(starts.length > 0 ? Math.min(...starts) : today);
  const { tasks, links, problems } = tasksFromTable(read.rows, model.settings);
  const placed = problems.map((p) => ({ ...p, cell: `${taskSheetColumnLetter(p.column)}${read.sheetRowOf.get(p.row) ?? p.row + 1}`, sheetRow: read.sheetRowOf.get(p.row) ?? p.row + 1 }));
  const refused = placed.find((p) => !XLSX_WARNINGS.includes(p.code));
  if (refused) {
    throw scheduleProblem(400, 'badCell', `Sheet “${read.sheet}”, cell ${refused.cell} (row ${refused.sheetRow}, ${refused.column}): ${refused.message}`, {
      sheet: read.sheet,
      row: refused.sheetRow,
      column: taskSheetColumnLetter(refused.column),
      field: refused.column,
      reason: refused.message,
    });
  }
  model.tasks = tasks;
  model.links = links;
  requireSoundModel(model);
  scheduleOrRefuse(model);
  const row = await insertSchedule(caller, workspace, { name: body.name, model, action: 'create', note: 'XLSX' });
  const warnings = placed.map((p) => ({ code: p.code, message: `Sheet “${read.sheet}”, cell ${p.cell}: ${p.message}`, line: p.sheetRow }));
  return { summary: (await summariesOf(caller, [row], workspace.code))[0]!, warnings };
}

/** The schedule's task table as a workbook, with the dates the engine schedules, named after it. */
export async function exportXlsxSchedule(caller: ScheduleCaller, id: number): Promise<{ fileName: string; bytes: Buffer }> {
  const { row } = await visibleSchedule(caller, id);
  const model = readJson<ScheduleModel>(row.model);
  const bytes = await writeTaskSheet(taskTableOf(model, scheduleOrRefuse(model)), row.name);
  return { fileName: `${row.name}.xlsx`, bytes };
}
