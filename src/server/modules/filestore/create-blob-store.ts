import path from 'node:path';
import { privateFolder } from '../../private-files.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';
import { parseS3Url } from './s3-location.ts';
import { UploadArea } from './upload-area.ts';

/**
 * The store the configuration names: the folder `DATA_DIR/files`, or the S3-compatible bucket
 * of FILE_STORE_URL, whose uploads still arrive in `DATA_DIR/files` (tmp/, partial/).
 */
export async function createBlobStore(config: { dataDir: string; fileStoreUrl: string }): Promise<BlobStore> {
  // Closed here whatever the database: with PostgreSQL nothing else opens this folder.
  privateFolder(config.dataDir);
  const root = path.join(config.dataDir, 'files');
  if (!config.fileStoreUrl) return new LocalBlobStore(root);
  return S3BlobStore.connect(parseS3Url(config.fileStoreUrl), UploadArea.open(root));
}
