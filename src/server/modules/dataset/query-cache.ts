import { LruMap } from '../../../core/lru-map.ts';
import type { DatasetQuery, QueryAggregateResult, QueryRowsResult } from '../../../core/query/query-spec.ts';
import type { Caller } from '../../access/caller.ts';
import type { TenantDataset } from './service.ts';
import type { DatasetSource } from './sources.ts';

type QueryResult = QueryRowsResult | QueryAggregateResult;

const formKey = (form: { id: number; data_revision: number }, version: { version: number }) => ['form', form.id, version.version, form.data_revision];

/** What decides a source's rows: a form's version and data revision; a view's text and the same of every form it reads. */
function sourceKey(source: DatasetSource): unknown[] {
  switch (source.kind) {
    case 'rows':
      return ['rows', source.datasetId];
    case 'form':
      return formKey(source.form, source.version);
    case 'view':
      return ['view', source.view.id, source.view.revision, source.relations.map((r) => (r.kind === 'form' ? formKey(r.form, r.version) : ['rows', r.datasetId]))];
  }
}

/** Results kept (most recently used first out last). */
const CAPACITY = 500;
/** A larger answer is not kept: one big table page would push out many small charts. */
const ROWS_KEPT_MAX = 2_000;

/**
 * Query results of plates and pages, kept in memory and keyed by everything that decides the
 * answer: the tenant, the source and its data revision (a form's records change its
 * `data_revision`, kept by a database trigger, so a cached answer is never served after a
 * write, from any instance), what the caller may see (their data scope), and the query.
 * Stored datasets change only when seeded, before the server answers.
 */
export class QueryResultCache {
  private readonly results = new LruMap<string, QueryResult>(CAPACITY);
  hits = 0;
  misses = 0;

  key(tenantId: number, dataset: TenantDataset, access: Caller, query: DatasetQuery): string {
    const source = sourceKey(dataset.source);
    const reader = access.dataScope === 'tenant' ? ['tenant'] : [access.dataScope, access.session.userId, ...access.workspaceCodes];
    return JSON.stringify([tenantId, source, reader, query]);
  }

  /** Forgets every answer (the next of each query runs on the database). */
  clear(): void {
    this.results.clear();
  }

  async through(key: string, run: () => Promise<QueryResult>): Promise<QueryResult> {
    const kept = this.results.get(key);
    if (kept) {
      this.hits++;
      return kept;
    }
    this.misses++;
    const result = await run();
    const size = 'rows' in result ? result.rows.length : result.list.length;
    if (size <= ROWS_KEPT_MAX) this.results.set(key, result);
    return result;
  }
}
