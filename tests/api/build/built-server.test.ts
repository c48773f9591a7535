import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetInfo, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { SERVER_NODE_FLAGS } from '../../../scripts/build.ts';
import { createSeededTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.ts';
import { apiClient, NORTHWIND, seedTemplate } from '../../helpers/test-app.ts';

/**
 * The server as `npm start` runs it: built into dist/server and started on plain Node. What
 * the build could lose is checked through it: files found beside the code (seed schemas),
 * the SQLite read process forked from beside the bundle, and the lazily loaded parts.
 */
describe('the built server', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createSeededTestDatabase('sqlite', seedTemplate);
    server = await startServerProcess(database.dataDir, { LOG_LEVEL: 'silent' }, 'build');
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database.drop();
  });

  it('is what npm start runs, with the same Node settings', () => {
    const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`tsx scripts/build.ts && node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });

  it('answers queries through its read process and serves the lazily built parts', async () => {
    const api = apiClient(server.url);
    const admin = await api.signIn('admin', NORTHWIND);
    const datasets = await api.call<DatasetInfo[]>('GET', '/proptech_allplan/dataset/list', { token: admin });
    const form = datasets.body.data.find((d) => d.code.startsWith('form_') && (d.rowCount ?? 0) > 0);
    expect(form, 'a demo form with records').toBeDefined();

    // On SQLite a dataset query runs in the read process, forked from dist/server.
    const rows = await api.call<QueryRowsResult>('POST', '/proptech_allplan/dataset/query', { token: admin, body: { dataset: form!.code, pageSize: 5 } });
    expect(rows.status, rows.body.message).toBe(200);
    expect(rows.body.data.total).toBe(form!.rowCount);

    // The validation module of a form version comes from a chunk loaded on first use.
    const formId = Number(form!.code.slice('form_'.length));
    const validator = await fetch(`${server.url}/api/proptech_allplan/form/validator?id=${formId}&version=1&token=${encodeURIComponent(admin)}`);
    expect(validator.status).toBe(200);
    expect(await validator.text()).toContain('export');
  });
});
