import { Card, Checkbox, Grid, List, Table, type TableColumnType, type TableProps } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { Fragment, useId, type Key, type ReactNode } from 'react';
import './list-table.css';

export interface ListTableProps<T> extends TableProps<T> {
  /** The columns whose cells head a record's card on a phone (joined by " · "); the first column when none is shown. */
  titleColumns?: readonly Key[];
}

type Column<T> = TableColumnType<T>;

/** A column's data index as the steps into a record (antd types it by the record's deep keys, too costly to follow here). */
function pathOf(dataIndex: unknown): string[] {
  if (dataIndex === undefined || dataIndex === null) return [];
  return (Array.isArray(dataIndex) ? dataIndex : [dataIndex]).map((step) => (typeof step === 'number' ? String(step) : typeof step === 'string' ? step : ''));
}

const keyOf = <T,>(column: Column<T>): Key | undefined => column.key ?? (pathOf(column.dataIndex).join('.') || undefined);

/** What a column shows for a record, as the table draws it. */
function cellOf<T>(column: Column<T>, record: T, index: number): ReactNode {
  const value = pathOf(column.dataIndex).reduce<unknown>((at, step) => (at as Record<string, unknown> | null | undefined)?.[step], record);
  return column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode);
}

/**
 * A list of records: a table from antd's `md` breakpoint up, and on a phone one card per record
 * (its heading, each other column as a labelled line, its actions underneath), so that nothing
 * has to scroll sideways. The column keyed `actions` holds a record's buttons. Paging and row
 * selection work the same in both; sorting is the table's.
 */
export function ListTable<T extends object>({ titleColumns, ...table }: ListTableProps<T>) {
  const screens = Grid.useBreakpoint();
  const idPrefix = useId();
  if (screens.md !== false) return <Table<T> {...table} />;

  const columns = (table.columns ?? []) as Column<T>[];
  const actions = columns.find((column) => column.key === 'actions');
  const shown = columns.filter((column) => column !== actions);
  const headings = shown.filter((column) => titleColumns?.includes(keyOf(column) ?? ''));
  const heads = headings.length > 0 ? headings : shown.slice(0, 1);
  const lines = shown.filter((column) => !heads.includes(column));
  const given = table.rowKey ?? 'key';
  const rowKey = (record: T, index: number): Key => (typeof given === 'function' ? given(record, index) : ((record as Record<PropertyKey, unknown>)[given] as Key));
  const selection = table.rowSelection;
  const selected = new Set<Key>(selection?.selectedRowKeys ?? []);
  const data = [...(table.dataSource ?? [])];
  // A test id or other data attribute given to the table names the cards' list instead.
  const dataAttributes = Object.fromEntries(Object.entries(table).filter(([name]) => name.startsWith('data-')));

  const paging: TablePaginationConfig | false = table.pagination ?? {};
  const pagination =
    paging === false
      ? false
      : {
          current: paging.current,
          pageSize: paging.pageSize,
          total: paging.total,
          showTotal: paging.showTotal,
          size: 'small' as const,
          showSizeChanger: false,
          onChange: (current: number, pageSize: number) => {
            paging.onChange?.(current, pageSize);
            table.onChange?.({ ...paging, current, pageSize }, {}, [], { action: 'paginate', currentDataSource: data });
          },
        };

  return (
    <List<T>
      {...dataAttributes}
      className="list-cards"
      dataSource={data}
      loading={table.loading}
      locale={table.locale?.emptyText === undefined ? undefined : { emptyText: table.locale.emptyText as ReactNode }}
      pagination={pagination}
      renderItem={(record, index) => {
        const key = rowKey(record, index);
        const titleId = `${idPrefix}-${String(key)}`;
        return (
          <List.Item key={key} className="list-card-item" data-row-key={key}>
            <Card
              size="small"
              className="list-card"
              title={
                <span id={titleId} className="list-card-title">
                  {heads.map((column, at) => (
                    <Fragment key={keyOf(column) ?? at}>
                      {at > 0 && <span aria-hidden> · </span>}
                      {cellOf(column, record, index)}
                    </Fragment>
                  ))}
                </span>
              }
              extra={
                selection && (
                  <Checkbox
                    aria-labelledby={titleId}
                    checked={selected.has(key)}
                    onChange={(event) => {
                      const keys = event.target.checked ? [...selected, key] : [...selected].filter((each) => each !== key);
                      const rows = data.filter((row, at) => keys.includes(rowKey(row, at)));
                      selection.onChange?.(keys, rows, { type: 'single' });
                    }}
                  />
                )
              }
            >
              {lines.length > 0 && (
                <dl className="list-card-lines">
                  {lines.map((column, at) => (
                    <div key={keyOf(column) ?? at} className="list-card-line">
                      <dt>{typeof column.title === 'function' ? null : column.title}</dt>
                      <dd>{cellOf(column, record, index)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {actions && <div className="list-card-actions">{cellOf(actions, record, index)}</div>}
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
