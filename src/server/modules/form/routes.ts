import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FORM_DESIGN_POINTS,
  FORM_PATHS,
  FORM_POINTS,
  formCreateBody,
  formIdBody,
  formIdQuery,
  formListQuery,
  formPreviewBody,
  formPreviewValidatorQuery,
  formSettingsBody,
  formUpdateBody,
  formVersionQuery,
  type FormCreateBody,
  type FormIdBody,
  type FormListQuery,
  type FormPreviewBody,
  type FormPreviewValidatorQuery,
  type FormSettingsBody,
  type FormUpdateBody,
  type FormVersionQuery,
} from '../../../core/contracts/form.ts';
import { RECORD_READ_POINTS } from '../../../core/contracts/record.ts';
import { strictObject } from '../../../core/contracts/common.ts';
import { notFound } from '../../errors.ts';
import { callerOf, scopeOf, sessionOf } from '../../plugins/auth.ts';
import { policy } from '../../access/policies.ts';
import { recordContext } from '../record/context.ts';
import { requireRecordReader } from '../record/service.ts';
import { FormPreviews } from './preview.ts';
import {
  checkDesign,
  createForm,
  deleteForm,
  findForm,
  formDetail,
  formOptions,
  listForms,
  listVersions,
  publishForm,
  updateForm,
  updateSettings,
  versionDetail,
  type FormContext,
  type FormRow,
} from './service.ts';

const DESIGNER = { point: FORM_DESIGN_POINTS } as const;
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const validatorQuery = strictObject({ ...formVersionQuery.properties, token: { type: 'string' } }, ['id', 'version']);

/**
 * The form designer's API (forms, drafts, versions, advance settings) and the published
 * versions that fill screens read (with their validation code).
 */
export async function formRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest): FormContext => ({
    scope: scopeOf(request),
    session: sessionOf(request),
    clock: app.services.clock,
    dialect: app.services.dialect,
    versions: app.services.formVersions,
  });

  app.get<{ Querystring: FormListQuery }>(FORM_PATHS.list, { schema: { querystring: formListQuery }, config: DESIGNER }, async (request) =>
    listForms(scopeOf(request), request.query),
  );

  app.get<{ Querystring: FormIdBody }>(FORM_PATHS.detail, { schema: { querystring: formIdQuery }, config: DESIGNER }, async (request) =>
    formDetail(context(request), request.query.id),
  );

  app.post<{ Body: FormCreateBody }>(FORM_PATHS.create, { schema: { body: formCreateBody }, config: { point: FORM_POINTS.create } }, async (request) =>
    createForm(context(request), request.body),
  );

  app.post<{ Body: FormUpdateBody }>(FORM_PATHS.update, { schema: { body: formUpdateBody }, config: { point: FORM_POINTS.edit } }, async (request) =>
    updateForm(context(request), request.body),
  );

  app.post<{ Body: FormIdBody }>(FORM_PATHS.delete, { schema: { body: formIdBody }, config: { point: FORM_POINTS.delete } }, async (request) => {
    await deleteForm(context(request), request.body.id);
    return null;
  });

  app.post<{ Body: FormIdBody }>(FORM_PATHS.publish, { schema: { body: formIdBody }, config: { point: FORM_POINTS.publish } }, async (request) =>
    publishForm(context(request), request.body.id),
  );

  app.post<{ Body: FormSettingsBody }>(
    FORM_PATHS.updateSettings,
    { schema: { body: formSettingsBody }, config: { point: FORM_POINTS.edit } },
    async (request) => updateSettings(context(request), request.body),
  );

  app.get<{ Querystring: FormIdBody }>(FORM_PATHS.versions, { schema: { querystring: formIdQuery }, config: DESIGNER }, async (request) =>
    listVersions(scopeOf(request), request.query.id),
  );

  /** A published version for designers, and for whoever reads the form's records. */
  async function readableVersionForm(request: FastifyRequest, formId: number, version: number): Promise<FormRow> {
    const caller = callerOf(request);
    const { scope } = caller;
    const form = await findForm(scope, formId);
    if (policy.form.design(caller)) return form;
    if (!policy.form.open(caller, form)) throw notFound('Form');
    const loaded = await app.services.formVersions.get(scope, formId, version);
    if (!loaded) throw notFound('Form version');
    await requireRecordReader(recordContext(app, request), form, loaded);
    return form;
  }

  app.get<{ Querystring: FormVersionQuery }>(FORM_PATHS.version, { schema: { querystring: formVersionQuery } }, async (request) => {
    const form = await readableVersionForm(request, request.query.id, request.query.version);
    return versionDetail(context(request), form, request.query.version);
  });

  // Loaded by the browser with import(), which cannot send headers: the token may come in the query.
  app.get<{ Querystring: FormVersionQuery & { token?: string } }>(
    FORM_PATHS.validator,
    { schema: { querystring: validatorQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const { id, version } = request.query;
      await readableVersionForm(request, id, version);
      const loaded = await app.services.formVersions.get(scopeOf(request), id, version);
      if (!loaded) throw notFound('Form version');
      const { validatorModuleOf } = await import('./validator-code.ts');
      return reply
        .header('content-type', JAVASCRIPT)
        // A version never changes; the URL carries the token, so only this browser keeps it.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(validatorModuleOf(loaded));
    },
  );

  const previews = new FormPreviews();

  // The designer's live preview: checked like a saved design, stored nowhere.
  app.post<{ Body: FormPreviewBody }>(FORM_PATHS.preview, { schema: { body: formPreviewBody }, config: { point: FORM_POINTS.edit } }, async (request) =>
    previews.preview(scopeOf(request).tenantId, checkDesign(request.body.design)),
  );

  app.get<{ Querystring: FormPreviewValidatorQuery }>(
    FORM_PATHS.previewValidator,
    { schema: { querystring: formPreviewValidatorQuery }, config: { point: FORM_POINTS.edit, tokenInQuery: true } },
    async (request, reply) => {
      const source = previews.validatorModule(scopeOf(request).tenantId, request.query.key);
      if (source === undefined) throw notFound('Form preview');
      // The key is the schema's hash: the same URL always gives the same code.
      return reply.header('content-type', JAVASCRIPT).header('cache-control', 'private, max-age=3600, immutable').send(source);
    },
  );

  app.get(FORM_PATHS.options, { config: { point: [...FORM_DESIGN_POINTS, ...RECORD_READ_POINTS] } }, async (request) =>
    formOptions(callerOf(request)),
  );
}
