/**
 * The `follow.bcfImport` job: reads an uploaded BCF zip from the file store, keeps each
 * viewpoint's snapshot in the store topic by topic (telling `topics read/total`), and hands back
 * the topics without their bytes. It writes no rows: the follow-up module does, once it has the
 * whole file, so a file that fails here leaves nothing behind.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { BCF_IMPORT_MAX_TOPICS, type BcfProblemCode } from '../../../../core/follows/bcf.ts';
import { JobFailure, type JobContext } from '../../../jobs/job-kind.ts';
import type { BlobStore } from '../../filestore/blob-store.ts';
import type { BcfJobInput, BcfJobResult, StoredBcfSnapshot, StoredBcfTopic } from './bcf-job-types.ts';
import { readBcf } from './bcf-read.ts';
import { BcfFileError, type BcfSnapshot, type BcfViewpoint } from './bcf-topics.ts';

const PROBLEM_OF: Record<BcfFileError['reason'], BcfProblemCode> = {
  notZip: 'notBcf',
  noVersion: 'notBcf',
  badXml: 'notBcf',
  noTopics: 'notBcf',
  unknownVersion: 'unknownVersion',
  unsafeName: 'unsafeZip',
  tooLarge: 'unsafeZip',
  tooManyEntries: 'unsafeZip',
};

async function keepSnapshot(blobs: BlobStore, viewpoint: BcfViewpoint, snapshot: BcfSnapshot): Promise<StoredBcfSnapshot> {
  const staged = await blobs.stage(Readable.from([snapshot.bytes]));
  await staged.commit();
  // No row names the bytes until the module writes the photo; the store keeps blobs without rows.
  staged.settle();
  const ext = snapshot.mimeType === 'image/jpeg' ? 'jpg' : 'png';
  return { sha256: staged.sha256, size: staged.size, mimeType: snapshot.mimeType, name: `${snapshot.name.replace(/\.[^.]*$/, '') || 'snapshot'}-${viewpoint.guid.slice(0, 8)}.${ext}` };
}

export async function run(input: BcfJobInput, context: JobContext): Promise<BcfJobResult> {
  const blobs = await context.blobs();
  const bytes = await buffer(await blobs.open(input.sha256));
  let file;
  try {
    file = await readBcf(bytes);
  } catch (error) {
    if (error instanceof BcfFileError) throw new JobFailure(PROBLEM_OF[error.reason], { fileName: input.fileName, detail: error.message });
    throw error;
  }
  const total = file.topics.length + file.unreadable.length;
  if (total > BCF_IMPORT_MAX_TOPICS) throw new JobFailure('tooManyTopics', { fileName: input.fileName, topics: total, max: BCF_IMPORT_MAX_TOPICS });
  const topics: StoredBcfTopic[] = [];
  for (const topic of file.topics) {
    const viewpoints = [];
    for (const { snapshot, ...viewpoint } of topic.viewpoints) {
      viewpoints.push(snapshot ? { ...viewpoint, snapshot: await keepSnapshot(blobs, { ...viewpoint }, snapshot) } : viewpoint);
    }
    topics.push({ ...topic, viewpoints });
    context.progress(topics.length / total, `${topics.length}/${total}`);
  }
  return { version: file.version, topics, unreadable: file.unreadable };
}
