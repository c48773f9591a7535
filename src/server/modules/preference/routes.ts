import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  formDefaultResetQuery,
  PREFERENCE_PATHS,
  preferenceListQuery,
  preferenceSaveBody,
  type FormDefaultResetQuery,
  type PreferenceListQuery,
  type PreferenceSaveBody,
} from '../../../core/contracts/preference.ts';
import type { PreferenceConfig } from '../../../core/entities.ts';
import type { PreferenceConfigTable } from '../../db/schema.ts';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';

const present = (row: Selectable<PreferenceConfigTable>): PreferenceConfig => ({
  id: row.id,
  configType: row.config_type,
  bizId: row.biz_id,
  configValue: JSON.parse(row.config_value),
  updateTime: row.update_time,
});

/**
 * A user's own settings per screen: `configType` names the kind (list columns, search
 * form, ...), `bizId` the thing it is for (a form id, a board code); one row per pair.
 */
export async function preferenceRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;

  app.get<{ Querystring: PreferenceListQuery }>(
    PREFERENCE_PATHS.list,
    { schema: { querystring: preferenceListQuery } },
    async (request) => {
      let query = scopeOf(request)
        .selectFrom('preference_config')
        .selectAll()
        .where('user_id', '=', sessionOf(request).userId)
        .orderBy('config_type')
        .orderBy('biz_id');
      if (request.query.configType) query = query.where('config_type', '=', request.query.configType);
      if (request.query.bizId !== undefined) query = query.where('biz_id', '=', request.query.bizId);
      return (await query.execute()).map(present);
    },
  );

  app.post<{ Body: PreferenceSaveBody }>(
    PREFERENCE_PATHS.save,
    { schema: { body: preferenceSaveBody } },
    async (request) => {
      const scope = scopeOf(request);
      const userId = sessionOf(request).userId;
      const { configType, bizId = '', configValue } = request.body;
      const values = { config_value: JSON.stringify(configValue ?? null), update_time: new Date(clock.now()).toISOString() };
      // One statement: saves sent at once for one key all land on the one row, the last write kept.
      const saved = await scope
        .insertInto('preference_config', [{ user_id: userId, config_type: configType, biz_id: bizId, ...values }])
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'config_type', 'biz_id']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return present(saved);
    },
  );

  // Back to the defaults for one form: every setting the user keeps for it is removed.
  app.get<{ Querystring: FormDefaultResetQuery }>(
    PREFERENCE_PATHS.resetFormDefaults,
    { schema: { querystring: formDefaultResetQuery } },
    // The form's list settings of this user: the settings kept under the form's id (columns…)
    // and, for a form of the tenant, the saved search of its record list.
    async (request) => {
      const { userId } = sessionOf(request);
      const { formId } = request.query;
      return scopeOf(request).db.transaction().execute(async (trx) => {
        const scope = scopeOf(request).with(trx);
        const settings = await scope.deleteFrom('preference_config').where('user_id', '=', userId).where('biz_id', '=', formId).executeTakeFirst();
        const search = /^[1-9]\d{0,9}$/.test(formId)
          ? await scope.deleteFrom('form_search_config').where('user_id', '=', userId).where('form_id', '=', Number(formId)).executeTakeFirst()
          : { numDeletedRows: 0n };
        return { removed: Number(settings.numDeletedRows) + Number(search.numDeletedRows) };
      });
    },
  );
}
