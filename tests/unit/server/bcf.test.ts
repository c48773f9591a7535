import { readFileSync } from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { readBcf } from '../../../src/server/modules/follow/bcf/bcf-read.ts';
import { writeBcf } from '../../../src/server/modules/follow/bcf/bcf-write.ts';
import { BCF_ZIP_LIMITS, isSafeEntryName, readZipEntries, writeZip } from '../../../src/server/modules/follow/bcf/bcf-zip.ts';
import { dueDay, followTitle, priorityFromBcf, stableGuid, statusFromBcf } from '../../../src/server/modules/follow/bcf/bcf-mapping.ts';
import { BcfFileError, firstSelectedElement, type BcfFile, type BcfTopic } from '../../../src/server/modules/follow/bcf/bcf-topics.ts';
import { createCanvas } from '@napi-rs/canvas';

const FIXTURE = path.resolve(import.meta.dirname, '../../../../shared/fixtures/bcf/root-vebo.bcfzip');

/** What a topic says, snapshots compared by their bytes (their names are the writer's choice). */
function comparable(topics: readonly BcfTopic[]) {
  return topics.map((topic) => ({
    ...topic,
    viewpoints: topic.viewpoints.map((v) => ({ ...v, snapshot: v.snapshot && { mimeType: v.snapshot.mimeType, bytes: v.snapshot.bytes.toString('base64') } })),
  }));
}

async function rejection(promise: Promise<unknown>): Promise<BcfFileError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BcfFileError);
  return error as BcfFileError;
}

describe('BCF files', () => {
  it('reads the real BCF 2.0 model check: its topic, title, comment, viewpoint and snapshot', async () => {
    const file = await readBcf(readFileSync(FIXTURE));
    expect(file.version).toBe('2.0');
    expect(file.topics).toHaveLength(1);
    const [topic] = file.topics as [BcfTopic];
    expect(topic.guid).toBe('f80b81c9-c91e-486b-9ebf-90cd07d4c37d');
    expect(topic.title).toMatch(/^\(B\) Covering\.2\.10 .* are intersecting$/);
    expect(topic).toMatchObject({ type: 'Error', status: 'Open', creationAuthor: 'SvS', creationDate: '2016-04-21T15:22:47+02:00' });
    expect(topic.comments).toEqual([
      { guid: '611a6e38-433b-475c-ae52-a911730222ae', date: '2016-04-21T15:22:47+02:00', author: 'SvS', text: '', modifiedDate: '2016-04-21T15:22:47+02:00' },
    ]);
    expect(topic.viewpoints).toHaveLength(1);
    const [viewpoint] = topic.viewpoints;
    expect(viewpoint!.selected).toEqual(['2idEjti6zFIgYm2tBrhV$n', '3yp24Y_VTA$gEU$IkhzuVa']);
    expect(viewpoint!.camera).toMatchObject({ kind: 'perspective', fieldOfView: 60, viewPoint: { x: 22.999807117867526 } });
    expect(viewpoint!.snapshot!.mimeType).toBe('image/png');
    expect(viewpoint!.snapshot!.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(viewpoint!.snapshot!.bytes.length).toBe(8414);
    expect(firstSelectedElement(topic)).toBe('2idEjti6zFIgYm2tBrhV$n');
  });

  it('writes the fixture as BCF 2.1 and reads back the same topics', async () => {
    const file = await readBcf(readFileSync(FIXTURE));
    const zip = await writeBcf(file, '2.1');
    const entries = await readZipEntries(zip);
    expect(entries.get('bcf.version')!.toString()).toContain('VersionId="2.1"');
    const again = await readBcf(zip);
    expect(again.version).toBe('2.1');
    expect(comparable(again.topics)).toEqual(comparable(file.topics));
  });

  it('writes BCF 3.0 with comments and viewpoints under the topic, extensions.xml and documents.xml, and reads it back', async () => {
    const canvas = createCanvas(8, 6);
    canvas.getContext('2d').fillRect(0, 0, 4, 3);
    const snapshot = canvas.toBuffer('image/png');
    const file: BcfFile = {
      version: '3.0',
      unreadable: [],
      project: { id: 'c3f1d7a4-0b8e-4f51-9a2e-3d7c1b5e9f00', name: 'Tower A' },
      topics: [
        {
          guid: '0f7d3c52-6a1b-4e8f-9c2d-5b4a3e2f1d0c',
          type: 'Clash',
          status: 'Active',
          title: 'Duct through beam B12 — 管道穿梁 — مجرى عبر العارضة',
          priority: 'High',
          index: 2,
          labels: ['Mechanical', 'Structural'],
          creationDate: '2026-03-02T09:15:00Z',
          creationAuthor: 'ana@example.com',
          modifiedDate: '2026-03-03T10:00:00Z',
          modifiedAuthor: 'li@example.com',
          dueDate: '2026-03-20T00:00:00Z',
          assignedTo: 'li@example.com',
          stage: 'Design',
          description: 'Reroute the duct <300 mm> & keep "clearance".',
          comments: [
            { guid: '1a2b3c4d-0000-4000-8000-000000000001', date: '2026-03-02T09:20:00Z', author: 'ana@example.com', text: 'See the viewpoint.', viewpointGuid: '9e8d7c6b-0000-4000-8000-000000000002' },
            { guid: '1a2b3c4d-0000-4000-8000-000000000003', date: '2026-03-03T10:00:00Z', author: 'li@example.com', text: 'On it.' },
          ],
          viewpoints: [
            {
              guid: '9e8d7c6b-0000-4000-8000-000000000002',
              index: 0,
              selected: ['1hOSvn6df7F8_7GcBWlR72'],
              camera: { kind: 'orthogonal', viewPoint: { x: 1, y: 2, z: 3 }, direction: { x: 0, y: 0, z: -1 }, up: { x: 0, y: 1, z: 0 }, viewToWorldScale: 12.5, aspectRatio: 1.6 },
              snapshot: { name: 'snapshot.png', mimeType: 'image/png', bytes: snapshot },
            },
          ],
        },
        {
          guid: '0f7d3c52-6a1b-4e8f-9c2d-5b4a3e2f1d0d',
          title: 'Second topic without extras',
          index: 1,
          labels: [],
          creationDate: '2026-03-04T08:00:00Z',
          creationAuthor: 'ana@example.com',
          comments: [],
          viewpoints: [],
        },
      ],
    };
    const zip = await writeBcf(file, '3.0');
    const entries = await readZipEntries(zip);
    expect(entries.get('bcf.version')!.toString()).toContain('VersionId="3.0"');
    expect(entries.get('extensions.xml')!.toString()).toContain('<TopicType>Clash</TopicType>');
    expect(entries.has('documents.xml')).toBe(true);
    const markup = entries.get(`${file.topics[0]!.guid}/markup.bcf`)!.toString();
    expect(markup).toMatch(/<Topic [^>]*>[\s\S]*<Labels>\s*<Label>Mechanical<\/Label>[\s\S]*<Comments>[\s\S]*<Viewpoints>\s*<ViewPoint Guid=[\s\S]*<\/Topic>/);
    expect(markup).toContain('&lt;300 mm&gt; &amp; keep');

    const again = await readBcf(zip);
    expect(again.version).toBe('3.0');
    expect(again.project).toEqual(file.project);
    // Read in the order of their Index.
    expect(comparable(again.topics)).toEqual(comparable([file.topics[1]!, file.topics[0]!]));
  });

  it('refuses a zip that is no BCF: no bcf.version, an unknown version, no topics, a DTD', async () => {
    const zipOf = (files: Record<string, string>) => writeZip(Object.entries(files).map(([name, text]) => ({ name, bytes: Buffer.from(text) })), new Date());
    expect((await rejection(readBcf(Buffer.from('not a zip')))).reason).toBe('notZip');
    expect((await rejection(readBcf(await zipOf({ 'a/markup.bcf': '<Markup/>' })))).reason).toBe('noVersion');
    expect((await rejection(readBcf(await zipOf({ 'bcf.version': '<Version VersionId="1.0"/>' })))).reason).toBe('unknownVersion');
    expect((await rejection(readBcf(await zipOf({ 'bcf.version': '<Version VersionId="2.1"/>' })))).reason).toBe('noTopics');
    const laughs = '<?xml version="1.0"?><!DOCTYPE v [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><Version VersionId="&b;"/>';
    expect((await rejection(readBcf(await zipOf({ 'bcf.version': laughs })))).reason).toBe('badXml');
  });

  it('refuses entry names that lead out of the folder, and zip bombs, before inflating them', async () => {
    expect(['a/markup.bcf', 'bcf.version'].every(isSafeEntryName)).toBe(true);
    expect(['../evil', 'a/../../evil', '/etc/passwd', 'C:/x', 'a\\b'].some(isSafeEntryName)).toBe(false);

    // yazl will not write `..`: a same-length name is written and patched in the bytes.
    const zip = await writeZip([{ name: 'bcf.version', bytes: Buffer.from('<Version VersionId="2.1"/>') }, { name: 'xx/evil.txt', bytes: Buffer.from('x') }], new Date());
    const patched = Buffer.from(zip.toString('latin1').replaceAll('xx/evil.txt', '../evil.txt'), 'latin1');
    expect((await rejection(readBcf(patched))).reason).toBe('unsafeName');

    const bomb = await writeZip([{ name: 'bcf.version', bytes: Buffer.alloc(20 * 1024 * 1024, 32) }], new Date());
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect((await rejection(readBcf(bomb))).reason).toBe('tooLarge');
    expect((await rejection(readBcf(bomb, { ...BCF_ZIP_LIMITS, maxRatio: 1e9, maxTotalBytes: 1024 * 1024 }))).reason).toBe('tooLarge');

    const many = new yazl.ZipFile();
    for (let i = 0; i < 30; i++) many.addBuffer(Buffer.from('x'), `t${i}/markup.bcf`);
    many.end();
    const chunks: Buffer[] = [];
    for await (const chunk of many.outputStream) chunks.push(chunk as Buffer);
    expect((await rejection(readBcf(Buffer.concat(chunks), { ...BCF_ZIP_LIMITS, maxEntries: 20 }))).reason).toBe('tooManyEntries');
  });

  it('reads the words checkers write for status and priority, and makes titles, days and GUIDs a follow-up takes', () => {
    expect(['Open', 'New', 'Active', undefined].map(statusFromBcf)).toEqual(['open', 'open', 'open', 'open']);
    expect(['In Progress', 'in_progress', 'Resolved', 'ReadyForReview', 'Closed', 'Done'].map(statusFromBcf)).toEqual([
      'inProgress',
      'inProgress',
      'readyForReview',
      'readyForReview',
      'closed',
      'closed',
    ]);
    expect(['Critical', 'High', 'Major', 'Normal', 'Low', 'minor', undefined].map(priorityFromBcf)).toEqual(['critical', 'high', 'high', 'normal', 'low', 'low', 'normal']);
    expect(followTitle('  Wall <W3>\n clash ', 'abcdef12-0000')).toBe('Wall W3 clash');
    expect(followTitle('   ', 'abcdef12-0000')).toBe('BCF abcdef12');
    expect(followTitle('x'.repeat(300), 'g')).toHaveLength(200);
    expect([dueDay('2026-03-20T00:00:00+01:00'), dueDay('2026-13-45'), dueDay(undefined)]).toEqual(['2026-03-20', null, null]);
    const guid = stableGuid('follow', 1, 42);
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableGuid('follow', 1, 42)).toBe(guid);
    expect(stableGuid('follow', 1, 43)).not.toBe(guid);
  });
});
