import { ACCOUNT_PATHS } from '../../core/contracts/account.ts';
import { AUTH_PATHS } from '../../core/contracts/auth.ts';
import { RESOURCE_PATHS } from '../../core/contracts/resource.ts';
import { WORKSPACE_PATHS } from '../../core/contracts/workspace.ts';
import type { PageResult } from '../../core/envelope.ts';
import type {
  CurrentAccount,
  LoginResult,
  MenuNode,
  Notification,
  NotifySummary,
  TenantOption,
  UserInfo,
  WorkspaceInfo,
} from '../../core/entities.ts';
import { NOTIFY_PATHS, NOTIFY_STREAM_TICKET_PATH, type StreamTicket } from '../../core/contracts/notify.ts';
import type { BlobRequestOptions, BlobResponse } from './request-types.ts';

export interface CallOptions {
  /** Spec §8: failures show the server's message unless this is false. */
  showErrorToast?: boolean;
}

/** The verbs the typed calls need; the request layer provides them. */
export interface Http {
  get<T>(path: string, query?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** A file answer (exports): the blob and the headers that name it. */
  post(path: string, body: unknown, options: BlobRequestOptions): Promise<BlobResponse>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
}

/** The calls of spec §7 the shell makes, typed. */
export function shellApi(http: Http) {
  return {
    /** The verbs themselves, from which the screens build their own typed calls. */
    http,
    passwordLogin: (account: string, password: string) =>
      http.post<LoginResult>(AUTH_PATHS.passwordLogin, { account, password }, { showErrorToast: false }),
    listTenants: () => http.get<TenantOption[]>(AUTH_PATHS.tenants),
    loginByToken: (tenantId: number) =>
      http.post<LoginResult>(AUTH_PATHS.loginByToken, { tenantId, loginType: 'WEB' }),
    logout: () => http.post<null>(AUTH_PATHS.logout, undefined, { showErrorToast: false }),
    sendRegisterCode: (mobilePhone: string) =>
      http.get<null>(AUTH_PATHS.verificationCode, { mobilePhone, scene: 'REGISTER' }, { showErrorToast: false }),
    register: (body: { mobilePhone: string; verificationCode: string; password: string; name: string }) =>
      http.post<LoginResult>(AUTH_PATHS.passwordRegister, body, { showErrorToast: false }),
    // Spec §7: these two show no error toast; the form shows the problem beside the field.
    sendResetCode: (email: string) =>
      http.get<null>(AUTH_PATHS.emailVerificationCode, { email }, { showErrorToast: false }),
    resetPassword: (body: { email: string; verificationCode: string; newPassword: string }) =>
      http.post<null>(AUTH_PATHS.resetPasswordByEmail, body, { showErrorToast: false }),
    currentAccount: (options?: CallOptions) => http.get<CurrentAccount>(ACCOUNT_PATHS.current, undefined, options),
    updatePassword: (password: string, newPassword: string) =>
      http.post<null>(ACCOUNT_PATHS.updatePassword, { password, newPassword }, { showErrorToast: false }),
    updateAvatar: (avatar: string | null) => http.post<UserInfo>(ACCOUNT_PATHS.updateAvatar, { avatar }),
    workspaces: () => http.get<WorkspaceInfo[]>(WORKSPACE_PATHS.list),
    currentTree: (options?: CallOptions) => http.get<MenuNode[]>(RESOURCE_PATHS.currentTree, undefined, options),
    userFunctionTree: (workingSpaceCode: string | undefined, options?: CallOptions) =>
      http.get<MenuNode[]>(RESOURCE_PATHS.userFunctionTree, { workingSpaceCode }, options),
    notifySummary: () => http.get<NotifySummary>(NOTIFY_PATHS.summary, undefined, { showErrorToast: false }),
    notifyPage: (query: { notifyType: string | null; pageNum: number; pageSize: number; read?: boolean }) =>
      http.post<PageResult<Notification>>(NOTIFY_PATHS.page, query),
    markNotify: (id?: number) => http.put<{ unreadCount: number }>(NOTIFY_PATHS.mark, id === undefined ? {} : { id }),
    /** What opens the notification stream once (EventSource cannot send the token header). */
    notifyStreamTicket: () => http.post<StreamTicket>(NOTIFY_STREAM_TICKET_PATH, undefined, { showErrorToast: false }),
  };
}

export type ShellApi = ReturnType<typeof shellApi>;
