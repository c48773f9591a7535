import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, TransactionSettings } from 'kysely';
import { LruMap } from '../../core/lru-map.ts';

/** The channel the database's triggers notify on (migration 016), naming the table changed. */
export const CHANGES_CHANNEL = 'plinth_changes';
/** Stands for every table: a write whose table cannot be told (raw SQL). */
const ANY_TABLE = '*';

/**
 * Whether another connection committed to the database since the last call; for a database
 * that announces nothing but can be asked cheaply (SQLite's data_version).
 */
export type CommitsElsewhere = () => boolean;

/**
 * What changed in the database, for caches of rows that are read on every request (a token's
 * session, a form's row) and change seldom. Two sources: this server's own writes, seen by
 * the driver (while one is being written, nothing is kept, and once it is committed or
 * rolled back everything kept is forgotten), and every other connection's. PostgreSQL's triggers notify those on
 * {@link CHANGES_CHANNEL} (within milliseconds of their commit); only while that notice
 * stream is connected may anything be kept. SQLite is asked at every look whether another
 * connection committed, and if so everything counts as changed.
 */
export class ChangeFeed {
  private live = false;
  /** Moves when the feed connects or drops: what was kept across a gap is not trusted. */
  private epoch = 0;
  private readonly changes = new Map<string, number>();
  private readonly writing = new Map<string, number>();

  constructor(private readonly commitsElsewhere?: CommitsElsewhere) {}

  /**
   * A mark of the tables' state: the same mark means nothing of them changed in between; null
   * means nothing read of them may be kept now (no notices, or one of them is being written).
   */
  stamp(tables: readonly string[]): string | null {
    if (this.commitsElsewhere?.()) this.changed(ANY_TABLE);
    if (!this.live || this.writing.get(ANY_TABLE)) return null;
    let sum = this.changes.get(ANY_TABLE) ?? 0;
    for (const table of tables) {
      if (this.writing.get(table)) return null;
      sum += this.changes.get(table) ?? 0;
    }
    return `${this.epoch}:${sum}`;
  }

  /** A notice came: `table` changed (a name this server does not watch changes nothing). */
  changed(table: string): void {
    this.changes.set(table, (this.changes.get(table) ?? 0) + 1);
  }

  writeStarted(tables: readonly string[]): void {
    for (const table of tables) this.writing.set(table, (this.writing.get(table) ?? 0) + 1);
  }

  /** A write of this server is over (committed or not): its tables changed. */
  writeEnded(tables: readonly string[]): void {
    for (const table of tables) {
      const left = (this.writing.get(table) ?? 1) - 1;
      if (left > 0) this.writing.set(table, left);
      else this.writing.delete(table);
      this.changed(table);
    }
  }

  connected(): void {
    this.live = true;
    this.epoch++;
  }

  disconnected(): void {
    this.live = false;
    this.epoch++;
  }
}

/**
 * Rows of `tables` kept by key while none of the tables changes (see {@link ChangeFeed}):
 * everything kept is forgotten at the first change, which suits rows that change seldom.
 */
export class ChangeCache<V> {
  private readonly entries: LruMap<string, V>;
  private stamp: string | null = null;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly tables: readonly string[],
    capacity: number,
  ) {
    this.entries = new LruMap(capacity);
  }

  /** The value under `key`, loaded when not kept; a load during a change is not kept. */
  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const stamp = this.feed.stamp(this.tables);
    if (stamp === null) return load();
    if (stamp !== this.stamp) {
      this.entries.clear();
      this.stamp = stamp;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = await load();
    if (value !== undefined && this.feed.stamp(this.tables) === stamp) this.entries.set(key, value);
    return value;
  }
}

type TableRef = { kind: string; table?: { identifier: { name: string } }; node?: TableRef };
type WriteNode = OperationNode & { into?: TableRef; table?: TableRef; from?: { froms: TableRef[] }; sqlFragments?: readonly string[] };

const tableName = (ref: TableRef | undefined): string => {
  if (ref?.kind === 'TableNode' && ref.table) return ref.table.identifier.name;
  if (ref?.kind === 'AliasNode') return tableName(ref.node);
  return ANY_TABLE;
};

const RAW_WRITE = /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge|truncate)\b/i;

/** The tables a statement writes; empty for a read. Raw SQL that writes counts as every table. */
export function writtenTables(node: OperationNode): string[] {
  const write = node as WriteNode;
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return [tableName(write.into)];
    case 'UpdateQueryNode':
      return [tableName(write.table)];
    case 'DeleteQueryNode':
      return (write.from?.froms ?? []).map(tableName);
    case 'RawNode':
      return RAW_WRITE.test(write.sqlFragments?.join('?') ?? '') ? [ANY_TABLE] : [];
    default:
      return [];
  }
}

/** A connection that tells the feed of its writes: at once outside a transaction, at its end inside one. */
class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  private readonly pending: string[][] = [];

  constructor(
    readonly inner: DatabaseConnection,
    private readonly feed: ChangeFeed,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!writtenTables(query.query).length) return this.inner.executeQuery<R>(query);
    // Triggers and cascades write tables a statement does not name (a group deleted takes its
    // members with it and moves the tenant's rights revision): a write counts as every table.
    const tables = [ANY_TABLE];
    this.feed.writeStarted(tables);
    if (this.inTransaction) {
      this.pending.push(tables);
      return this.inner.executeQuery<R>(query);
    }
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      this.feed.writeEnded(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The transaction is over: what it wrote is committed, or was never there. */
  settle(): void {
    this.inTransaction = false;
    for (const tables of this.pending.splice(0)) this.feed.writeEnded(tables);
  }
}

class WriteTrackingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly feed: ChangeFeed,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.inner.acquireConnection(), this.feed);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const tracked = connection as TrackedConnection;
    await this.inner.beginTransaction(tracked.inner, settings);
    tracked.inTransaction = true;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, (inner) => this.inner.commitTransaction(inner));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.endTransaction(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  /** Ends the transaction; what it wrote counts as changed whether or not that went well. */
  private async endTransaction(connection: DatabaseConnection, end: (inner: DatabaseConnection) => Promise<void>): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await end(tracked.inner);
    } finally {
      tracked.settle();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    await this.inner.savepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    // A connection handed back inside a transaction (an error on the way) ends it with the pool's reset.
    if (tracked.inTransaction) tracked.settle();
    await this.inner.releaseConnection(tracked.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its writes told to `feed`. */
export function trackingWrites(dialect: Dialect, feed: ChangeFeed): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WriteTrackingDriver(dialect.createDriver(), feed),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** What listening needs of a PostgreSQL client (pg's Client). */
export interface NoticeClient {
  on(event: 'notification', listener: (notice: { payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: () => void): unknown;
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<unknown>;
}

/** Wait before listening again after the connection dropped. */
const RELISTEN_MS = 1_000;

/**
 * Keeps a connection listening on {@link CHANGES_CHANNEL} and hands each notice to `feed`;
 * when it drops, the feed stops trusting anything kept and a new connection is made.
 */
export function listenForChanges(feed: ChangeFeed, newClient: () => NoticeClient): { close(): Promise<void> } {
  let client: NoticeClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const drop = (lost: NoticeClient) => {
    if (client !== lost) return;
    client = null;
    feed.disconnected();
    void lost.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void listen(), RELISTEN_MS).unref();
  };

  const listen = async () => {
    retry = null;
    const next = newClient();
    client = next;
    next.on('notification', (notice) => feed.changed(notice.payload || ANY_TABLE));
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (client === next && !closed) feed.connected();
    } catch {
      drop(next);
    }
  };

  void listen();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      feed.disconnected();
      await last?.end().catch(() => undefined);
    },
  };
}
