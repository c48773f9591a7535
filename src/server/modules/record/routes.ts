import type { FastifyInstance } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  RECORD_PATHS,
  recordCreateBody,
  recordDeleteBody,
  recordExportBody,
  recordIdQuery,
  recordListBody,
  recordOptionsQuery,
  recordUpdateBody,
  searchConfigBody,
  searchConfigQuery,
  type RecordCreateBody,
  type RecordDeleteBody,
  type RecordExportBody,
  type RecordListBody,
  type RecordOptionsQuery,
  type RecordUpdateBody,
  type SearchConfigBody,
  type SearchConfigQuery,
} from '../../../core/contracts/record.ts';
import { badRequest } from '../../errors.ts';
import { recordContext } from './context.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { exportRecords } from './export.ts';
import { importRecords } from './import.ts';
import { readSearchConfig, saveSearchConfig } from './search-config.ts';
import { createRecord, deleteRecords, listRecords, recordDetail, recordOptions, updateRecord } from './service.ts';

/**
 * Records of published forms: list, detail, create, update, batch delete, export and import,
 * linked-record options, and the list's saved search. Function points are checked per form
 * (a form may name its own in its advance settings), so the routes carry none themselves.
 */
export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const ctx = (request: Parameters<typeof recordContext>[1]) => recordContext(app, request);

  app.post<{ Body: RecordListBody }>(RECORD_PATHS.list, { schema: { body: recordListBody } }, async (request) =>
    listRecords(ctx(request), request.body),
  );

  app.get<{ Querystring: { id: number } }>(RECORD_PATHS.detail, { schema: { querystring: recordIdQuery } }, async (request) =>
    recordDetail(ctx(request), request.query.id),
  );

  app.post<{ Body: RecordCreateBody }>(RECORD_PATHS.create, { schema: { body: recordCreateBody } }, async (request) =>
    createRecord(ctx(request), request.body),
  );

  app.post<{ Body: RecordUpdateBody }>(RECORD_PATHS.update, { schema: { body: recordUpdateBody } }, async (request) =>
    updateRecord(ctx(request), request.body),
  );

  app.post<{ Body: RecordDeleteBody }>(RECORD_PATHS.delete, { schema: { body: recordDeleteBody } }, async (request) =>
    deleteRecords(ctx(request), request.body.ids),
  );

  app.get<{ Querystring: RecordOptionsQuery }>(RECORD_PATHS.options, { schema: { querystring: recordOptionsQuery } }, async (request) =>
    recordOptions(ctx(request), request.query),
  );

  app.post<{ Body: RecordExportBody }>(RECORD_PATHS.export, { schema: { body: recordExportBody } }, async (request, reply) => {
    const { fileName, stream } = await exportRecords(ctx(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  // Multipart: the workbook as `file`, the form as `formId` (and optionally `workspaceCode`).
  app.post(RECORD_PATHS.import, async (request) => {
    if (!request.isMultipart()) throw badRequest('file', 'send the workbook as multipart/form-data with the field "file"');
    let buffer: Buffer | undefined;
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(part.fieldname, 'is not a field of an import; send the workbook as "file"');
        buffer = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!buffer) throw badRequest('file', 'is required');
    const formId = Number(fields.formId);
    if (!Number.isInteger(formId) || formId < 1) throw badRequest('formId', 'must be a form id');
    return importRecords(ctx(request), formId, buffer, fields.workspaceCode || null);
  });

  app.post<{ Body: SearchConfigBody }>(RECORD_PATHS.saveSearchConfig, { schema: { body: searchConfigBody } }, async (request) =>
    saveSearchConfig(ctx(request), request.body),
  );

  app.get<{ Querystring: SearchConfigQuery }>(RECORD_PATHS.searchConfig, { schema: { querystring: searchConfigQuery } }, async (request) =>
    readSearchConfig(ctx(request), request.query.formId),
  );
}
