/** Entity shapes that cross the wire (ARCHITECTURE.md §4). */
import type { LocalText } from './local-text.ts';
import type { NoticeKind, NoticeParams } from './notices.ts';

export type MemberType = 'ADMIN' | 'USER';

export interface UserInfo {
  id: number;
  username: string;
  name: string;
  /** The user's type in the token's tenant; null before a tenant is chosen. */
  type: MemberType | null;
  avatar: string | null;
  mobilePhone: string | null;
  email: string | null;
}

export interface LoginResult {
  token: string;
  user: UserInfo;
}

export interface TenantOption {
  tenantId: number;
  tenantName: string;
}

export interface WorkspaceInfo {
  code: string;
  name: string;
}

export interface CurrentAccount {
  user: UserInfo;
  tenant: TenantOption | null;
  workspaces: WorkspaceInfo[];
}

export type ResourceType = 'MENU' | 'PAGE' | 'BUTTON';

export interface MenuNode {
  id: number;
  /** A text per language or one for all (src/core/local-text.ts). */
  title: LocalText;
  /**
   * The stable key of the seed menu entry the node was created from (`schemas/seed/menu.json`),
   * which names its translation; null for nodes a tenant administrator added.
   */
  seedKey: string | null;
  route: string | null;
  resourceId: number;
  type: ResourceType;
  icon: string | null;
  sort: number;
  /** Function point code, for BUTTON nodes. */
  code: string | null;
  isLeaf: boolean;
  children: MenuNode[];
}

export interface AddressNode {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
}

export interface Notification {
  id: number;
  notifyType: string;
  /** In English: what readers see when `kind` is null. */
  title: string;
  content: string;
  /** A system notice, shown from the reader's locale files with `params` (src/core/notices.ts). */
  kind: NoticeKind | null;
  params: NoticeParams | null;
  read: boolean;
  createTime: string;
  link: string | null;
}

export interface NotifySummary {
  unreadCount: number;
  latest: Notification[];
}

export interface PreferenceConfig {
  id: number;
  configType: string;
  bizId: string;
  configValue: unknown;
  updateTime: string;
}
