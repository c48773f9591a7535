import type { FastifyInstance } from 'fastify';
import { BI_POINTS, biSettingsBody, type BiSettingsBody } from '../../../core/contracts/bi.ts';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import { readBiSettings, updateBiSettings } from './service.ts';

/** BI settings: read by every member of the tenant (its plates are drawn with them), changed with `bi:manage`. */
export async function biRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;

  app.get('/proptech_allplan/bi/setting', async (request) => readBiSettings(scopeOf(request)));

  app.post<{ Body: BiSettingsBody }>(
    '/proptech_allplan/bi/setting/update',
    { schema: { body: biSettingsBody }, config: { point: BI_POINTS.manage } },
    async (request) => updateBiSettings(clock, scopeOf(request), sessionOf(request), request.body),
  );
}
