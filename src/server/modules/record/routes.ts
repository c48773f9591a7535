import type { FastifyInstance } from 'fastify';
import {
  IMPORT_MAX_BYTES,
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

  app.post<{ Body: RecordListBody }>('/proptech_allplan/record/list', { schema: { body: recordListBody } }, async (request) =>
    listRecords(ctx(request), request.body),
  );

  app.get<{ Querystring: { id: number } }>('/proptech_allplan/record/detail', { schema: { querystring: recordIdQuery } }, async (request) =>
    recordDetail(ctx(request), request.query.id),
  );

  app.post<{ Body: RecordCreateBody }>('/proptech_allplan/record/create', { schema: { body: recordCreateBody } }, async (request) =>
    createRecord(ctx(request), request.body),
  );

  app.post<{ Body: RecordUpdateBody }>('/proptech_allplan/record/update', { schema: { body: recordUpdateBody } }, async (request) =>
    updateRecord(ctx(request), request.body),
  );

  app.post<{ Body: RecordDeleteBody }>('/proptech_allplan/record/delete', { schema: { body: recordDeleteBody } }, async (request) =>
    deleteRecords(ctx(request), request.body.ids),
  );

  app.get<{ Querystring: RecordOptionsQuery }>('/proptech_allplan/record/options', { schema: { querystring: recordOptionsQuery } }, async (request) =>
    recordOptions(ctx(request), request.query),
  );

  app.post<{ Body: RecordExportBody }>('/proptech_allplan/record/export', { schema: { body: recordExportBody } }, async (request, reply) => {
    const { fileName, stream } = await exportRecords(ctx(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  // Multipart: the workbook as `file`, the form as `formId` (and optionally `workspaceCode`).
  app.post('/proptech_allplan/flowFile/field/import', async (request) => {
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

  app.post<{ Body: SearchConfigBody }>('/proptech_allplan/dataBoard/formList/updateSearchConfig', { schema: { body: searchConfigBody } }, async (request) =>
    saveSearchConfig(ctx(request), request.body),
  );

  app.get<{ Querystring: SearchConfigQuery }>('/proptech_allplan/dataBoard/formList/config/list', { schema: { querystring: searchConfigQuery } }, async (request) =>
    readSearchConfig(ctx(request), request.query.formId),
  );
}
