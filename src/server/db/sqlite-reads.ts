import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CompiledQuery, Kysely } from 'kysely';
import type { ConfinedRun } from './confined-reads.ts';
import { kyselyRunBy } from './kysely-run-by.ts';
import type { DB } from './schema.ts';
import type { PlainQuery, ReadAnswer, ReadPayload, ReadRequest } from './sqlite-read-process.ts';

/** What crosses to the read process of a compiled query: its text and parameters, not its syntax tree. */
const plain = (query: CompiledQuery): PlainQuery => ({ sql: query.sql, parameters: query.parameters });

/** A read that outlived its limit; its process was stopped. */
export class ReadTimedOut extends Error {
  constructor() {
    super('The read ran past its time limit and was stopped');
  }
}

/** The process was stopped for another read's sake: this one may run again. */
class ReadInterrupted extends Error {}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** Times a read is started again when its process is stopped under it. */
const RUNS_MAX = 3;

/** Run from the sources (tsx) the read process is a .ts file beside this one; run from the build, its .js entry. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const PROCESS_SCRIPT = fileURLToPath(new URL(`./sqlite-read-process.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url));

/**
 * SQLite reads with a time limit. better-sqlite3 runs a statement to its end on the calling
 * thread and offers no way to interrupt it, so dataset queries (a registered view may be as
 * slow as its author wrote it) run in a child process with a read-only connection to the same
 * file (WAL lets it read beside the server's writes), and a read past its deadline kills that
 * process: the statement stops, the server answers, and the next read starts a fresh process.
 */
export class SqliteReads {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly file: string) {}

  private start(): ChildProcess {
    const child = fork(PROCESS_SCRIPT, [this.file], {
      execArgv: FROM_SOURCES ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (answer: ReadAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.rows);
    });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
      this.failPending(() => new ReadInterrupted());
    });
    // A server that is otherwise done does not wait for this process.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private failPending(error: () => Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(error());
  }

  private stop(): void {
    const child = this.child;
    this.child = null;
    child?.kill('SIGKILL');
  }

  /** Starts the process ahead of the first read (it takes a second to load), as a listening server does. */
  warm(): void {
    this.child ??= this.start();
  }

  /** The rows of a compiled SELECT, or ReadTimedOut once `deadline` (epoch ms) passes. */
  all(query: CompiledQuery, deadline: number): Promise<unknown[]> {
    return this.read(plain(query), deadline);
  }

  /** The rows of a view's run (see confined-reads.ts): its relations read from the file, its query in an empty database. */
  confined(run: ConfinedRun, deadline: number): Promise<unknown[]> {
    return this.read({ relations: run.relations.map(plain), query: plain(run.query) }, deadline);
  }

  private async read(request: ReadPayload, deadline: number): Promise<unknown[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(request, deadline);
      } catch (error) {
        // Another read's limit stopped the process this one was queued in: run it again.
        if (!(error instanceof ReadInterrupted)) throw error;
        if (attempt === RUNS_MAX) throw new Error('The process that reads the database stopped unexpectedly');
      }
    }
  }

  private send(payload: ReadPayload, deadline: number): Promise<unknown[]> {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(new ReadTimedOut());
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ReadTimedOut());
        // The process is busy with this read (or queued behind one as slow): stop it, and have
        // the next one ready for the reads that follow.
        this.stop();
        this.warm();
      }, left);
      this.pending.set(id, {
        resolve: (rows) => {
          clearTimeout(timer);
          resolve(rows);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      const request: ReadRequest = { id, ...payload };
      child.send(request);
    });
  }

  /** A Kysely whose every query runs here, each with `timeoutMs` counted from now. */
  within(timeoutMs: number): Kysely<DB> {
    const deadline = Date.now() + timeoutMs;
    return kyselyRunBy('sqlite', 'time-limited reads', (query) => this.all(query, deadline));
  }

  close(): void {
    this.stop();
    this.failPending(() => new Error('The database is closed'));
  }
}
