/**
 * What the drawing module hands the job queue for one uploaded file, and what it gets back.
 * The bytes stay in the file store both ways: the job reads the upload by its content hash and
 * keeps each sheet's files there (content-addressed, so a file made twice is kept once); the
 * module then writes the rows (file_object, revision) that name them.
 */
import type { DrawingFileKind } from './drawing-file.ts';

export interface DrawingJobInput {
  /** SHA-256 of the uploaded file's bytes in the file store. */
  sha256: string;
  /** The name it was uploaded with (its extension says what it should be; the bytes decide). */
  fileName: string;
  /** The workspace's sheet-number rule and discipline codes (null: the defaults), so title blocks read its numbers. */
  numbering?: { rule: string | null; codes: string[] | null };
}

/** One file the job kept in the file store. */
export interface StoredDrawingFile {
  sha256: string;
  size: number;
  /** Media type, e.g. `application/pdf`, `image/png`, `image/vnd.dxf`. */
  type: string;
  /** A file name for downloads, e.g. `set.pdf` → `set-p12.pdf`, `plan.dwg` → `plan.dxf`. */
  name: string;
}

/** One sheet of the file: a revision to be. Sizes in sheet units (PDF points, image pixels, DXF drawing units). */
export interface StoredDrawingSheet {
  /** 1-based page of a PDF; null for other kinds. */
  page: number | null;
  kind: DrawingFileKind;
  width: number;
  height: number;
  /** Read from the title block; null when nothing looked like one. */
  number: string | null;
  title: string | null;
  source: StoredDrawingFile;
  /** The DXF made from a DWG; null when the view is the source itself. */
  view: StoredDrawingFile | null;
  /** PNG, at most 512 px on its long side. */
  thumbnail: StoredDrawingFile;
}

export interface DrawingJobResult {
  sheets: StoredDrawingSheet[];
}
