import type { Selectable } from 'kysely';
import { avatarFileId } from '../../../core/contracts/account.ts';
import type { MemberType, UserInfo } from '../../../core/entities.ts';
import type { UserTable } from '../../db/schema.ts';

/** Exactly what leaves the server about a user: never the password hash or status internals. */
export function presentUser(row: Selectable<UserTable>, type: MemberType | null): UserInfo {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    type,
    // An address stored before avatars were kept in the file store (an outside one) counts as none.
    avatar: avatarFileId(row.avatar) ? row.avatar : null,
    mobilePhone: row.mobile_phone,
    email: row.email,
  };
}
