import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiSettings } from '../../../src/core/contracts/bi.ts';
import { API, inviteWithPoints } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('BI settings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  const read = (token: string) => t.call<BiSettings>('GET', `${API}/bi/setting`, { token });
  const update = (token: string, body: unknown) => t.call<BiSettings>('POST', `${API}/bi/setting/update`, { token, body });

  it('answers the defaults until saved, then what was saved, to this tenant only; a stale save is refused', async () => {
    expect((await read(admin)).body.data).toEqual({ theme: 'light', palette: [], defaultRefresh: 0, revision: 1, updateTime: null, updatedByName: null });

    const saved = await update(admin, { theme: 'dark', palette: ['#1D4ED8', '#f59e0b'], defaultRefresh: 300, revision: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ theme: 'dark', palette: ['#1d4ed8', '#f59e0b'], defaultRefresh: 300, revision: 2, updatedByName: expect.any(String) });
    expect((await read(admin)).body.data).toEqual(saved.body.data);

    // Harbor keeps its own (the defaults).
    expect((await read(harbor)).body.data).toMatchObject({ theme: 'light', palette: [], revision: 1 });

    // Saved from a screen opened before: 409, nothing changes.
    const stale = await update(admin, { theme: 'light', palette: [], defaultRefresh: 0, revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else saved/);
    expect((await read(admin)).body.data).toEqual(saved.body.data);

    const again = await update(admin, { theme: 'light', palette: [], defaultRefresh: 60, revision: 2 });
    expect(again.body.data).toMatchObject({ theme: 'light', palette: [], defaultRefresh: 60, revision: 3 });
  });

  it('refuses bad settings naming the field, and changes nothing', async () => {
    const before = (await read(harbor)).body.data;
    const cases: [unknown, RegExp][] = [
      [{ theme: 'neon', palette: [], defaultRefresh: 0, revision: 1 }, /theme/],
      [{ theme: 'dark', palette: ['red'], defaultRefresh: 0, revision: 1 }, /palette\[0\]/],
      [{ theme: 'dark', palette: [], defaultRefresh: 45, revision: 1 }, /defaultRefresh/],
      [{ theme: 'dark', palette: Array(21).fill('#fff'), defaultRefresh: 0, revision: 1 }, /palette/],
      [{ theme: 'dark', palette: [], defaultRefresh: 0 }, /revision/],
    ];
    for (const [body, field] of cases) {
      const answer = await update(harbor, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(field);
    }
    expect((await read(harbor)).body.data).toEqual(before);
  });

  it('lets every member read them; saving takes bi:manage', async () => {
    const { token: viewer } = await inviteWithPoints(t, admin, 'biviewer', []);
    expect((await read(viewer)).status).toBe(200);
    const current = (await read(admin)).body.data;
    const refused = await update(viewer, { theme: 'dark', palette: [], defaultRefresh: 0, revision: current.revision });
    expect(refused.status).toBe(403);
    expect((await read(admin)).body.data).toEqual(current);

    const { token: manager } = await inviteWithPoints(t, admin, 'bimanager', ['bi:manage']);
    const saved = await update(manager, { theme: 'dark', palette: ['#000000'], defaultRefresh: 0, revision: current.revision });
    expect(saved.status).toBe(200);
    expect(saved.body.data.updatedByName).toBe('Probe bimanager');
  });
});
