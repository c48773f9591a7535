import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { PageCreateBody, PageDetail, PageKind, PageMenuInput } from '../../../core/contracts/page.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { PageConfig, StoredPage } from '../../../core/pages/page-config.ts';
import type { DatasetShape } from '../../../core/query/check-query.ts';
import type { DatasetInfo } from '../../../core/query/query-spec.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';
import { pathOfMessage } from '../../ui/server-errors.ts';
import { problemsOfFailure, problemsUnder } from '../../ui/problem-sentence.ts';
import { ApiError } from '../../api/api-error.ts';
import { messageOf } from '../../api/error-message.ts';
import { analyseConfigText, isPreviewable, placeProblem, type ConfigAnalysis, type ConfigProblem } from './config-analysis.ts';
import { configText } from './page-templates.ts';
import { normalizeText, type LocalText } from '../../../core/local-text.ts';

/** Problems are looked for this long after the last keystroke. */
export const ANALYSIS_DELAY_MS = 300;
/** The preview, which queries data again, waits longer. */
export const PREVIEW_DELAY_MS = 800;

/** The settings beside the config, as the form holds them. */
export interface PageSettings {
  route?: string;
  kind: PageKind;
  published: boolean;
  inMenu: boolean;
  menu?: { parentId?: number; title?: LocalText; icon?: string };
}

/** A settings field of the form, by its name path. */
export type SettingsField = ['route'] | ['kind'] | ['published'] | ['menu', 'parentId' | 'title' | 'icon'];

/** Form fields by the request path a server message names. */
const FIELD_OF_PATH: Readonly<Record<string, SettingsField>> = {
  route: ['route'],
  kind: ['kind'],
  published: ['published'],
  menu: ['menu', 'parentId'],
  'menu.parentId': ['menu', 'parentId'],
  'menu.title': ['menu', 'title'],
  'menu.icon': ['menu', 'icon'],
};

/** Where a refused save's message belongs: the config text (already marked there), a settings field, or above the form. */
export type SaveFailure = { at: 'config'; problem: ConfigProblem } | { at: 'field'; field: SettingsField; text: string } | { at: 'form'; text: string };

/** What the editor needs from outside: the admin calls, the tenant's datasets and menu tree. */
export interface PageEditSources {
  api: AdminApi;
  datasets: () => Promise<DatasetInfo[]>;
  menuTree: () => Promise<MenuNode[]>;
}

/** /pageManage/edit/{id}: one page's settings and config text, its problems and preview. */
export class PageEditStore {
  /** The stored page; `page` is null for a new one (LoadState reads null data as not loaded yet). */
  readonly detail: Loadable<{ page: PageDetail | null }>;
  readonly menuTree: Loadable<MenuNode[]>;
  readonly datasets: Loadable<ReadonlyMap<string, DatasetShape>>;
  /** The config text as the editor holds it. */
  text = '';
  /** The text as last loaded or saved. */
  savedText = '';
  /** Bumped when the text is replaced from outside the editor (load, template, save). */
  revision = 0;
  analysis: ConfigAnalysis = { config: null, problems: [] };
  /** The last config the renderer could draw. */
  previewConfig: PageConfig | null = null;
  previewRevision = 0;
  /** What the server refused the config for, while the text is the one it was sent. */
  serverProblems: { text: string; problems: ConfigProblem[] } | null = null;
  settingsChanged = false;
  saving = false;
  private analysisTimer: ReturnType<typeof setTimeout> | undefined;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sources: PageEditSources,
    /** null for a new page. */
    readonly id: number | null,
  ) {
    this.detail = new Loadable(async () => ({ page: id === null ? null : await sources.api.pageDetail(id) }));
    this.menuTree = new Loadable(sources.menuTree);
    this.datasets = new Loadable(async () => new Map((await sources.datasets()).map((d) => [d.code, d])));
    makeAutoObservable<PageEditStore, 'sources' | 'analysisTimer' | 'previewTimer'>(this, {
      sources: false,
      id: false,
      // Plain objects: the renderer and the widget checks copy them, which proxies would refuse.
      analysis: observableRef,
      previewConfig: observableRef,
      serverProblems: observableRef,
      analysisTimer: false,
      previewTimer: false,
    });
  }

  /** Loads the page (or starts a new one from `startText`), the menu tree and the datasets. */
  async start(startText: string): Promise<void> {
    void this.menuTree.load();
    // Without the dataset list the queries are checked on save, by the server.
    void this.datasets.load().then(() => this.analyseNow());
    await this.detail.load();
    const detail = this.detail.data?.page;
    if (detail) this.replaceText(configText(detail.config), true);
    else if (this.id === null) this.replaceText(startText, true);
  }

  dispose(): void {
    clearTimeout(this.analysisTimer);
    clearTimeout(this.previewTimer);
  }

  /** A keystroke in the editor: problems and preview follow after a pause. */
  setText(text: string): void {
    if (text === this.text) return;
    this.text = text;
    clearTimeout(this.analysisTimer);
    clearTimeout(this.previewTimer);
    this.analysisTimer = setTimeout(() => this.analyseNow(), ANALYSIS_DELAY_MS);
    this.previewTimer = setTimeout(() => this.previewNow(), PREVIEW_DELAY_MS);
  }

  /** Puts new text in the editor (a template, a reload); `saved` marks it as what the server holds. */
  replaceText(text: string, saved = false): void {
    this.text = text;
    if (saved) this.savedText = text;
    this.revision++;
    this.analyseNow();
    this.previewNow();
  }

  analyseNow(): void {
    clearTimeout(this.analysisTimer);
    this.analysis = analyseConfigText(this.text, this.datasets.data);
  }

  /** Draws the last analysed config when the renderer can; the analysis, due sooner, has run by then. */
  private previewNow(): void {
    clearTimeout(this.previewTimer);
    if (!isPreviewable(this.analysis) || this.analysis.config === this.previewConfig) return;
    this.previewConfig = this.analysis.config as PageConfig;
    this.previewRevision++;
  }

  /** Every problem to show: the checks' and, for the text it was sent, the server's. */
  get problems(): ConfigProblem[] {
    const server = this.serverProblems?.text === this.text ? this.serverProblems.problems : [];
    return [...this.analysis.problems, ...server];
  }

  /** True when the preview shows an older version than the text. */
  get previewBehind(): boolean {
    return this.previewConfig !== null && !isPreviewable(this.analysis);
  }

  get dirty(): boolean {
    return this.text !== this.savedText || this.settingsChanged;
  }

  setSettingsChanged(changed: boolean): void {
    this.settingsChanged = changed;
  }

  /**
   * Places a refused save's message: a 400 naming `config…` is marked in the text (until the
   * text changes), one naming a setting goes beside that field, a 409 (a taken route) beside
   * the route; anything else is said above the form.
   */
  placeFailure(failure: unknown, fallback: string): SaveFailure {
    const text = messageOf(failure, fallback);
    if (!(failure instanceof ApiError) || failure.kind !== 'http') return { at: 'form', text };
    if (failure.status === 409) return { at: 'field', field: ['route'], text };
    const refused = problemsUnder(problemsOfFailure(failure), 'config');
    if (refused.length) {
      const problems = refused.map((p) => ({ ...placeProblem(this.text, null, p.path, p.message, 'server'), key: p.key, params: p.params }));
      this.serverProblems = { text: this.text, problems };
      return { at: 'config', problem: problems[0]! };
    }
    const named = failure.status === 400 ? pathOfMessage(text) : null;
    if (named && /^config(\.|\[|$)/.test(named.path)) {
      const problem = placeProblem(this.text, null, named.path.replace(/^config\.?/, ''), named.text, 'server');
      this.serverProblems = { text: this.text, problems: [problem] };
      return { at: 'config', problem };
    }
    const field = named ? FIELD_OF_PATH[named.path] : undefined;
    return field ? { at: 'field', field, text: named!.text } : { at: 'form', text };
  }

  /** The request body: the settings and the parsed text. The checks must have passed. */
  body(settings: PageSettings): PageCreateBody {
    const website = settings.kind === 'website';
    const hadMenu = this.detail.data?.page?.menu != null;
    let menu: PageMenuInput | null | undefined;
    if (!website && settings.inMenu && settings.menu?.parentId !== undefined) {
      const { parentId, title, icon } = settings.menu;
      menu = { parentId, ...(title && normalizeText(title) ? { title: normalizeText(title) } : {}), ...(icon ? { icon } : hadMenu ? { icon: '' } : {}) };
    } else if (hadMenu) {
      menu = null;
    }
    return {
      route: website ? null : (settings.route ?? '').trim(),
      kind: settings.kind,
      published: settings.published,
      config: JSON.parse(this.text) as Record<string, unknown>,
      ...(menu !== undefined ? { menu } : {}),
    };
  }

  /** Creates or updates; the stored page becomes the saved state. */
  async save(settings: PageSettings): Promise<StoredPage> {
    const body = this.body(settings);
    const text = this.text;
    this.saving = true;
    try {
      const saved = this.id === null ? await this.sources.api.createPage(body) : await this.sources.api.updatePage({ id: this.id, ...body });
      runInAction(() => {
        this.savedText = text;
        this.settingsChanged = false;
        this.serverProblems = null;
      });
      return saved;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
