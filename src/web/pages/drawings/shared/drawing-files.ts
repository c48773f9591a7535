import type { UploadProblemCode } from '../../../../core/contracts/drawings.ts';

/** The kinds of file the register takes: PDF sets, images, DXF and DWG drawings. */
export const DRAWING_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'dxf', 'dwg'] as const;

/** For the file picker's `accept`: the extensions with their dots. */
export const DRAWING_FILE_ACCEPT = DRAWING_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * Why a chosen file is not sent at all (the server's problem code for it, shown with the same
 * sentence), or null. The server checks the bytes again; this only spares a transfer that
 * could not become a sheet.
 */
export function drawingFileProblem(file: Pick<File, 'name' | 'size'>): Extract<UploadProblemCode, 'unsupportedType' | 'empty'> | null {
  if (!(DRAWING_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'unsupportedType';
  if (file.size === 0) return 'empty';
  return null;
}
