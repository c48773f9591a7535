import fs from 'node:fs';
import path from 'node:path';
import { parseApiHostRules, type ApiHostRule } from '../core/api-hosts.ts';
import { DEFAULT_MENU_REFRESH_SECONDS, secondsSetting } from '../core/client-settings.ts';
import { FILE_MAX_BYTES_DEFAULT, FILE_QUOTA_BYTES_DEFAULT } from '../core/contracts/files.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { trustedProxies } from './trusted-proxies.ts';

/** Everything the server reads from the environment, with the defaults the README lists. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for PostgreSQL; empty for SQLite at `${dataDir}/plinth.db`. */
  databaseUrl: string;
  /** PostgreSQL: a login with no rights on any table that registered views run as; empty: the server makes one (needs CREATEROLE). */
  viewReaderUrl: string;
  smtpUrl: string;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /**
   * NODE_ENV other than `production`: messages kept in the outbox (no SMTP_URL; SMS always) are
   * logged with their codes, so a local operator can pass one on. The outbox itself never keeps a code.
   */
  logCodes: boolean;
  /** Directory of the built SPA; not served when it does not exist. */
  webDir: string;
  bodyLimitBytes: number;
  /** Largest file-store upload. */
  fileMaxBytes: number;
  /** Most bytes one tenant's files may take together. */
  fileQuotaBytes: number;
  /** An S3-compatible object store for files; empty: the folder `${dataDir}/files`. */
  fileStoreUrl: string;
  /** How long an upload nothing holds is kept before the clean-up removes it (someone may still be saving it into a record). */
  fileGraceMs: number;
  /** Time between the file store's clean-ups; 0: none. */
  fileCleanupIntervalMs: number;
  logLevel: string;
  /** Longest a plate or page query may run (PostgreSQL stops it; see the README for SQLite). */
  queryTimeoutMs: number;
  /** Seconds between the web app's menu checks while a window is visible; 0 turns them off. */
  menuRefreshSeconds: number;
  /** Spec §9: the API host of each kind of page hostname and build (API_HOSTS_FILE, default config/api-hosts.json). */
  apiHosts: ApiHostRule[];
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client, as a comma-separated
   * list of addresses and CIDR ranges (e.g. `127.0.0.1,10.0.0.0/8`). Empty (the default): no
   * forwarded header is believed, and limits per client address count the connecting address.
   * A hop count is refused: it would believe any client that reaches the server directly.
   */
  trustProxy: string[];
  rateLimit: {
    /** Login attempts per client address per window. */
    loginMax: number;
    /** Code-sending requests per client address per window. */
    codeMax: number;
    windowMs: number;
    /**
     * RATE_LIMIT_ACCOUNT_FAILURES: failed sign-ins of one account (from any address) within
     * accountWindowMs after which it is refused until the oldest ages out; the same for wrong
     * current passwords in a password change.
     */
    accountFailureMax: number;
    accountWindowMs: number;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    viewReaderUrl: env.VIEW_READER_URL || '',
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'Plinth <no-reply@plinth.local>',
    logCodes: env.NODE_ENV !== 'production',
    webDir: path.resolve(env.WEB_DIR || './dist/web'),
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES || 1024 * 1024),
    fileMaxBytes: Number(env.FILE_MAX_BYTES || FILE_MAX_BYTES_DEFAULT),
    fileQuotaBytes: Number(env.FILE_QUOTA_BYTES || FILE_QUOTA_BYTES_DEFAULT),
    fileStoreUrl: env.FILE_STORE_URL || '',
    fileGraceMs: Number(env.FILE_GRACE_HOURS || 24) * 3_600_000,
    fileCleanupIntervalMs: Number(env.FILE_CLEANUP_MINUTES || 60) * 60_000,
    logLevel: env.LOG_LEVEL || 'info',
    queryTimeoutMs: Number(env.QUERY_TIMEOUT_MS || 15_000),
    menuRefreshSeconds: secondsSetting(env.MENU_REFRESH_SECONDS, DEFAULT_MENU_REFRESH_SECONDS),
    apiHosts: readApiHosts(env.API_HOSTS_FILE || path.join(PROJECT_ROOT, 'config', 'api-hosts.json')),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    rateLimit: {
      loginMax: Number(env.RATE_LIMIT_LOGIN || 10),
      codeMax: Number(env.RATE_LIMIT_CODE || 5),
      windowMs: 60_000,
      accountFailureMax: Number(env.RATE_LIMIT_ACCOUNT_FAILURES || 5),
      accountWindowMs: 15 * 60_000,
    },
  };
}

/** The API hosts table; a file that is not there is an empty table, a wrong one stops the start naming the row. */
function readApiHosts(file: string): ApiHostRule[] {
  if (!fs.existsSync(file)) return [];
  try {
    return parseApiHostRules(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}
