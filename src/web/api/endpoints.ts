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
import { NOTIFY_STREAM_TICKET_PATH, type StreamTicket } from '../../core/contracts/notify.ts';
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

const ALLPLAN = '/proptech_allplan';
const NOTIFY = '/proptech_notify';

/** The calls of spec §7 the shell makes, typed. */
export function shellApi(http: Http) {
  return {
    /** The verbs themselves, from which the screens build their own typed calls. */
    http,
    passwordLogin: (account: string, password: string) =>
      http.post<LoginResult>(`${ALLPLAN}/login/passwordLogin`, { account, password }, { showErrorToast: false }),
    listTenants: () => http.get<TenantOption[]>(`${ALLPLAN}/login/list/tenant`),
    loginByToken: (tenantId: number) =>
      http.post<LoginResult>(`${ALLPLAN}/login/login/byToken`, { tenantId, loginType: 'WEB' }),
    logout: () => http.post<null>(`${ALLPLAN}/login/logout`, undefined, { showErrorToast: false }),
    sendRegisterCode: (mobilePhone: string) =>
      http.get<null>(`${ALLPLAN}/login/getVerificationCode`, { mobilePhone, scene: 'REGISTER' }, { showErrorToast: false }),
    register: (body: { mobilePhone: string; verificationCode: string; password: string; name: string }) =>
      http.post<LoginResult>(`${ALLPLAN}/login/passwordRegister`, body, { showErrorToast: false }),
    // Spec §7: these two show no error toast; the form shows the problem beside the field.
    sendResetCode: (email: string) =>
      http.get<null>(`${ALLPLAN}/login/getVerificationCode/email`, { email }, { showErrorToast: false }),
    resetPassword: (body: { email: string; verificationCode: string; newPassword: string }) =>
      http.post<null>(`${ALLPLAN}/login/resetPsw/email`, body, { showErrorToast: false }),
    currentAccount: () => http.get<CurrentAccount>(`${ALLPLAN}/account/current`),
    updatePassword: (password: string, newPassword: string) =>
      http.post<null>(`${ALLPLAN}/account/updatePassword`, { password, newPassword }, { showErrorToast: false }),
    updateAvatar: (avatar: string) => http.post<UserInfo>(`${ALLPLAN}/account/update/avatar`, { avatar }),
    workspaces: () => http.get<WorkspaceInfo[]>(`${ALLPLAN}/workingSpace/list`),
    currentTree: (options?: CallOptions) => http.get<MenuNode[]>(`${ALLPLAN}/resource/current/tree`, undefined, options),
    userFunctionTree: (workingSpaceCode: string | undefined, options?: CallOptions) =>
      http.get<MenuNode[]>(`${ALLPLAN}/workingSpace/user/function/tree`, { workingSpaceCode }, options),
    notifySummary: () => http.get<NotifySummary>(`${NOTIFY}/notify`, undefined, { showErrorToast: false }),
    notifyPage: (query: { notifyType: string | null; pageNum: number; pageSize: number; read?: boolean }) =>
      http.post<PageResult<Notification>>(`${NOTIFY}/notify/page`, query),
    markNotify: (id?: number) => http.put<{ unreadCount: number }>(`${NOTIFY}/notify/mark`, id === undefined ? {} : { id }),
    /** What opens the notification stream once (EventSource cannot send the token header). */
    notifyStreamTicket: () => http.post<StreamTicket>(NOTIFY_STREAM_TICKET_PATH, undefined, { showErrorToast: false }),
  };
}

export type ShellApi = ReturnType<typeof shellApi>;
