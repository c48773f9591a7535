import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FOLLOW_SETTINGS_PATHS,
  OPTION_IMPORT_MAX_BYTES,
  disciplineListQuery,
  disciplineSaveBody,
  memberListQuery,
  memberRolesBody,
  projectGetQuery,
  projectSaveBody,
  optionDeleteBody,
  optionExportQuery,
  optionListQuery,
  optionRetireBody,
  optionSaveBody,
  optionUsageQuery,
  sourceDeleteBody,
  sourceListQuery,
  sourceSaveBody,
  templateGetQuery,
  templateListQuery,
  templatePublishBody,
  templateSaveBody,
  templateVersionQuery,
  type DisciplineSaveBody,
  type MemberRolesBody,
  type ProjectSaveBody,
  type OptionDeleteBody,
  type OptionExportQuery,
  type OptionListQuery,
  type OptionRetireBody,
  type OptionSaveBody,
  type OptionUsageQuery,
  type SourceDeleteBody,
  type SourceListQuery,
  type SourceSaveBody,
  type TemplateGetQuery,
  type TemplateListQuery,
  type TemplatePublishBody,
  type TemplateSaveBody,
  type TemplateVersionQuery,
} from '../../../core/contracts/follow-settings.ts';
import { SOURCE_KEY_PATTERN } from '../../../core/contracts/follow-settings.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { badRequest } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { workspaceByCode, type SettingsCaller } from './context.ts';
import { exportOptions, importOptions } from './option-sheet.ts';
import { deleteOptions, listOptions, optionUsage, retireOptions, saveOption } from './options.ts';
import { getProject, listDisciplines, listMembers, saveDisciplines, saveProject, setMemberRoles } from './project.ts';
import { deleteSource, listSources, saveSource, sourceOf } from './sources.ts';
import { getTemplate, listTemplates, publishTemplate, saveTemplate, templateVersion, type TemplateDeps } from './templates.ts';

/**
 * Follow-up settings (see docs/follow-settings.md): a workspace's data sources and their
 * options, the data templates of its follow-up types, and its project settings. Every call
 * names a workspace (or a type of one) the caller belongs to; writes need follow:settings.
 */
export async function followSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, dialect } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const settingsCallerOf = (request: FastifyRequest): SettingsCaller => ({ ...callerOf(request), now, dialect });
  const P = FOLLOW_SETTINGS_PATHS;
  const templateDeps: TemplateDeps = { clock, versions: app.services.formVersions };

  app.get<{ Querystring: SourceListQuery }>(P.sourceList, { schema: { querystring: sourceListQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return listSources(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: SourceSaveBody }>(P.sourceSave, { schema: { body: sourceSaveBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    return saveSource(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: SourceDeleteBody }>(P.sourceDelete, { schema: { body: sourceDeleteBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    await deleteSource(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return null;
  });

  app.get<{ Querystring: OptionListQuery }>(P.optionList, { schema: { querystring: optionListQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return listOptions(caller, await workspaceByCode(caller, request.query.workspaceCode), request.query);
  });

  app.post<{ Body: OptionSaveBody }>(P.optionSave, { schema: { body: optionSaveBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    return saveOption(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: OptionRetireBody }>(P.optionRetire, { schema: { body: optionRetireBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    await retireOptions(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return null;
  });

  app.post<{ Body: OptionDeleteBody }>(P.optionDelete, { schema: { body: optionDeleteBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    await deleteOptions(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return null;
  });

  app.get<{ Querystring: OptionUsageQuery }>(P.optionUsage, { schema: { querystring: optionUsageQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return optionUsage(caller, await workspaceByCode(caller, request.query.workspaceCode), request.query);
  });

  app.get<{ Querystring: OptionExportQuery }>(
    P.optionExport,
    { schema: { querystring: optionExportQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const caller = settingsCallerOf(request);
      const workspace = await workspaceByCode(caller, request.query.workspaceCode);
      const bytes = await exportOptions(caller, workspace, request.query.source);
      const day = now().slice(0, 10).replace(/-/g, '');
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`${request.query.source}-${day}.xlsx`))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  // Multipart: the workbook as `file`, with `workspaceCode` and `source`.
  app.post(P.optionImport, async (request) => {
    if (!request.isMultipart()) throw badRequest('file', 'send the workbook as multipart/form-data with the field "file"');
    let buffer: Buffer | undefined;
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: OPTION_IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(part.fieldname, 'is not a field of an import; send the workbook as "file"');
        buffer = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!fields.workspaceCode) throw badRequest('workspaceCode', 'is required');
    if (!fields.source || !new RegExp(SOURCE_KEY_PATTERN).test(fields.source)) throw badRequest('source', 'must be a data source key');
    if (!buffer) throw badRequest('file', 'is required');
    const caller = settingsCallerOf(request);
    const workspace = await workspaceByCode(caller, fields.workspaceCode);
    await sourceOf(caller.scope, workspace, fields.source);
    return importOptions(caller, workspace, fields.source, buffer);
  });

  app.get<{ Querystring: TemplateListQuery }>(P.templateList, { schema: { querystring: templateListQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return listTemplates(caller, templateDeps, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.get<{ Querystring: TemplateGetQuery }>(P.templateGet, { schema: { querystring: templateGetQuery } }, async (request) =>
    getTemplate(settingsCallerOf(request), templateDeps, request.query.typeId),
  );

  app.post<{ Body: TemplateSaveBody }>(P.templateSave, { schema: { body: templateSaveBody } }, async (request) =>
    saveTemplate(settingsCallerOf(request), templateDeps, request.body),
  );

  app.post<{ Body: TemplatePublishBody }>(P.templatePublish, { schema: { body: templatePublishBody } }, async (request) =>
    publishTemplate(settingsCallerOf(request), templateDeps, request.body.typeId),
  );

  app.get<{ Querystring: TemplateVersionQuery }>(P.templateVersion, { schema: { querystring: templateVersionQuery } }, async (request) =>
    templateVersion(settingsCallerOf(request), templateDeps, request.query),
  );

  app.get<{ Querystring: SourceListQuery }>(P.projectGet, { schema: { querystring: projectGetQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return getProject(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: ProjectSaveBody }>(P.projectSave, { schema: { body: projectSaveBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    return saveProject(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: SourceListQuery }>(P.disciplineList, { schema: { querystring: disciplineListQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return listDisciplines(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: DisciplineSaveBody }>(P.disciplineSave, { schema: { body: disciplineSaveBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    return saveDisciplines(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: SourceListQuery }>(P.memberList, { schema: { querystring: memberListQuery } }, async (request) => {
    const caller = settingsCallerOf(request);
    return listMembers(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: MemberRolesBody }>(P.memberRoles, { schema: { body: memberRolesBody } }, async (request) => {
    const caller = settingsCallerOf(request);
    return setMemberRoles(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });
}
