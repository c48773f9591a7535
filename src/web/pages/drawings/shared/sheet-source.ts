import type { RevisionFilePart, RevisionRow } from '../../../../core/contracts/drawings.ts';
import type { SheetSource } from '../../../drawing-kit/sheet-view.tsx';

/** What the sheet viewer draws of a revision: its view file (a DWG's is the DXF made of it) at its size in sheet units. */
export function sheetSourceOf(revision: RevisionRow, fileUrl: (revisionId: number, part: RevisionFilePart) => string): SheetSource {
  const kind = revision.kind === 'dwg' ? 'dxf' : revision.kind;
  return { kind, url: fileUrl(revision.id, 'view'), width: revision.width, height: revision.height };
}
