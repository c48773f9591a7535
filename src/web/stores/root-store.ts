import { action, makeObservable, observable, reaction, runInAction } from 'mobx';
import type { CurrentAccount, LoginResult, MenuNode, WorkspaceInfo } from '../../core/entities.ts';
import type { CallOptions, ShellApi } from '../api/endpoints.ts';
import {
  restoreFromAccount,
  restoreUnchecked,
  sessionOwner,
  workspaceEntry,
  type RestoredSession,
} from '../session/session-restore.ts';
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
  /**
   * What a signed-in session still lacks before the app can work: the tenant or the workspace
   * choice, or the account itself when it could not be loaded. The shell takes the user there
   * (RequireSignIn) instead of showing screens that half work.
   */
  sessionNeeds: 'tenant' | 'workspace' | 'account' | null = null;
  /** The token's tenant, once known; with the user and workspace it names whose stored state is whose. */
  private tenantId: number | null = null;
  /**
   * The next menu to load brings back the user's kept pages (navigation state): set when the
   * bare site is opened and when a workspace is entered. A new tab opened at an address (a link,
   * a middle click on the menu) starts with that page alone.
   */
  private recallPending = false;
  /** With the kept pages, go on to the one that was on screen (the bare site was opened). */
  private resumeLastPage = false;
  /** The page to go on to, once the restored pages are known; taken by the layout. */
  resumeAddress: string | null = null;

  constructor(
    readonly api: ShellApi,
    private readonly storage: SessionPersistence,
    /** Sends a file or a chunk without showing it in the upload panel. */
    readonly sendFile: UploadFunction,
  ) {
    makeObservable<RootStore, 'applyRestored'>(this, {
      accessVersion: observable,
      sessionNeeds: observable,
      resumeAddress: observable,
      applyRestored: action,
      takeResumeAddress: action,
    });
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

  /**
   * Start-up (spec §4 "sync"): the token from the cookie; the user and workspace from local
   * storage, checked against the account the token answers for (a workspace no longer the
   * user's, or of another tenant, is not taken); the layout from PT_STATE when it is this
   * user's in this workspace, else their navigation state once the menu is in. `resumeLastPage`:
   * the bare site was opened, so the user goes on where they left off.
   */
  async sync({ resumeLastPage = false }: { resumeLastPage?: boolean } = {}): Promise<void> {
    const token = this.storage.readToken();
    if (!token) return;
    this.user.setToken(token);
    const [user, workspace, account] = await Promise.all([
      this.storage.loadUser(),
      this.storage.loadWorkspace(),
      this.api.currentAccount({ showErrorToast: false }).catch((): CurrentAccount | null => null),
    ]);
    // A refused token has signed the user out already, and the sign-in page is on its way.
    if (!this.user.signedIn) return;
    this.recallPending = resumeLastPage;
    this.resumeLastPage = resumeLastPage;
    await this.applyRestored(account ? restoreFromAccount(account, workspace) : restoreUnchecked(user, workspace));
  }

  /** Asks the server for the account again (after it could not be loaded at start-up). */
  async retrySync(): Promise<void> {
    const [workspace, account] = await Promise.all([
      this.storage.loadWorkspace(),
      this.api.currentAccount({ showErrorToast: false }).catch((): CurrentAccount | null => null),
    ]);
    if (account) await this.applyRestored(restoreFromAccount(account, workspace));
  }

  private async applyRestored(restored: RestoredSession): Promise<void> {
    if (restored.kind === 'unavailable') {
      this.sessionNeeds = 'account';
      return;
    }
    this.user.setUser(restored.user);
    this.layout.setUserData(restored.user);
    this.tenantId = restored.kind === 'chooseTenant' ? null : restored.tenantId;
    this.sessionNeeds = restored.kind === 'chooseTenant' ? 'tenant' : restored.kind === 'chooseWorkspace' ? 'workspace' : null;
    this.layout.setWorkSpace(restored.kind === 'ready' ? restored.workspace : null);
    const snapshot = this.storage.loadLayout<LayoutSnapshot>();
    if (snapshot && restored.kind === 'ready' && snapshot.owner === this.owner()) this.layout.restore(snapshot);
    else this.layout.resetNavigation();
    const plateDraft = this.storage.loadPlateDraft<PlateDraft>();
    if (plateDraft) this.plate.resume(plateDraft);
    const saves = [this.storage.saveUser(restored.user)];
    if (restored.kind === 'ready' && restored.workspace) saves.push(this.storage.saveWorkspace({ ...restored.workspace, tenantId: this.tenantId }));
    await Promise.all(saves);
  }

  /** Whose menu and tabs are on screen: tenant, user and workspace; null before all are known. */
  private owner(): string | null {
    return this.sessionNeeds ? null : sessionOwner(this.tenantId, this.layout.userData?.id, this.layout.workSpace?.code);
  }

  /** The page to go on to after the user's pages came back, once; null when there is none. */
  takeResumeAddress(): string | null {
    const address = this.resumeAddress;
    this.resumeAddress = null;
    return address;
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

  /** Writes PT_STATE, and the navigation state of the user in this workspace (spec §9). */
  persist(): void {
    const owner = this.owner();
    this.storage.saveLayout({ ...this.layout.snapshot(), owner });
    // An empty menu is a session still starting: it must not wipe the pages kept from before.
    if (owner && this.layout.menuLoaded) this.storage.saveNavigation(owner, this.layout.navigationState());
  }

  /** Keeps a token (also the tenant-less one of a password login) for the calls that follow. */
  holdToken(token: string): void {
    this.storage.writeToken(token);
    this.user.setToken(token);
  }

  /** A tenant login finished: keep its token and user; the menu of the previous tenant goes. */
  async signedIn(result: LoginResult): Promise<void> {
    this.holdToken(result.token);
    this.tenantId = null;
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
    runInAction(() => {
      this.tenantId = account.tenant?.tenantId ?? null;
      this.sessionNeeds = account.tenant ? null : 'tenant';
    });
    const entry = workspaceEntry(account.workspaces, this.layout.workSpace?.code);
    if (entry.kind === 'enter') {
      await this.chooseWorkspace(entry.workspace);
      return null;
    }
    if (entry.kind === 'none') {
      this.layout.setWorkSpace(null);
      await this.loadMenu();
      return null;
    }
    runInAction(() => (this.sessionNeeds = 'workspace'));
    return entry.workspaces;
  }

  /** Picks the workspace; a USER's menu depends on it, so it is loaded again. */
  async chooseWorkspace(workspace: WorkspaceInfo): Promise<void> {
    const changed = this.layout.workSpace?.code !== workspace.code;
    const wasChoice = this.sessionNeeds === 'workspace';
    this.layout.setWorkSpace(workspace);
    runInAction(() => {
      if (wasChoice) this.sessionNeeds = null;
    });
    await this.storage.saveWorkspace({ ...workspace, tenantId: this.tenantId });
    // After the choice a session starts afresh in the workspace, so its kept pages come back.
    if ((changed && this.layout.userData?.type === 'USER') || wasChoice) {
      this.layout.resetNavigation();
      this.recallPending = true;
    }
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
        // One change: saving a menu with no page open yet would overwrite the pages to recall.
        runInAction(() => {
          this.layout.setMenu(nodes);
          this.recallNavigation();
        });
        this.persist();
      } finally {
        this.menuLoading = null;
      }
    })();
    return this.menuLoading;
  }

  /**
   * A menu loaded for a returning user (bare site opened) or a workspace just entered, with no
   * page open yet: the pages this user had open in this workspace come back from the navigation
   * state (spec §9), and, when the bare site was opened, the page that was on screen is the one
   * to go on to.
   */
  private recallNavigation(): void {
    const owner = this.owner();
    if (!owner || !this.recallPending) return;
    this.recallPending = false;
    if (this.layout.tabList.length > 0) return;
    const saved = this.storage.loadNavigation(owner);
    if (!saved) return;
    const active = this.layout.recallNavigation(saved);
    if (this.resumeLastPage && active) runInAction(() => (this.resumeAddress = active));
    this.resumeLastPage = false;
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
    runInAction(() => {
      this.sessionNeeds = null;
      this.resumeAddress = null;
    });
    this.tenantId = null;
    this.recallPending = false;
    this.resumeLastPage = false;
    this.layout.clear();
    this.user.clear();
    this.upload.clear();
    this.plate.close();
    this.storage.clearAll();
  }
}
