/** Spec §5/§9: the upload helper's image extensions, and pdf as the document type. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'png', 'svg'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf'] as const;

export type UploadKind = 'image' | 'document';

/**
 * The one rule for a file name's extension: what follows its last dot, lower case, without the
 * dot (`PLAN.PDF` is a pdf, `archive.tar.gz` a gz). None ('') for a name without a dot, one
 * ending in a dot (`name.`), or one whose only dot comes first: `.hidden` is a hidden file with
 * no extension, as file systems read it, not a file of type "hidden".
 */
export function extensionOf(fileName: string): string {
  const dot = extensionDot(fileName);
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Where a name's extension starts (its dot, by the rule of extensionOf); -1 when it has none. */
export function extensionDot(fileName: string): number {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? dot : -1;
}

/** Whether a file name carries an extension the upload helper accepts for the kind. */
export function isAllowedUpload(fileName: string, kind: UploadKind): boolean {
  const allowed: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS;
  return allowed.includes(extensionOf(fileName));
}

/** Largest avatar image accepted. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
