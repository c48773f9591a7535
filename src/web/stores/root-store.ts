import { makeObservable, observable, reaction, runInAction } from 'mobx';
import type { LoginResult, MenuNode, WorkspaceInfo } from '../../core/entities.ts';
import type { CallOptions, ShellApi } from '../api/endpoints.ts';
import type { UploadFunction, UploadOptions } from '../api/upload.ts';
import type { SessionPersistence } from './session-persistence.ts';
import { LayoutStore, type LayoutSnapshot, type MenuUpdate } from './layout-store.ts';
import { PlateStore, type PlateDraft } from './plate-store.ts';
import { UploadStore } from './upload-store.ts';
import { UserStore } from './user-store.ts';

/**
 * The shell's stores and the session rules that span them (spec §3–4): sign-in, menu
 * loading, PT_STATE sync and the clear-everything of sign-out.
 */
export class RootStore {
  readonly layout = new LayoutStore();
  readonly user = new UserStore();
  readonly upload = new UploadStore();
  readonly plate = new PlateStore();
  private menuLoading: Promise<void> | null = null;
  private accessRefresh: Promise<MenuUpdate | null> | null = null;
  private readonly pageWithdrawnListeners = new Set<() => void>();
  /**
   * Counts the checks of the user's access since start-up; screens that keep the user's
   * function points read them again when it moves.
   */
  accessVersion = 0;

  constructor(
    readonly api: ShellApi,
    private readonly storage: SessionPersistence,
    /** Sends a file or a chunk without showing it in the upload panel. */
    readonly sendFile: UploadFunction,
  ) {
    makeObservable(this, { accessVersion: observable });
  }

  /** Uploads a file with its progress shown in the upload panel (and told to `onProgress` too). */
  uploadTracked<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
    const { onProgress, ...rest } = options;
    return this.trackUpload(file, onProgress, (report) => this.sendFile<T>(path, file, { ...rest, onProgress: report }));
  }

  /** Runs a transfer of `file` (one request or many chunks) with its progress in the upload panel. */
  async trackUpload<T>(file: File, onProgress: ((percent: number) => void) | undefined, run: (report: (percent: number) => void) => Promise<T>): Promise<T> {
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    this.upload.add({ id, name: file.name, size: file.size });
    try {
      const result = await run((percent) => {
        this.upload.progress(id, percent);
        onProgress?.(percent);
      });
      this.upload.finish(id);
      return result;
    } catch (error) {
      this.upload.finish(id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** Start-up: token from the cookie, layout from PT_STATE, user and workspace from local storage. */
  async sync(): Promise<void> {
    const token = this.storage.readToken();
    if (!token) return;
    this.user.setToken(token);
    const snapshot = this.storage.loadLayout<LayoutSnapshot>();
    if (snapshot) this.layout.restore(snapshot);
    const plateDraft = this.storage.loadPlateDraft<PlateDraft>();
    if (plateDraft) this.plate.resume(plateDraft);
    const [user, workspace] = await Promise.all([this.storage.loadUser(), this.storage.loadWorkspace()]);
    if (user) {
      this.layout.setUserData(user);
      this.user.setUser(user);
    }
    if (workspace) this.layout.setWorkSpace(workspace);
  }

  /** Keeps PT_STATE in step with every change of the layout (tabs, menu, sidebar). */
  startAutoPersist(): () => void {
    const layout = reaction(
      () => JSON.stringify(this.layout.snapshot()),
      () => this.persist(),
    );
    // The plate editor's draft survives a reload of the editor or its settings screen.
    const plate = reaction(
      () => JSON.stringify(this.plate.draft),
      () => this.storage.savePlateDraft(this.plate.draft),
    );
    return () => {
      layout();
      plate();
    };
  }

  /** Writes PT_STATE. */
  persist(): void {
    this.storage.saveLayout(this.layout.snapshot());
  }

  /** Keeps a token (also the tenant-less one of a password login) for the calls that follow. */
  holdToken(token: string): void {
    this.storage.writeToken(token);
    this.user.setToken(token);
  }

  /** A tenant login finished: keep its token and user; the menu of the previous tenant goes. */
  async signedIn(result: LoginResult): Promise<void> {
    this.holdToken(result.token);
    this.user.setUser(result.user);
    this.layout.setUserData(result.user);
    this.layout.resetNavigation();
    await this.storage.saveUser(result.user);
    this.persist();
  }

  /**
   * After a tenant login or a `?token=` start-up: loads the account and settles the
   * workspace. Returns the workspaces to choose from when the user has to pick one.
   */
  async settleWorkspace(): Promise<WorkspaceInfo[] | null> {
    const account = await this.api.currentAccount();
    this.user.setUser(account.user);
    this.layout.setUserData(account.user);
    await this.storage.saveUser(account.user);
    const { workspaces } = account;
    const kept = workspaces.find((w) => w.code === this.layout.workSpace?.code);
    const only = workspaces.length === 1 ? workspaces[0] : undefined;
    if (kept ?? only) {
      await this.chooseWorkspace((kept ?? only)!);
      return null;
    }
    if (workspaces.length === 0) {
      this.layout.setWorkSpace(null);
      await this.loadMenu();
      return null;
    }
    return workspaces;
  }

  /** Picks the workspace; a USER's menu depends on it, so it is loaded again. */
  async chooseWorkspace(workspace: WorkspaceInfo): Promise<void> {
    const changed = this.layout.workSpace?.code !== workspace.code;
    this.layout.setWorkSpace(workspace);
    await this.storage.saveWorkspace(workspace);
    if (changed && this.layout.userData?.type === 'USER') this.layout.resetNavigation();
    this.persist();
    await this.loadMenu();
  }

  /** The user's menu (spec §6): USERs get their workspace's tree, everyone else the tenant's. */
  private fetchMenu(options?: CallOptions): Promise<MenuNode[]> {
    return this.layout.userData?.type === 'USER'
      ? this.api.userFunctionTree(this.layout.workSpace?.code, options)
      : this.api.currentTree(options);
  }

  /** Loads the menu once (spec §4); later changes come through refreshAccess. */
  loadMenu(): Promise<void> {
    if (this.layout.menuLoaded) return Promise.resolve();
    this.menuLoading ??= (async () => {
      try {
        const nodes = await this.fetchMenu();
        this.layout.setMenu(nodes);
        this.persist();
      } finally {
        this.menuLoading = null;
      }
    })();
    return this.menuLoading;
  }

  /**
   * Checks again what the user may reach: roles, permission groups or workspaces may have
   * changed since the menu loaded. The menu is replaced only when it differs (tabs whose entry
   * went are closed) and screens re-read the function points they keep. Overlapping calls
   * share one check; a failed check leaves everything as it was, quietly.
   */
  refreshAccess(): Promise<MenuUpdate | null> {
    // Before a tenant is chosen nothing of the tenant can be read (and would answer 403).
    if (!this.user.signedIn || !this.layout.userData?.type) return Promise.resolve(null);
    this.accessRefresh ??= (async () => {
      const asked = this.accessContext();
      try {
        const nodes = await this.fetchMenu({ showErrorToast: false });
        // A menu of the workspace or account the user just left is not this one's.
        if (this.accessContext() !== asked) return null;
        runInAction(() => this.accessVersion++);
        const update = this.layout.replaceMenu(nodes);
        if (!update) return null;
        this.persist();
        if (update.activeClosed) for (const listener of this.pageWithdrawnListeners) listener();
        return update;
      } catch {
        return null;
      } finally {
        this.accessRefresh = null;
      }
    })();
    return this.accessRefresh;
  }

  private accessContext(): string {
    return `${this.user.token}|${this.layout.workSpace?.code ?? ''}`;
  }

  /** Called when a menu check closed the page on screen; returns the unsubscribe function. */
  onPageWithdrawn(listener: () => void): () => void {
    this.pageWithdrawnListeners.add(listener);
    return () => this.pageWithdrawnListeners.delete(listener);
  }

  /** Saves an image uploaded to the file store as the user's avatar, or removes it (null); account/update/avatar. */
  async saveAvatar(url: string | null): Promise<void> {
    const user = await this.api.updateAvatar(url);
    this.layout.setUserData(user);
    await this.storage.saveUser(user);
  }

  /** Sign-out: ends the token on the server (best effort) and clears everything here. */
  async signOut(): Promise<void> {
    if (this.user.signedIn) await this.api.logout().catch(() => undefined);
    this.clear();
  }

  /** Resets every store and everything stored (spec §4 "A clear action resets everything"). */
  clear(): void {
    this.layout.clear();
    this.user.clear();
    this.upload.clear();
    this.plate.close();
    this.storage.clearAll();
  }
}
