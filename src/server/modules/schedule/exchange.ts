import type { ErrorObject } from 'ajv';
import type { ScheduleImportBody, ScheduleImported } from '../../../core/contracts/schedules.ts';
import type { ScheduleModel } from '../../../core/schedule/model.ts';
import { exportMspdi, importMspdi, MspdiError, type MspdiImport } from '../../../core/schedule/mspdi/index.ts';
import { modelProblems, scheduleModelSchema } from '../../../core/schedule/schema.ts';
import { createAjv, describeValidationError } from '../../../core/validation/ajv.ts';
import { policy } from '../../access/policies.ts';
import { readJson } from '../../db/json-column.ts';
import { requireAllowed, scheduleProblem, visibleSchedule, type ScheduleCaller, type ScheduleWorkspace } from './context.ts';
import { scheduleOrRefuse } from './scheduled.ts';
import { insertSchedule, summariesOf } from './schedules.ts';

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
