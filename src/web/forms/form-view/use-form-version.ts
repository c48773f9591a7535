import { useEffect, useState } from 'react';
import type { FormVersionDetail } from '../../../core/contracts/form.ts';
import { Loadable } from '../../ui/loadable.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { loadFormValidator, type FormValidator } from '../validation-runtime.ts';
import { validatorUrl, type FormViewApi } from './form-view-api.ts';

export interface LoadedVersion {
  version: FormVersionDetail;
  validator: FormValidator;
}

/** A version with its browser validator, loaded together: a form is not shown before it can be checked. */
export async function loadVersion(api: FormViewApi, token: string, formId: number, versionNumber: number): Promise<LoadedVersion> {
  const version = await api.version(formId, versionNumber);
  const validator = await loadFormValidator(validatorUrl(formId, versionNumber, token), version.schema);
  return { version, validator };
}

/** Screen data read once per `key` (the route's id), with the loading and failed states LoadState shows. */
export function useLoadable<T>(key: string, fetch: () => Promise<T>): Loadable<T> {
  const [source, setSource] = useState(() => new Loadable(fetch));
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setSource(new Loadable(fetch));
  }
  useEffect(() => {
    void source.load();
  }, [source]);
  return source;
}

export function useToken(): string {
  return useStores().user.token;
}
