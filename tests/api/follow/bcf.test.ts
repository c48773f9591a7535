import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowComment, FollowDetail, FollowListResult } from '../../../src/core/contracts/follows.ts';
import { FOLLOW_FILE_PATHS, type FollowBcfImport, type FollowBcfImportResult } from '../../../src/core/follows/bcf.ts';
import { buildApp } from '../../../src/server/app.ts';
import { readBcf } from '../../../src/server/modules/follow/bcf/bcf-read.ts';
import type { BcfFile } from '../../../src/server/modules/follow/bcf/bcf-topics.ts';
import { inviteAndSignIn, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { largeBcf, topicGuid } from '../../helpers/large-bcf.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followClient } from './follow-client.ts';

const FIXTURE = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/bcf/root-vebo.bcfzip'));
const TOWER = 'NW-TOWER';
const HQ = 'NW-HQ';
const sub = (full: string) => full.replace(/^\/proptech_allplan\/follow\//, '');

/**
 * BCF through the API, each import a job of the queue: the real BCF 2.0 model check imported as
 * follow-ups (its topic, comment and snapshot), imported again without doubling anything, exported as BCF 2.1 and 3.0 with
 * the same GUIDs, titles and comments, and the export imported into another workspace; a large
 * generated file with a broken topic. Import is follow:manage's; export needs only to see the workspace; other tenants and workspaces see 404.
 */
describe.each(testDialects())('BCF import and export on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof followClient>;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let outsider: string;
  let typeId: number;
  let fixture: BcfFile;

  const upload = async (token: string, bytes: Buffer, name = 'checks.bcfzip') => (await uploadedFile(t.url, token, name, bytes)).fileId;
  const startAs = (token: string | undefined, body: Record<string, unknown>) => api.call<FollowBcfImport>('POST', sub(FOLLOW_FILE_PATHS.bcfImport), token, body);
  const stateAs = (token: string | undefined, id: string) => api.call<FollowBcfImport>('GET', sub(FOLLOW_FILE_PATHS.bcfImportState), token, { id });
  /** Starts an import and waits for its end (asking where it is, as the dialog does after a dropped stream); every state seen. */
  const importEnded = async (token: string, body: Record<string, unknown>) => {
    const started = await startAs(token, body);
    expect(started.status, started.body.message).toBe(200);
    const seen: FollowBcfImport[] = [started.body.data];
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      const now = await api.ok<FollowBcfImport>('GET', sub(FOLLOW_FILE_PATHS.bcfImportState), token, { id: started.body.data.id });
      seen.push(now);
      if (now.status === 'done' || now.status === 'failed') return { ended: now, seen };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the BCF import did not end in two minutes');
  };
  const imported = async (token: string, body: Record<string, unknown>): Promise<FollowBcfImportResult> => {
    const { ended } = await importEnded(token, body);
    expect(ended.problem).toBeNull();
    expect(ended.status).toBe('done');
    return ended.result!;
  };
  const exportAs = async (token: string | undefined, body: Record<string, unknown>) => {
    const response = await api.raw('POST', sub(FOLLOW_FILE_PATHS.bcfExport), token, body);
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = followClient(t);
    admin = await t.signIn('admin', NORTHWIND);
    [alice, bob, carol] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
    const hq = await workspaceByCode(t, admin, HQ);
    outsider = (await inviteAndSignIn(t, admin, { username: 'bcfoutsider', workspaceIds: [hq.id] })).token;
    typeId = (await api.types(admin, TOWER))[0]!.id;
    fixture = await readBcf(FIXTURE);
  });
  afterAll(() => t.close());

  it('imports the real BCF 2.0 file: a follow-up per topic with its title, comment and snapshot, and again without doubling', async () => {
    const first = await imported(admin, { workspaceCode: TOWER, fileId: await upload(admin, FIXTURE), typeId });
    expect(first).toMatchObject({ version: '2.0', topics: 1, updated: [], comments: 1, photos: 1, failed: [] });
    expect(first.created).toHaveLength(1);
    const id = first.created[0]!;
    const detail = await api.ok<FollowDetail>('GET', 'get', admin, { id });
    expect(detail.title).toBe(fixture.topics[0]!.title);
    expect(detail).toMatchObject({ status: 'open', typeId, commentCount: 1, photoCount: 1 });
    expect(detail.photos[0]!.fileName).toMatch(/\.png$/);
    const comments = await api.ok<FollowComment[]>('GET', 'comment/list', admin, { followId: id });
    // The checker's author is no member: their BCF name stays in front of the (empty) text.
    expect(comments.map((c) => c.text)).toEqual(['SvS:']);

    const again = await imported(admin, { workspaceCode: TOWER, fileId: await upload(admin, FIXTURE), typeId });
    expect(again).toMatchObject({ created: [], updated: [id], comments: 0, photos: 0 });
    const after = await api.ok<FollowDetail>('GET', 'get', admin, { id });
    expect(after).toMatchObject({ commentCount: 1, photoCount: 1 });
  });

  it('exports BCF 2.1 and 3.0 that give back the topic GUID, title, comment, viewpoint and snapshot', async () => {
    const listed = await api.ok<FollowListResult>('POST', 'list', admin, { workspaceCode: TOWER, text: 'are intersecting' });
    expect(listed.total).toBe(1);
    const ids = [listed.rows[0]!.id];
    for (const version of ['2.1', '3.0'] as const) {
      const exported = await exportAs(admin, { workspaceCode: TOWER, ids, version });
      expect(exported.status).toBe(200);
      expect(exported.type).toBe('application/zip');
      const file = await readBcf(exported.bytes);
      expect(file.version).toBe(version);
      expect(file.topics).toHaveLength(1);
      const [topic] = file.topics;
      const [original] = fixture.topics;
      expect(topic!.guid).toBe(original!.guid);
      expect(topic!.title).toBe(original!.title);
      expect(topic!.type).toBe('Error');
      expect(topic!.comments.map((c) => [c.guid, c.author, c.text])).toEqual(original!.comments.map((c) => [c.guid, c.author, c.text]));
      expect(topic!.viewpoints).toHaveLength(1);
      expect(topic!.viewpoints[0]!.guid).toBe(original!.viewpoints[0]!.guid);
      expect(topic!.viewpoints[0]!.selected).toEqual(original!.viewpoints[0]!.selected);
      expect(topic!.viewpoints[0]!.camera).toMatchObject(original!.viewpoints[0]!.camera!);
      expect(topic!.viewpoints[0]!.snapshot!.bytes.equals(original!.viewpoints[0]!.snapshot!.bytes)).toBe(true);
    }
  });

  it('exports a follow-up made here as a topic, and the export imports into another workspace as a new follow-up', async () => {
    const made = await api.create(alice, { workspaceCode: TOWER, typeId, title: 'Sleeve missing in wall W3 — 墙W3缺少套管', description: 'Before the pour.', priority: 'high', dueDate: '2026-12-18' });
    await api.ok('POST', 'comment/add', alice, { followId: made.id, text: 'Seen on site.' });
    const exported = await exportAs(alice, { workspaceCode: TOWER, ids: [made.id] });
    const file = await readBcf(exported.bytes);
    expect(file.topics[0]).toMatchObject({ title: made.title, priority: 'High', status: 'Open', description: 'Before the pour.', dueDate: '2026-12-18T00:00:00Z' });
    expect(file.topics[0]!.comments.map((c) => c.text)).toEqual(['Seen on site.']);

    const hqType = (await api.types(admin, HQ))[0]!.id;
    const intoHq = await imported(admin, { workspaceCode: HQ, fileId: await upload(admin, exported.bytes, 'tower.bcfzip'), typeId: hqType });
    expect(intoHq).toMatchObject({ version: '2.1', topics: 1, updated: [], comments: 1 });
    const copy = await api.ok<FollowDetail>('GET', 'get', admin, { id: intoHq.created[0]! });
    expect(copy).toMatchObject({ workspaceCode: HQ, title: made.title, priority: 'high', dueDate: '2026-12-18', description: 'Before the pour.' });
    // Exported again, it is the same topic: a checker sees one issue, not two.
    const back = await readBcf((await exportAs(admin, { workspaceCode: HQ, ids: [copy.id] })).bytes);
    expect(back.topics[0]!.guid).toBe(file.topics[0]!.guid);
  });

  it('fails a file that is no BCF in its job, keeping nothing; refuses a file someone else uploaded at once', async () => {
    const before = (await api.ok<FollowListResult>('POST', 'list', admin, { workspaceCode: TOWER, size: 1 })).total;
    const notBcf = await importEnded(admin, { workspaceCode: TOWER, fileId: await upload(admin, Buffer.from('PK\u0003\u0004 not really'), 'broken.zip'), typeId });
    expect(notBcf.ended).toMatchObject({ status: 'failed', problem: 'notBcf', result: null, fileName: 'broken.zip' });
    // A readable zip whose one topic's markup is broken XML: all of it fails in the job, nothing is written.
    const allBroken = await importEnded(admin, { workspaceCode: TOWER, fileId: await upload(admin, await largeBcf(1, [0])), typeId });
    expect(allBroken.ended).toMatchObject({ status: 'failed', problem: 'notBcf' });
    expect((await api.ok<FollowListResult>('POST', 'list', admin, { workspaceCode: TOWER, size: 1 })).total).toBe(before);
    const aliceFile = await upload(alice, FIXTURE);
    const foreign = await startAs(admin, { workspaceCode: TOWER, fileId: aliceFile, typeId });
    expect(foreign.status).toBe(400);
    expect((foreign.body as { data?: { problem?: string } }).data?.problem).toBe('fileUnavailable');
  });

  it('imports a large file through the job: 150 topics with snapshots, progress told by topics, a topic it cannot read named with why', async () => {
    // The 150th topic's markup is cut short: that topic is left out and named, the others are kept.
    const lastGuid = topicGuid(149);
    const fileId = await upload(admin, await largeBcf(150, [149]), 'model-check.bcfzip');
    const { ended, seen } = await importEnded(admin, { workspaceCode: HQ, fileId, typeId: (await api.types(admin, HQ))[0]!.id });
    expect(ended.problem).toBeNull();
    expect(ended.result).toMatchObject({ version: '2.1', topics: 150, updated: [], comments: 149, photos: 149, failed: [{ guid: lastGuid, title: '', problem: 'badMarkup' }] });
    expect(ended.result!.created).toHaveLength(149);
    expect(ended).toMatchObject({ fileName: 'model-check.bcfzip', done: 149, total: 149 });
    // Progress is told in topics: every state seen counts within its total, and the counts only grow within a step.
    for (const state of seen) expect(state.done).toBeLessThanOrEqual(state.total || state.done);
    expect(seen.some((state) => state.status === 'reading' || state.status === 'writing')).toBe(true);
    const listed = await api.ok<FollowListResult>('POST', 'list', admin, { workspaceCode: HQ, text: 'duct through beam', size: 1 });
    expect(listed.total).toBe(149);
    const one = await api.ok<FollowDetail>('GET', 'get', admin, { id: ended.result!.created[10]! });
    expect(one).toMatchObject({ title: 'Clash 11 — duct through beam', commentCount: 1, photoCount: 1 });
  }, 240_000);

  it('keeps an import’s state in the database: another server on the same database answers it, to its starter alone; a week silent, it is let go', async () => {
    const first = await imported(admin, { workspaceCode: TOWER, fileId: await upload(admin, FIXTURE, 'kept.bcfzip'), typeId });
    const { ended } = await importEnded(admin, { workspaceCode: TOWER, fileId: await upload(admin, await largeBcf(3, [2]), 'kept-large.bcfzip'), typeId });
    expect(first.topics).toBe(1);
    // A second server (another process behind the balancer, or this one restarted) never saw these imports.
    const second = await buildApp({ config: t.app.services.config, clock: t.clock, seed: false });
    try {
      const stateThere = async (token: string, id: string) => {
        const response = await second.inject({ method: 'GET', url: `/api${FOLLOW_FILE_PATHS.bcfImportState}`, query: { id }, headers: { token } });
        return { status: response.statusCode, data: response.json<{ data: FollowBcfImport }>().data };
      };
      const there = await stateThere(admin, ended.id);
      expect(there.status).toBe(200);
      expect(there.data).toEqual(ended);
      // The topics left out, with why, come back as they were told.
      expect(there.data.result!.failed).toEqual([{ guid: topicGuid(2), title: '', problem: 'badMarkup' }]);
      expect((await stateThere(carol, ended.id)).status).toBe(404);
      expect((await stateThere(bob, ended.id)).status).toBe(404);
      expect((await stateThere(alice, ended.id)).status).toBe(404);
    } finally {
      await second.close();
    }
    // An import silent for more than a week goes when another ends; the one that just ended stays.
    await t.app.services.db
      .withTables<{ follow_bcf_import: { id: string; update_time: string } }>()
      .updateTable('follow_bcf_import')
      .set({ update_time: new Date(t.clock.now() - 8 * 24 * 3600 * 1000).toISOString() })
      .where('id', '=', ended.id)
      .execute();
    expect((await stateAs(admin, ended.id)).status).toBe(200);
    const next = await importEnded(admin, { workspaceCode: TOWER, fileId: await upload(admin, Buffer.from('PK\u0003\u0004 not really'), 'next.zip'), typeId });
    expect((await stateAs(admin, ended.id)).status).toBe(404);
    expect((await stateAs(admin, next.ended.id)).body.data).toMatchObject({ status: 'failed', problem: 'notBcf' });
  });

  it('guards the routes: anonymous 401; other tenant and other workspace 404; import needs follow:manage; export needs only to see', async () => {
    const fileId = await upload(admin, FIXTURE);
    const body = { workspaceCode: TOWER, fileId, typeId };
    expect((await startAs(undefined, body)).status).toBe(401);
    expect((await startAs(carol, body)).status).toBe(404);
    expect((await startAs(outsider, body)).status).toBe(404);
    // bob sees the workspace and holds no follow-up point; alice creates follow-ups but does not manage them.
    expect((await startAs(bob, { ...body, fileId: await upload(bob, FIXTURE) })).status).toBe(403);
    expect((await startAs(alice, { ...body, fileId: await upload(alice, FIXTURE) })).status).toBe(403);
    const started = await startAs(admin, body);
    expect(started.status).toBe(200);
    // An import's state is its starter's alone: anonymous 401, anyone else (of this tenant or another) 404.
    const { id } = started.body.data;
    expect((await stateAs(undefined, id)).status).toBe(401);
    expect((await stateAs(carol, id)).status).toBe(404);
    expect((await stateAs(alice, id)).status).toBe(404);
    expect((await stateAs(bob, id)).status).toBe(404);
    expect((await stateAs(admin, id)).status).toBe(200);
    expect((await stateAs(admin, 'follow-bcf-not-an-id')).status).toBe(400);

    expect((await exportAs(undefined, { workspaceCode: TOWER })).status).toBe(401);
    expect((await exportAs(carol, { workspaceCode: TOWER })).status).toBe(404);
    expect((await exportAs(outsider, { workspaceCode: TOWER })).status).toBe(404);
    expect((await exportAs(bob, { workspaceCode: TOWER })).status).toBe(200);
    expect((await exportAs(admin, { workspaceCode: TOWER })).status).toBe(200);
  });
});
