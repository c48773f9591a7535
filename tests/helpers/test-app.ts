import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../src/core/envelope.ts';
import type { LoginResult } from '../../src/core/entities.ts';
import { buildApp } from '../../src/server/app.ts';
import { ManualClock } from '../../src/server/clock.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import type { SentMessage } from '../../src/server/messaging/sender.ts';
import { createSeededTestDatabase, type TestDatabase, type TestDialect } from './databases.ts';

export const DEMO_PASSWORD = 'Plinth#2026';

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Raw body text, sent as JSON content. */
  rawBody?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  clock: ManualClock;
  dialect: TestDialect;
  /** Every message the app sent, codes and all (the outbox keeps codes masked). */
  messages: SentMessage[];
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Password login then login/byToken into the tenant of the given name: a tenant token. */
  signIn(account: string, tenantName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

const TEST_START = Date.parse('2026-11-22T08:00:00.000Z');

/** What the first start of the app writes, at the tests' starting time. */
export async function seedTemplate(database: TestDatabase): Promise<void> {
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }), webDir: '/nonexistent' };
  const app = await buildApp({ config, clock: new ManualClock(TEST_START) });
  await app.close();
}

/**
 * The real server on a free loopback port, over a fresh database of the dialect. The database
 * is a copy of what the seed wrote (`seedTemplate`), so the app starts without seeding again.
 */
export async function startTestApp(
  dialect: TestDialect,
  overrides: Partial<AppConfig> & { prepare?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await createSeededTestDatabase(dialect, seedTemplate);
  const clock = new ManualClock(TEST_START);
  const { prepare, ...configOverrides } = overrides;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }),
    webDir: '/nonexistent',
    rateLimit: { loginMax: 1000, codeMax: 1000, windowMs: 60_000, accountFailureMax: 1000, accountWindowMs: 15 * 60_000 },
    ...configOverrides,
  };
  const messages: SentMessage[] = [];
  const app = await buildApp({ config, clock, seed: false, messageTap: (message) => messages.push(message) });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const { call, signIn } = apiClient(url);

  return {
    app,
    url,
    clock,
    dialect,
    messages,
    call,
    signIn,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Calls and sign-ins against a server at `url` (the test app, or a server process of a test's own). */
export function apiClient(url: string) {
  const call = async <T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> => {
    const target = new URL(`/api${path}`, url);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.token = options.token;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(target, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Envelope<T>, headers: response.headers };
  };

  const signIn = async (account: string, tenantName?: string, password = DEMO_PASSWORD) => {
    const login = await call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account, password } });
    if (!login.body.success) throw new Error(`login of ${account} failed: ${login.body.message}`);
    const tenants = await call<{ tenantId: number; tenantName: string }[]>('GET', '/proptech_allplan/login/list/tenant', {
      token: login.body.data.token,
    });
    const tenant = tenantName ? tenants.body.data.find((t) => t.tenantName === tenantName) : tenants.body.data[0];
    if (!tenant) throw new Error(`${account} is not in tenant ${tenantName}`);
    const byToken = await call<LoginResult>('POST', '/proptech_allplan/login/login/byToken', {
      token: login.body.data.token,
      body: { tenantId: tenant.tenantId, loginType: 'WEB' },
    });
    return byToken.body.data.token;
  };

  return { call, signIn };
}

export const NORTHWIND = 'Northwind Properties';
export const HARBOR = 'Harbor Construction';
