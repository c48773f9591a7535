import { reaction } from 'mobx';
import type { LoginResult, WorkspaceInfo } from '../../core/entities.ts';
import type { ShellApi } from '../api/endpoints.ts';
import type { UploadFunction, UploadOptions } from '../api/upload.ts';
import type { SessionPersistence } from './session-persistence.ts';
import { LayoutStore, type LayoutSnapshot } from './layout-store.ts';
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
  private menuLoading: Promise<void> | null = null;

  constructor(
    readonly api: ShellApi,
    private readonly storage: SessionPersistence,
    private readonly uploadFile: UploadFunction,
  ) {}

  /** Uploads a file with its progress shown in the upload panel. */
  async uploadTracked<T>(path: string, file: File, options: Omit<UploadOptions, 'onProgress'> = {}): Promise<T> {
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    this.upload.add({ id, name: file.name, size: file.size });
    try {
      const result = await this.uploadFile<T>(path, file, { ...options, onProgress: (percent) => this.upload.progress(id, percent) });
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
    const [user, workspace] = await Promise.all([this.storage.loadUser(), this.storage.loadWorkspace()]);
    if (user) {
      this.layout.setUserData(user);
      this.user.setUser(user);
    }
    if (workspace) this.layout.setWorkSpace(workspace);
  }

  /** Keeps PT_STATE in step with every change of the layout (tabs, menu, sidebar). */
  startAutoPersist(): () => void {
    return reaction(
      () => JSON.stringify(this.layout.snapshot()),
      () => this.persist(),
    );
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

  /** Loads the menu once (spec §4): USERs get their workspace's tree, everyone else the tenant's. */
  loadMenu(): Promise<void> {
    if (this.layout.menuLoaded) return Promise.resolve();
    this.menuLoading ??= (async () => {
      try {
        const nodes =
          this.layout.userData?.type === 'USER'
            ? await this.api.userFunctionTree(this.layout.workSpace?.code)
            : await this.api.currentTree();
        this.layout.setMenu(nodes);
        this.persist();
      } finally {
        this.menuLoading = null;
      }
    })();
    return this.menuLoading;
  }

  /** Saves an uploaded image as the user's avatar (account/update/avatar). */
  async saveAvatar(url: string): Promise<void> {
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
    this.storage.clearAll();
  }
}
