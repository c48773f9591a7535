import { DRAWING_PDF_PAGES_MAX, DRAWING_THUMBNAIL_MAX, type UploadProblemCode } from '../../../../core/contracts/drawings.ts';

/**
 * The rules of one uploaded drawing file, the same whichever queue runs them: what kinds there
 * are, what a processed sheet holds, and the problems a person is told about.
 */

export type DrawingFileKind = 'pdf' | 'image' | 'dxf' | 'dwg';

/** One sheet of an uploaded file, with its bytes (see processDrawingFile). */
export interface ProcessedSheet {
  /** 1-based page of a PDF; null for other kinds. */
  page: number | null;
  kind: DrawingFileKind;
  /** The one-page PDF split from the set (vectors kept), the image, the DXF, or the DWG as uploaded. */
  source: Uint8Array;
  /** The DXF converted from a DWG; absent when the view is the source. */
  view?: Uint8Array;
  /** PNG, at most 512 px on its long side. */
  thumbnail: Uint8Array;
  /** Sheet units: PDF points, image pixels, DXF drawing units of the extents. */
  width: number;
  height: number;
  number: string | null;
  title: string | null;
}

/**
 * Why a file could not be read, for a person: the contract's upload problem codes
 * (`src/core/contracts/drawings.ts`) a file itself can cause. A DXF that cannot be read is
 * `corrupt`; a DWG the converter does not know is `dwgUnsupported`, one it fails on `dwgFailed`.
 */
export type DrawingFileProblem = Extract<UploadProblemCode, 'empty' | 'wrongType' | 'unsupportedType' | 'corrupt' | 'encrypted' | 'tooManyPages' | 'dwgUnsupported' | 'dwgFailed'>;

export class DrawingFileError extends Error {
  constructor(
    readonly code: DrawingFileProblem,
    readonly fileName: string,
    readonly detail?: string,
  ) {
    super(`${fileName}: ${code}${detail ? ` (${detail})` : ''}`);
    this.name = 'DrawingFileError';
  }
}

/** Pages one PDF set may have. */
export const DRAWING_PDF_MAX_PAGES = DRAWING_PDF_PAGES_MAX;
/** Long side of a thumbnail, in pixels. */
export const DRAWING_THUMBNAIL_PX = DRAWING_THUMBNAIL_MAX;
