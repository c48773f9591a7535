/** Spec §5/§9: the upload helper's image extensions, and pdf as the document type. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'png', 'svg'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf'] as const;

export type UploadKind = 'image' | 'document';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Whether a file name carries an extension the upload helper accepts for the kind. */
export function isAllowedUpload(fileName: string, kind: UploadKind): boolean {
  const allowed: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS;
  return allowed.includes(extensionOf(fileName));
}

/** Largest avatar image accepted. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
