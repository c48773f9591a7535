import { useMemo } from 'react';
import { apiBaseUrl } from '../api/request.ts';
import type { RootStore } from '../stores/root-store.ts';
import { useStores } from '../stores/stores-context.tsx';
import { createFileClient, type FileClient } from './file-client.ts';

/** The file client of the signed-in shell: uploads show in the shell's upload panel. */
export function shellFileClient(stores: RootStore): FileClient {
  return createFileClient({
    upload: (path, file, options) => stores.uploadTracked(path, file, options),
    send: stores.sendFile,
    track: (file, onProgress, run) => stores.trackUpload(file, onProgress, run),
    http: stores.api.http,
    baseUrl: apiBaseUrl(),
    getToken: () => stores.user.token || null,
  });
}

export function useFileClient(): FileClient {
  const stores = useStores();
  return useMemo(() => shellFileClient(stores), [stores]);
}
