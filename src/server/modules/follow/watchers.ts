import type { TenantScope } from '../../db/tenant-scope.ts';

/** Everyone a follow-up concerns: its watchers (creator, assignees, reviewer and commenters are added as such). */
export async function watchersOf(tx: TenantScope, followId: number): Promise<number[]> {
  return (await tx.selectFrom('follow_watcher').select('user_id').where('follow_id', '=', followId).execute()).map((w) => w.user_id);
}

export async function addWatchers(tx: TenantScope, followId: number, userIds: Iterable<number | null>): Promise<void> {
  const have = new Set(await watchersOf(tx, followId));
  const add = [...new Set([...userIds].filter((id): id is number => id !== null && !have.has(id)))];
  if (add.length) await tx.insertInto('follow_watcher', add.map((user_id) => ({ follow_id: followId, user_id }))).execute();
}

export const others = (ids: Iterable<number>, actor: number) => [...new Set(ids)].filter((id) => id !== actor);

