import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { ResultCode } from '../core/result-codes.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { AppError } from './errors.ts';
import { createMessageSender, type MessageSender, type MessageTap } from './messaging/sender.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { addressRoutes } from './modules/address/routes.ts';
import { attachmentRoutes } from './modules/attachment/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { biRoutes } from './modules/bi/routes.ts';
import { plateRoutes } from './modules/plate/routes.ts';
import { datasetRoutes } from './modules/dataset/routes.ts';
import { docRoutes } from './modules/doc/routes.ts';
import { drawingRoutes } from './modules/drawing/routes.ts';
import { followRoutes } from './modules/follow/routes.ts';
import { followFileRoutes } from './modules/follow/bcf/routes.ts';
import { followSettingsRoutes } from './modules/follow-settings/routes.ts';
import { scheduleRoutes } from './modules/schedule/routes.ts';
import { openJobQueue } from './jobs/open-queue.ts';
import { createBlobStore } from './modules/filestore/create-blob-store.ts';
import { filestoreRoutes } from './modules/filestore/routes.ts';
import { formRoutes } from './modules/form/routes.ts';
import { FormVersionCache } from './modules/form/versions.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { codeKey, VerificationCodes } from './modules/auth/verification-codes.ts';
import { InProcessNotifyBus } from './modules/notify/bus.ts';
import { notifyRoutes } from './modules/notify/routes.ts';
import { flowRoutes } from './modules/flow/routes.ts';
import { orgRoutes } from './modules/org/routes.ts';
import { pageRoutes } from './modules/page/routes.ts';
import { preferenceRoutes } from './modules/preference/routes.ts';
import { createRecordHooks } from './modules/record/hooks.ts';
import { recordRoutes } from './modules/record/routes.ts';
import { recordDraftRoutes } from './modules/record-draft/routes.ts';
import { resourceRoutes } from './modules/resource/routes.ts';
import { permissionGroupRoutes } from './modules/role/group-routes.ts';
import { roleRoutes } from './modules/role/routes.ts';
import { managedUserRoutes } from './modules/management/user-routes.ts';
import { managedWorkspaceRoutes } from './modules/management/workspace-routes.ts';
import { workspaceTemplateRoutes } from './modules/workspace-template/routes.ts';
import { workspaceRoutes } from './modules/workspace/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { MemberRightsCache } from './access/rights-cache.ts';
import { registerEnvelope } from './plugins/envelope.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX, registerMediaFolder } from './plugins/media.ts';
import { loggerOptions, requestId } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { registerValidation } from './plugins/validation.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { seedDatabase } from './seed/seed.ts';
import { seedDemoDrawings } from './seed/demo/drawings.ts';
import { seedDemoFollows } from './seed/demo/follows.ts';
import { seedDemoSchedules } from './seed/demo/schedules.ts';
import type { Services } from './services.ts';
import { QueryResultCache } from './modules/dataset/query-cache.ts';

export interface AppOptions {
  config: AppConfig;
  /** Defaults to the system clock; tests pass a ManualClock. */
  clock?: Clock;
  /** Defaults to the outbox (or SMTP when configured). */
  sender?: MessageSender;
  /** Tests: sees each message of the default sender in full, as the outbox keeps codes masked. */
  messageTap?: MessageTap;
  /** Defaults to the database named by the config. */
  database?: Database;
  /** Load the seed metadata (default true). */
  seed?: boolean;
}

/** The whole server, ready to listen: what `main.ts` starts and what tests start. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const database = options.database ?? openDatabase(config);
  await migrateToLatest(database.db as never, database.dialect);
  if (options.seed !== false) await seedDatabase(database.db, clock, database.dialect);

  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestId,
    bodyLimit: config.bodyLimitBytes,
    // Only the configured proxies may name the client: limits are kept per client address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const services: Services = {
    config,
    db: database.db,
    dialect: database.dialect,
    views: database.views,
    readsWithin: database.readsWithin,
    clock,
    tokens: new TokenService(database.db, clock, database.changes),
    codes: new VerificationCodes(database.db, clock, codeKey(config.dataDir)),
    sender: options.sender ?? createMessageSender({ db: database.db, clock, log: app.log, tap: options.messageTap, ...config }),
    notifyBus: new InProcessNotifyBus(),
    formVersions: new FormVersionCache(database.changes),
    queryCache: new QueryResultCache(),
    memberRights: new MemberRightsCache(),
    recordHooks: createRecordHooks(),
    blobs: await createBlobStore(config),
    jobs: await openJobQueue({ dataDir: config.dataDir, fileStoreUrl: config.fileStoreUrl }),
  };
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.jobs.close();
    services.blobs.close();
    await database.close();
  });
  // Drawings keep files in the store: seeded once it is open.
  if (options.seed !== false) await seedDemoDrawings(services);
  // Follow-ups sit on the demo's sheets and hold photos of the store: after the drawings.
  if (options.seed !== false) await seedDemoFollows(services);
  if (options.seed !== false) await seedDemoSchedules(services);
  // On the raw response, as helmet's headers are: replies taken over from Fastify (events, file downloads) carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  registerValidation(app);
  registerStorableInput(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ResultCode.TOO_MANY_REQUESTS, `Too many attempts; try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
  await app.register(
    async (api) => {
      registerAuth(api, { db: database.db, tokens: services.tokens, rights: services.memberRights });
      registerEnvelope(api);
      await api.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(workspaceRoutes);
      await api.register(resourceRoutes);
      await api.register(addressRoutes);
      await api.register(preferenceRoutes);
      await api.register(notifyRoutes);
      await api.register(roleRoutes);
      await api.register(permissionGroupRoutes);
      await api.register(managedUserRoutes);
      await api.register(managedWorkspaceRoutes);
      await api.register(workspaceTemplateRoutes);
      await api.register(datasetRoutes);
      await api.register(pageRoutes);
      await api.register(plateRoutes);
      await api.register(biRoutes);
      await api.register(docRoutes);
      await api.register(drawingRoutes);
      await api.register(followSettingsRoutes);
      await api.register(followRoutes);
      await api.register(scheduleRoutes);
      await api.register(followFileRoutes);
      await api.register(formRoutes);
      await api.register(recordRoutes);
      await api.register(recordDraftRoutes);
      await api.register(orgRoutes);
      await api.register(flowRoutes);
      await api.register(filestoreRoutes);
      await api.register(attachmentRoutes);
    },
    { prefix: '/api' },
  );
  registerMediaFolder(app, { prefix: DEMO_MEDIA_PREFIX, root: DEMO_MEDIA_DIR });
  await registerWebApp(app, config.webDir, { menuRefreshSeconds: config.menuRefreshSeconds });
  return app;
}
