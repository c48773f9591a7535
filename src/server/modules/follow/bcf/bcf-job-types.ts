/**
 * What the follow-up module hands the job queue for one BCF import, and what it gets back. The
 * bytes stay in the file store both ways: the job reads the zip by its content hash and keeps
 * each viewpoint's snapshot there; the module then writes the rows that name them.
 */
import type { BcfTopic, BcfVersion, BcfViewpoint } from './bcf-topics.ts';

export interface BcfJobInput {
  /** SHA-256 of the uploaded zip in the file store. */
  sha256: string;
  fileName: string;
}

/** A snapshot kept in the file store by the job. */
export interface StoredBcfSnapshot {
  sha256: string;
  size: number;
  /** The file name the photo gets, e.g. `snapshot-1a2b3c4d.png`. */
  name: string;
  mimeType: 'image/png' | 'image/jpeg';
}

export interface StoredBcfViewpoint extends Omit<BcfViewpoint, 'snapshot'> {
  snapshot?: StoredBcfSnapshot;
}

export interface StoredBcfTopic extends Omit<BcfTopic, 'viewpoints'> {
  viewpoints: StoredBcfViewpoint[];
}

export interface BcfJobResult {
  version: BcfVersion;
  topics: StoredBcfTopic[];
  /** Folders of topics whose XML could not be read. */
  unreadable: string[];
}
