import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { Database, Dialect } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { MessageSender } from './messaging/sender.ts';
import type { MemberRightsCache } from './access/rights-cache.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { VerificationCodes } from './modules/auth/verification-codes.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { BlobStore } from './modules/filestore/blob-store.ts';
import type { QueryResultCache } from './modules/dataset/query-cache.ts';
import type { FormVersionCache } from './modules/form/versions.ts';
import type { NotifyBus } from './modules/notify/bus.ts';
import type { RecordHooks } from './modules/record/hooks.ts';

/** What modules share, decorated onto the app (no globals), so tests can hand in their own. */
export interface Services {
  config: AppConfig;
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where registered views run, see {@link Database.views}. */
  views: Database['views'];
  /** SQLite: reads that stop at a time limit, see {@link Database.readsWithin}. */
  readsWithin: Database['readsWithin'];
  clock: Clock;
  tokens: TokenService;
  /** Members' rights, kept while their tenant's rights revision stands. */
  memberRights: MemberRightsCache;
  codes: VerificationCodes;
  sender: MessageSender;
  notifyBus: NotifyBus;
  /** Published form versions, read once each (they never change). */
  formVersions: FormVersionCache;
  /** Answers of dataset queries (plates, pages) over unchanged data. */
  queryCache: QueryResultCache;
  /** Where the flow module joins the record lifecycle. */
  recordHooks: RecordHooks;
  /** File contents by SHA-256 (the file store's bytes; its index is the file_object table). */
  blobs: BlobStore;
  /** Long work (drawing processing): worker threads here, or BullMQ workers (jobs/queue.ts). */
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
