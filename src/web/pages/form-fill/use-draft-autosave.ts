import { useEffect, useRef, useState } from 'react';
import type { RecordData } from '../../../core/forms/form-design.ts';
import type { FormViewApi } from '../../forms/form-view/form-view-api.ts';

/** Quiet time after the last change before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type DraftStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

/**
 * Keeps a server draft (staging/save) of a new record in step with what the user types: the
 * first save makes the draft, later ones overwrite it. Nothing is saved before the user changes
 * something.
 */
export function useDraftAutosave(api: FormViewApi, formId: number | null, data: RecordData, dirty: boolean, initialDraftId?: number) {
  const [draftId, setDraftId] = useState<number | undefined>(initialDraftId);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const idRef = useRef(draftId);
  idRef.current = draftId;
  useEffect(() => {
    if (!dirty || formId === null) return;
    const timer = setTimeout(() => {
      setStatus({ state: 'saving' });
      api
        .saveDraft({ ...(idRef.current ? { id: idRef.current } : {}), formId, data })
        .then((saved) => {
          setDraftId(saved.id);
          setStatus({ state: 'saved', at: new Date() });
        })
        .catch(() => setStatus({ state: 'failed' }));
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, formId, data, dirty]);
  return { draftId, status };
}
