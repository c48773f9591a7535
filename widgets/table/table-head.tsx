import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuerySort } from '../../src/core/query/query-spec.ts';
import { ColumnFilter } from './column-filter.tsx';
import { alignOf, filterKindOf, type TableColumn } from './table-columns.ts';

export interface TableHeadProps {
  columns: TableColumn[];
  /** CSS grid columns, shared with the rows. */
  template: string;
  minWidth: number;
  sort: QuerySort | null;
  columnValues: Record<string, unknown>;
  onSort: (field: string) => void;
  onFilter: (field: string, value: unknown) => void;
}

const columnTitle = (column: TableColumn) => column.title ?? column.field;

/**
 * The sticky header row: sort buttons and column filters. Memoised, so that scrolling,
 * which draws the table again at every step, leaves the header and its popovers alone.
 */
export const TableHead = memo(function TableHead({ columns, template, minWidth, sort, columnValues, onSort, onFilter }: TableHeadProps) {
  const { t } = useTranslation('widgets');
  return (
    <div className="table-widget-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
      {columns.map((column) => {
        const direction = sort?.field === column.field ? sort.order : undefined;
        const kind = filterKindOf(column);
        const title = columnTitle(column);
        return (
          <div
            key={column.field}
            role="columnheader"
            className={`table-widget-th table-widget-align-${alignOf(column)}`}
            aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
          >
            {column.sortable ? (
              <button type="button" className="table-widget-sort" onClick={() => onSort(column.field)} title={t('table.sortBy', { column: title })}>
                <span className="table-widget-th-text">{title}</span>
                {direction === 'asc' ? <ArrowUpOutlined aria-hidden /> : direction === 'desc' ? <ArrowDownOutlined aria-hidden /> : null}
              </button>
            ) : (
              <span className="table-widget-th-text">{title}</span>
            )}
            {kind !== 'none' ? (
              <ColumnFilter
                column={column}
                kind={kind}
                title={title}
                value={columnValues[column.field] ?? null}
                onChange={(value) => onFilter(column.field, value)}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
});
