import { avatarFileId } from '../../../core/contracts/account.ts';
import type { FileClient } from '../../files/file-client.ts';

/** Where an <img> loads the user's avatar from the file store (with the token, as an <img> sends no header); undefined for none. */
export function avatarImageUrl(files: FileClient, avatar: string | null | undefined): string | undefined {
  const fileId = avatarFileId(avatar);
  return fileId ? files.fileUrl(fileId, { inline: true }) : undefined;
}
