import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { ResultColumn } from './database.ts';

/**
 * The database's wall around a registered view (the BI module's SQL check is the other one).
 * A view's SQL is a tenant's own text; whatever a checker misses, it must find nothing to read
 * but the caller's rows. So it never runs where the tables are: the rows of each relation it
 * reads are taken first by trusted queries (the tenant's and the caller's scope applied), and
 * handed as JSON to a connection that holds no table at all — on SQLite an empty in-memory
 * database, on PostgreSQL a login of its own with no rights on any table, in a read-only
 * transaction with a statement timeout (pg-view-reader.ts).
 */

/** One run of a view. */
export interface ConfinedRun {
  /** Trusted queries, one per relation the view reads, each selecting the relation's columns in order. */
  relations: readonly CompiledQuery[];
  /** The view's query over them, where the parameter {@link relationRows}(i) stands for relation i's rows as JSON arrays. */
  query: CompiledQuery;
}

export interface ConfinedReads {
  /** The rows of `run.query`; relation queries run on `trusted` where the dialect needs it (PostgreSQL). */
  rows(run: ConfinedRun, deadline: number, trusted: (query: CompiledQuery) => Promise<readonly unknown[]>): Promise<unknown[]>;
  /** The result columns of a query over empty relations, reading nothing. */
  describe(query: CompiledQuery, deadline: number): Promise<ResultColumn[]>;
}

/** A view's reads under one time limit, with the limit's trusted connection for its relations (dataset service's withTimeLimit). */
export interface ViewRunner {
  rows(run: ConfinedRun): Promise<unknown[]>;
  describe(query: CompiledQuery): Promise<ResultColumn[]>;
}

/** Stands, among a query's parameters, for the rows of relation `index`. */
export interface RelationRows {
  relationRows: number;
}

export const relationRows = (index: number): RelationRows => ({ relationRows: index });

const isRelationRows = (value: unknown): value is RelationRows =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as RelationRows).relationRows === 'number';

/** A query's parameters with each relation's rows in place: the JSON text of one array per row. */
export function fillRelationRows(parameters: readonly unknown[], relations: readonly (readonly unknown[])[]): unknown[] {
  return parameters.map((p) => (isRelationRows(p) ? JSON.stringify(relations[p.relationRows]!.map((row) => Object.values(row as Record<string, unknown>))) : p));
}

/** The same parameters with every relation empty (to describe a query). */
export const emptyRelationRows = (parameters: readonly unknown[]) => parameters.map((p) => (isRelationRows(p) ? '[]' : p));

/** The time left until `deadline`, at least a millisecond. */
export const msLeft = (deadline: number) => Math.max(1, Math.round(deadline - Date.now()));

/** SQLite: a database with no table, that no statement may change: where a view's SQL runs. */
export function openConfinement(): SQLite.Database {
  const confinement = new SQLite(':memory:');
  confinement.pragma('query_only = ON');
  return confinement;
}
