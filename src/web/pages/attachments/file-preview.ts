import type { AttachmentFile } from '../../../core/contracts/attachments.ts';
import { INLINE_IMAGE_EXTENSIONS } from '../../../core/contracts/files.ts';

export type PreviewKind = 'image' | 'pdf';

/** How the screen previews a file: images in a dialog (the store serves them inline), PDFs in the browser's own viewer. */
export function previewKindOf(file: Pick<AttachmentFile, 'type'>): PreviewKind | null {
  if (INLINE_IMAGE_EXTENSIONS.includes(file.type)) return 'image';
  return file.type === 'pdf' ? 'pdf' : null;
}

/**
 * Opens a PDF in a new tab. The store sends every non-image as a download (with a sandboxing
 * policy), so the bytes are fetched and shown from a blob of the PDF type. The tab is opened
 * before the wait, while the click still counts, so a pop-up blocker lets it through.
 */
export async function openPdfPreview(downloadUrl: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) throw new Error('pop-up blocked');
  // The preview has no business with this window.
  tab.opener = null;
  try {
    const response = await fetch(downloadUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = new Blob([await response.blob()], { type: 'application/pdf' });
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab has loaded it by then; the blob need not live as long as this page.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (failure) {
    tab.close();
    throw failure;
  }
}
