import { useMemo } from 'react';
import type { ImportResult } from '../../../core/contracts/record.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { formDataApi, type FormDataApi } from './form-data-api.ts';

/** The typed calls of the form data screens over the shell's request layer; imports show their progress in the upload panel. */
export function useFormDataApi(): FormDataApi {
  const stores = useStores();
  return useMemo(() => formDataApi(stores.api.http, (path, file, options) => stores.uploadTracked<ImportResult>(path, file, options)), [stores]);
}
