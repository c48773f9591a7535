import { createCanvas } from '@napi-rs/canvas';
import type { BcfTopic } from '../../src/server/modules/follow/bcf/bcf-topics.ts';
import { writeBcf } from '../../src/server/modules/follow/bcf/bcf-write.ts';
import { readZipEntries, writeZip } from '../../src/server/modules/follow/bcf/bcf-zip.ts';

/** The GUID of topic `i` of largeBcf. */
export const topicGuid = (i: number) => `7b1c9e40-5a3d-4c2b-8e6f-${i.toString(16).padStart(12, '0')}`;

/**
 * A BCF 2.1 model check of `count` topics (`Clash <n> — duct through beam`), each with a comment
 * and a viewpoint with its own small PNG snapshot; the markup of the topics at `broken` (their
 * indexes) cut short, as a checker that crashed mid-write leaves it.
 */
export async function largeBcf(count: number, broken: readonly number[] = []): Promise<Buffer> {
  const topics: BcfTopic[] = [];
  for (let i = 0; i < count; i++) {
    const canvas = createCanvas(32, 24);
    const context = canvas.getContext('2d');
    context.fillStyle = `rgb(${i % 256}, ${Math.floor(i / 256)}, 90)`;
    context.fillRect(0, 0, 32, 24);
    const hex = i.toString(16).padStart(12, '0');
    topics.push({
      guid: topicGuid(i),
      title: `Clash ${i + 1} — duct through beam`,
      status: 'Active',
      labels: ['Mechanical'],
      creationDate: '2026-11-02T09:00:00Z',
      creationAuthor: 'checker@example.com',
      index: i,
      comments: [{ guid: `8c2d0f51-6b4e-4d3c-9f70-${hex}`, date: '2026-11-02T09:01:00Z', author: 'checker@example.com', text: `Seen in run ${i + 1}` }],
      viewpoints: [{ guid: `9d3e1062-7c5f-4e4d-a081-${hex}`, selected: [], snapshot: { name: 'snapshot.png', mimeType: 'image/png', bytes: canvas.toBuffer('image/png') } }],
    });
  }
  const zip = await writeBcf({ topics }, '2.1', new Date('2026-11-27T10:00:00Z'));
  if (!broken.length) return zip;
  const cut = new Set(broken.map((i) => `${topicGuid(i)}/markup.bcf`));
  const entries = await readZipEntries(zip);
  return writeZip(
    [...entries].map(([name, bytes]) => ({ name, bytes: cut.has(name) ? Buffer.from('<Markup><Topic Guid="') : bytes })),
    new Date('2026-11-27T10:00:00Z'),
  );
}
