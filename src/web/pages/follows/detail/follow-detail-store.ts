import { makeAutoObservable } from 'mobx';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import type { FollowComment, FollowDetail, FollowMove, FollowPerson, HistoryEntry } from '../../../../core/contracts/follows.ts';
import { MOVES } from '../../../../core/follows/status-flow.ts';
import { Loadable } from '../../../ui/loadable.ts';
import type { FollowApi } from '../follow-api.ts';

/** One follow-up with its comments, history and the people who may be mentioned; each write answers the new state. */
export class FollowDetailStore {
  readonly detail: Loadable<FollowDetail>;
  readonly comments: Loadable<FollowComment[]>;
  readonly history: Loadable<HistoryEntry[]>;
  readonly people: Loadable<FollowPerson[]>;
  /** The workspace's trades: a follow-up keeps a trade's code and shows its label. */
  readonly trades: Loadable<DataSourceOption[]>;

  constructor(
    readonly api: FollowApi,
    readonly id: number,
    workspaceCode: string,
  ) {
    this.detail = new Loadable(() => api.get(id));
    this.comments = new Loadable(() => api.comments(id));
    this.history = new Loadable(() => api.history(id));
    this.people = new Loadable(() => api.people(workspaceCode));
    this.trades = new Loadable(() => api.options(workspaceCode, 'trade'));
    makeAutoObservable(this, { api: false, id: false });
  }

  async start(): Promise<void> {
    await Promise.all([this.detail.load(), this.comments.load(), this.history.load(), this.people.load(), this.trades.load()]);
  }

  /** Someone changed it (or the caller did): read it all again, keeping what shows until it answers. */
  async refresh(): Promise<void> {
    await Promise.all([this.detail.load(), this.comments.load(), this.history.load()]);
  }

  async move(move: FollowMove, comment?: string): Promise<void> {
    const detail = this.detail.data;
    if (!detail) return;
    this.detail.set(await this.api.move({ id: detail.id, revision: detail.revision, to: MOVES[move].to, ...(comment ? { comment } : {}) }));
    await Promise.all([this.comments.load(), this.history.load()]);
  }

  async watch(watching: boolean): Promise<void> {
    this.detail.set(await this.api.watch(this.id, watching));
    void this.history.load();
  }

  async comment(text: string, mentionIds: number[]): Promise<void> {
    await this.api.comment(this.id, text, mentionIds);
    await this.refresh();
  }

  async deleteComment(id: number): Promise<void> {
    await this.api.deleteComment(id);
    await this.refresh();
  }
}

/** The people a comment's text names as `@Name` (longest names first, so "Ann Lee" wins over "Ann"). */
export function mentionedIn(text: string, people: readonly FollowPerson[]): number[] {
  const found = new Set<number>();
  let rest = text;
  for (const person of [...people].sort((a, b) => b.name.length - a.name.length)) {
    const tag = `@${person.name}`;
    if (rest.includes(tag)) {
      found.add(person.id);
      rest = rest.split(tag).join(' ');
    }
  }
  return [...found];
}
