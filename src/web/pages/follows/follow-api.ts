import {
  FOLLOW_EVENT,
  FOLLOW_PATHS,
  type FollowBulkBody,
  type FollowBulkResult,
  type FollowComment,
  type FollowCreateBody,
  type FollowDetail,
  type FollowEvent,
  type FollowFilterBody,
  type FollowListBody,
  type FollowListResult,
  type FollowOverview,
  type FollowPerson,
  type FollowPhoto,
  type FollowStatusBody,
  type FollowType,
  type FollowUpdateBody,
  type HistoryEntry,
} from '../../../core/contracts/follows.ts';
import { FOLLOW_SETTINGS_PATHS, type DataSourceOption, type FollowTemplate } from '../../../core/contracts/follow-settings.ts';
import { FOLLOW_BCF_IMPORT_EVENT, FOLLOW_FILE_PATHS, type FollowBcfImport, type FollowBcfImportBody, type FollowBcfImportEvent } from '../../../core/follows/bcf.ts';
import { ownPreferences } from '../../api/own-preferences.ts';
import { coalescedReload } from '../../api/coalesced-reload.ts';
import { openPushedEvents } from '../../api/pushed-events.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

// The follow-up screens show failures in place or in their own messages.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the follow-up list, overview, detail and edit screens. */
export function followApi(http: Http) {
  return {
    list: (body: FollowListBody) => http.post<FollowListResult>(FOLLOW_PATHS.list, body, QUIET),
    get: (id: number) => http.get<FollowDetail>(FOLLOW_PATHS.get, { id }, QUIET),
    create: (body: FollowCreateBody) => http.post<FollowDetail>(FOLLOW_PATHS.create, body, QUIET),
    update: (body: FollowUpdateBody) => http.post<FollowDetail>(FOLLOW_PATHS.update, body, QUIET),
    move: (body: FollowStatusBody) => http.post<FollowDetail>(FOLLOW_PATHS.status, body, QUIET),
    bulk: (body: FollowBulkBody) => http.post<FollowBulkResult>(FOLLOW_PATHS.bulk, body, QUIET),
    watch: (id: number, watching: boolean) => http.post<FollowDetail>(FOLLOW_PATHS.watch, { id, watching }, QUIET),
    comments: (followId: number) => http.get<FollowComment[]>(FOLLOW_PATHS.commentList, { followId }, QUIET),
    comment: (followId: number, text: string, mentionIds: number[]) => http.post<FollowComment>(FOLLOW_PATHS.commentAdd, { followId, text, mentionIds }, QUIET),
    deleteComment: (id: number) => http.post<null>(FOLLOW_PATHS.commentDelete, { id }, QUIET),
    addPhotos: (followId: number, fileIds: string[]) => http.post<FollowPhoto[]>(FOLLOW_PATHS.photoAdd, { followId, fileIds }, QUIET),
    removePhotos: (followId: number, photoIds: number[]) => http.post<FollowPhoto[]>(FOLLOW_PATHS.photoRemove, { followId, photoIds }, QUIET),
    history: (id: number) => http.get<HistoryEntry[]>(FOLLOW_PATHS.history, { id }, QUIET),
    overview: (body: FollowFilterBody) => http.post<FollowOverview>(FOLLOW_PATHS.overview, body, QUIET),
    people: (workspaceCode: string) => http.get<FollowPerson[]>(FOLLOW_PATHS.people, { workspaceCode }, QUIET),
    types: (workspaceCode: string) => http.get<FollowType[]>(FOLLOW_PATHS.typeList, { workspaceCode }, QUIET),
    /** Queues a BCF import; its progress comes as pushes (openBcfImportEvents) and from bcfImportState. */
    bcfImport: (body: FollowBcfImportBody) => http.post<FollowBcfImport>(FOLLOW_FILE_PATHS.bcfImport, body, QUIET),
    bcfImportState: (id: string) => http.get<FollowBcfImport>(FOLLOW_FILE_PATHS.bcfImportState, { id }, QUIET),
    /** A data source's live options (trades, locations), in tree order. */
    options: (workspaceCode: string, source: string) => http.get<DataSourceOption[]>(FOLLOW_SETTINGS_PATHS.optionList, { workspaceCode, source }, QUIET),
    /** The data templates of the workspace's types: which form version a new follow-up of a type fills. */
    templates: (workspaceCode: string) => http.get<FollowTemplate[]>(FOLLOW_SETTINGS_PATHS.templateList, { workspaceCode }, QUIET),
    /** The caller's own settings of a follow-up screen. */
    ...ownPreferences(http),
  };
}

export type FollowApi = ReturnType<typeof followApi>;

/** Where an <img> reads a photo (or its thumbnail): the token goes in the query, as for sheets. */
export function photoUrl(baseUrl: string, token: string | null, id: number, part: 'original' | 'thumbnail'): string {
  const query = new URLSearchParams({ id: String(id), part });
  if (token) query.set('token', token);
  return `${baseUrl}${FOLLOW_PATHS.photoFile}?${query}`;
}

export interface FollowEventsOptions {
  /** Asks the server for a ticket that opens the event stream once. */
  ticket: () => Promise<string>;
  workspaceCode: string;
  /** The changes since the screen last read (oldest first); the next batch waits until it settles. */
  onChanges: (events: FollowEvent[]) => Promise<unknown>;
}

/**
 * Follows the changes to the workspace's follow-ups over the notification stream (`event:
 * follow`), so a list or a detail on screen refreshes when someone else changes one; changes
 * that come together are handed over together ({@link coalescedReload}). Returns what stops it.
 */
export function openFollowEvents(options: FollowEventsOptions): () => void {
  const reload = coalescedReload(options.onChanges);
  const stop = openPushedEvents<FollowEvent>({
    ticket: options.ticket,
    event: FOLLOW_EVENT,
    onData: (pushed) => {
      if (pushed.workspaceCode === options.workspaceCode) reload.request(pushed);
    },
  });
  return () => {
    stop();
    reload.stop();
  };
}

/**
 * Follows the caller's BCF import `id` over the notification stream (`event: followBcfImport`).
 * Returns what stops it.
 */
export function openBcfImportEvents(options: { ticket: () => Promise<string>; id: string; onChange: (state: FollowBcfImport) => void }): () => void {
  return openPushedEvents<FollowBcfImportEvent>({
    ticket: options.ticket,
    event: FOLLOW_BCF_IMPORT_EVENT,
    onData: ({ workspaceCode: _workspace, ...state }) => {
      if (state.id === options.id) options.onChange(state);
    },
  });
}

/**
 * A file the server writes (xlsx, PDF, BCF), fetched with the caller's token and saved, telling
 * how much has arrived (a fraction 0–1, or null while the size is not known).
 */
export async function downloadWithProgress(
  url: string,
  token: string | null,
  body: unknown,
  onProgress: (fraction: number | null) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new Error(answer?.message || `${response.status}`);
  }
  const size = Number(response.headers.get('content-length')) || 0;
  const reader = response.body?.getReader();
  if (!reader) return { blob: await response.blob(), headers: response.headers };
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress(size ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(size ? Math.min(1, received / size) : null);
  }
  return { blob: new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? undefined }), headers: response.headers };
}
