import { DRAWING_POINTS } from '../../core/contracts/drawings.ts';
import { holds } from './admin.ts';
import type { Caller } from './caller.ts';
import { workspace } from './workspace.ts';

/** What the policies need of a markup. */
export interface MarkupOwnership {
  visibility: string;
  authorId: number | null;
}

const isAuthor = (caller: Caller, markup: MarkupOwnership): boolean => markup.authorId === caller.session.userId;

/**
 * Drawings: every member of a workspace sees its register, revisions and published markups;
 * the function points decide who uploads (and edits pending revisions, and sets), releases
 * (publishes or rejects), annotates (published markups, calibration) and deletes sheets. A
 * personal markup is its author's alone: nobody else sees it, an ADMIN neither.
 */
export const drawing = {
  view: (caller: Caller, workspaceCode: string): boolean => workspace.enter(caller, workspaceCode),
  upload: (caller: Caller): boolean => holds(caller, DRAWING_POINTS.upload),
  release: (caller: Caller): boolean => holds(caller, DRAWING_POINTS.release),
  annotate: (caller: Caller): boolean => holds(caller, DRAWING_POINTS.annotate),
  delete: (caller: Caller): boolean => holds(caller, DRAWING_POINTS.delete),

  /** A published markup for everyone who sees the sheet; a personal one for its author. */
  readMarkup: (caller: Caller, markup: MarkupOwnership): boolean => markup.visibility === 'published' || isAuthor(caller, markup),

  /**
   * A file of the store held by drawings, read by its file id: a revision's files for the
   * members of its workspace (none once its sheet is deleted), a markup's photo for whoever
   * sees the markup.
   */
  readFile: (
    caller: Caller,
    holder: { kind: 'revision' | 'markup'; workspaceId: number | null; deletedTime: string | null; visibility: string | null; authorId: number | null },
  ): boolean => {
    const entered = caller.workspaces.some((w) => w.id === holder.workspaceId);
    if (!entered || holder.deletedTime !== null) return false;
    return holder.kind === 'revision' || drawing.readMarkup(caller, { visibility: holder.visibility ?? '', authorId: holder.authorId });
  },

  /**
   * Saving or deleting a markup: a personal one by its author (no point needed: a note to
   * oneself), a published one (or publishing one) by a holder of the annotate point.
   */
  writeMarkup: (caller: Caller, markup: MarkupOwnership): boolean =>
    markup.visibility === 'published' ? drawing.annotate(caller) : isAuthor(caller, markup),
};
