import { makeAutoObservable, runInAction } from 'mobx';
import { messageOf } from '../api/error-message.ts';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Data a screen reads from the API, with the state the screen shows while it arrives:
 * loading, failed (with the server's message, for the retry panel) or ready.
 * A reload keeps the data already shown, so a refresh does not blank the screen.
 */
export class Loadable<T> {
  data: T | null = null;
  status: LoadStatus = 'idle';
  error = '';
  private generation = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly fetch: () => Promise<T>) {
    makeAutoObservable<Loadable<T>, 'fetch' | 'generation' | 'pending'>(this, { fetch: false, generation: false, pending: false });
  }

  get loading(): boolean {
    return this.status === 'loading';
  }

  /** Loads; an answer that arrives after a newer load began is dropped. */
  load(): Promise<void> {
    this.pending = this.run();
    return this.pending;
  }

  private async run(): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    this.error = '';
    try {
      const data = await this.fetch();
      if (generation !== this.generation) return;
      runInAction(() => {
        this.data = data;
        this.status = 'ready';
      });
    } catch (failure) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'failed';
        this.error = messageOf(failure, '');
      });
    }
  }

  /** Loads unless loaded already; while a load runs, waits for it. */
  ensure(): Promise<void> {
    return this.status === 'idle' || this.status === 'failed' ? this.load() : this.pending;
  }

  /** Replaces the data after a write answered with the new state. */
  set(data: T): void {
    this.generation++;
    this.data = data;
    this.status = 'ready';
    this.error = '';
  }
}
