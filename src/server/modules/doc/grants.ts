import type { DocAccess, DocFolderGrant } from '../../../core/contracts/documents.ts';
import { badRequest } from '../../errors.ts';
import type { DocCaller, Library } from './library.ts';

/** The roles a folder names, and what each may do there (empty: the folder follows its parent). */
export function folderGrants(library: Library, folderId: number): DocFolderGrant[] {
  library.requireFolder(folderId, 'manage');
  return [...(library.grants.get(folderId) ?? new Map<number, DocAccess>())].map(([roleId, access]) => ({ roleId, access }));
}

/**
 * Names the roles of a folder (none: it follows its parent again). The caller keeps managing
 * it only if a role of theirs is named as manager, unless they are an ADMIN.
 */
export async function setFolderGrants(caller: DocCaller, library: Library, folderId: number, grants: readonly DocFolderGrant[]): Promise<void> {
  library.requireFolder(folderId, 'manage');
  const { scope } = caller;
  const roleIds = grants.map((g) => g.roleId);
  if (new Set(roleIds).size !== roleIds.length) throw badRequest('grants', 'Name each role once');
  const known = roleIds.length ? await scope.selectFrom('role').select('id').where('id', 'in', roleIds).execute() : [];
  const unknown = roleIds.find((id) => !known.some((r) => r.id === id));
  if (unknown !== undefined) throw badRequest('grants', `Role ${unknown} does not exist`);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    // The folder's row first: it stays locked until commit on PostgreSQL, so a second save of
    // the folder's roles waits and then replaces these, instead of inserting beside them.
    await tx.updateTable('doc_folder').set({ update_time: caller.now() }).where('id', '=', folderId).execute();
    await tx.deleteFrom('doc_folder_grant').where('folder_id', '=', folderId).execute();
    if (grants.length) await tx.insertInto('doc_folder_grant', grants.map((g) => ({ folder_id: folderId, role_id: g.roleId, access: g.access }))).execute();
  });
}
