import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { DB, TenantTableName } from './schema.ts';

// Kysely cannot type a `where` on a table chosen by a type parameter; the builders are
// typed through one concrete tenant table and handed back typed for the caller's table.
type AnyTenantTable = 'notify';
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's own name for "nothing selected yet"
type NoSelection = {};

/**
 * Query builders that always carry `<table>.tenant_id = <the token's tenant>`. Handlers
 * reach tenant tables through this, so a row of another tenant is simply not there.
 */
export class TenantScope {
  constructor(
    readonly db: Kysely<DB>,
    readonly tenantId: number,
  ) {}

  private tenantColumn(table: TenantTableName) {
    return sql.ref(`${table}.tenant_id`);
  }

  selectFrom<T extends TenantTableName>(table: T): SelectQueryBuilder<DB, T, NoSelection> {
    const query = this.db.selectFrom(table as AnyTenantTable);
    return query.where(this.tenantColumn(table), '=', this.tenantId) as unknown as SelectQueryBuilder<DB, T, NoSelection>;
  }

  updateTable<T extends TenantTableName>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult> {
    const query = this.db.updateTable(table as AnyTenantTable);
    return query.where(this.tenantColumn(table), '=', this.tenantId) as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>;
  }

  deleteFrom<T extends TenantTableName>(table: T): DeleteQueryBuilder<DB, T, DeleteResult> {
    const query = this.db.deleteFrom(table as AnyTenantTable);
    return query.where(this.tenantColumn(table), '=', this.tenantId);
  }

  insertInto<T extends TenantTableName>(table: T, rows: Omit<Insertable<DB[T]>, 'tenant_id'>[]) {
    const values = rows.map((row) => ({ ...row, tenant_id: this.tenantId }));
    return this.db.insertInto(table).values(values as never);
  }

  /** The same scope inside a transaction. */
  with(trx: Kysely<DB>): TenantScope {
    return new TenantScope(trx, this.tenantId);
  }
}
