import { AVATAR_MAX_BYTES, isAllowedUpload } from '../../core/upload-types.ts';
import type { Caller } from './caller.ts';

/** The record field a file path lies in: `items[2].receipt` -> `items`. */
const topField = (path: string) => path.replace(/\[\d+\]/g, '').split('.')[0]!;

/**
 * Who may read a file of the store (download, preview, thumbnail, zip) is decided by what holds
 * it; the file store loads the holders and asks these (filestore/file-access.ts). Page, plate
 * and form designs hold no files of the store (a plate's pictures live in its design).
 */
export const file = {
  /** One holder the caller may read is enough; a file nothing holds (just uploaded, or its holders gone) is its uploader's alone. */
  async read<H>(caller: Caller, stored: { created_by: number | null }, holders: readonly H[], readsHolder: (holder: H) => Promise<boolean>): Promise<boolean> {
    if (!holders.length) return stored.created_by === caller.session.userId;
    for (const holder of holders) if (await readsHolder(holder)) return true;
    return false;
  },

  /** An avatar is shown to every member of the tenant. */
  readAvatar: (): boolean => true,

  /**
   * A file may become its uploader's avatar only: as an avatar opens it to the whole tenant,
   * naming another's file must not. It is an image no larger than an avatar may be.
   */
  useAsAvatar: (caller: Caller, stored: { created_by: number | null; name: string; size: number | string }): boolean =>
    stored.created_by === caller.session.userId && isAllowedUpload(stored.name, 'image') && Number(stored.size) <= AVATAR_MAX_BYTES,

  /** A record's file: for whoever may read the record (`view`, null: may not), unless their view hides the field holding it. */
  readRecordField: (view: { hidden: readonly string[] } | null, path: string): boolean => view !== null && !view.hidden.includes(topField(path)),

  /**
   * A document's file (any of its versions): for whoever sees the documents of its folder in
   * the library (`library`, null: may not enter it); a document in the recycle bin for no one.
   */
  readDocument: (library: { showsDocumentsIn(folderId: number | null): boolean } | null, doc: { deletedTime: string | null; folderId: number | null }): boolean =>
    doc.deletedTime === null && library !== null && library.showsDocumentsIn(doc.folderId),
};
