import { useMemo } from 'react';
import { apiBaseUrl } from '../../api/request.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { followApi, photoUrl, type FollowApi } from './follow-api.ts';

export interface FollowEnv {
  api: FollowApi;
  /** Where an <img> reads a photo or its thumbnail. */
  photoUrl: (photoId: number, part: 'original' | 'thumbnail') => string;
  /** Page origin plus `/api`, and the caller's token: for the files the server writes. */
  baseUrl: string;
  token: () => string | null;
  /** A ticket that opens the notification stream once. */
  ticket: () => Promise<string>;
}

/** The follow-up calls over the shell's request layer. */
export function useFollowApi(): FollowEnv {
  const stores = useStores();
  return useMemo(
    () => ({
      api: followApi(stores.api.http),
      photoUrl: (photoId: number, part: 'original' | 'thumbnail') => photoUrl(apiBaseUrl(), stores.user.token || null, photoId, part),
      baseUrl: apiBaseUrl(),
      token: () => stores.user.token || null,
      ticket: async () => (await stores.api.notifyStreamTicket()).ticket,
    }),
    [stores],
  );
}

/**
 * Photos taken on the list ("New from photo") handed to the new follow-up's form, which uploads
 * them with progress: a File cannot travel in the address.
 */
let handed: File[] = [];
export function handOverPhotos(files: File[]): void {
  handed = files;
}
export function takeHandedPhotos(): File[] {
  const files = handed;
  handed = [];
  return files;
}
