import { DEFAULT_BI_SETTINGS, type BiSettings, type BiSettingsBody, type BiTheme } from '../../../core/contracts/bi.ts';
import type { Clock } from '../../clock.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { conflict } from '../../errors.ts';
import type { Session } from '../auth/tokens.ts';

/** The tenant's BI settings; the defaults until someone saves them. */
export async function readBiSettings(scope: TenantScope): Promise<BiSettings> {
  const row = await scope
    .selectFrom('bi_setting')
    .leftJoin('app_user', 'app_user.id', 'bi_setting.updated_by')
    .select(['bi_setting.theme', 'bi_setting.palette', 'bi_setting.default_refresh', 'bi_setting.revision', 'bi_setting.update_time', 'app_user.name as updatedByName'])
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_BI_SETTINGS };
  return {
    theme: row.theme as BiTheme,
    palette: JSON.parse(row.palette) as string[],
    defaultRefresh: row.default_refresh,
    revision: row.revision,
    updateTime: row.update_time,
    updatedByName: row.updatedByName,
  };
}

/**
 * Saves the settings when `revision` is the stored one (the first save: revision 1 and no row
 * yet); two administrators saving from the same screen: the second gets 409.
 */
export async function updateBiSettings(clock: Clock, scope: TenantScope, session: Session, body: BiSettingsBody): Promise<BiSettings> {
  const values = {
    theme: body.theme,
    palette: JSON.stringify(body.palette.map((c) => c.toLowerCase())),
    default_refresh: body.defaultRefresh,
    updated_by: session.userId,
    update_time: new Date(clock.now()).toISOString(),
  };
  const stale = () => conflict('Someone else saved the BI settings after you opened them. Reload to see their changes, then make yours again.');
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const stored = await tx.selectFrom('bi_setting').select('revision').executeTakeFirst();
    if (!stored) {
      if (body.revision !== 1) throw stale();
      // Two first saves at once both find no row: the second insert meets the first's row and is a stale save.
      const inserted = await tx
        .insertInto('bi_setting', [{ ...values, revision: 2 }])
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .returning('revision')
        .executeTakeFirst();
      if (!inserted) throw stale();
      return;
    }
    const result = await tx
      .updateTable('bi_setting')
      .set((eb) => ({ ...values, revision: eb('revision', '+', 1) }))
      .where('revision', '=', body.revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw stale();
  });
  return readBiSettings(scope);
}
