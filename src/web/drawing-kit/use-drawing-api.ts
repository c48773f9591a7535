import { useMemo } from 'react';
import { apiBaseUrl } from '../api/request.ts';
import { useStores } from '../stores/stores-context.tsx';
import type { RevisionFilePart } from '../../core/contracts/drawings.ts';
import { drawingApi, revisionFileUrl, type DrawingApi } from './drawing-api.ts';

export interface DrawingEnv {
  api: DrawingApi;
  /** Where an <img> or the viewer reads a revision's file. */
  fileUrl: (revisionId: number, part: RevisionFilePart) => string;
}

/** The drawing calls over the shell's request layer, and the address of a revision's files. */
export function useDrawingApi(): DrawingEnv {
  const stores = useStores();
  return useMemo(
    () => ({
      api: drawingApi(stores.api.http),
      fileUrl: (revisionId: number, part: RevisionFilePart) => revisionFileUrl(apiBaseUrl(), stores.user.token || null, revisionId, part),
    }),
    [stores],
  );
}
