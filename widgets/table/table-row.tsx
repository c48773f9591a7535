import { Tag } from 'antd';
import { memo } from 'react';
import type { ResultColumn } from '../../src/core/query/query-spec.ts';
import type { ValueWords } from '../../src/core/value-format.ts';
import { alignOf, cellText, type TableColumn } from './table-columns.ts';

// antd names the blue status `processing`; the schema's `info` means the same.
const TAG_COLORS: Record<string, string> = { info: 'processing' };

export interface TableRowProps {
  gridId: string;
  index: number;
  /** The row's data; undefined while its block is on its way (a placeholder row is drawn). */
  row: Record<string, unknown> | undefined;
  columns: TableColumn[];
  /** CSS grid columns, shared with the header. */
  template: string;
  height: number;
  /** px from the top of the body. */
  start: number;
  striped: boolean;
  active: boolean;
  words: ValueWords;
  /** What the answer says each column holds. */
  described: ReadonlyMap<string, ResultColumn>;
  onSelect: (index: number) => void;
}

function Cell({ column, value, words, about }: { column: TableColumn; value: unknown; words: ValueWords; about: ResultColumn | undefined }) {
  const text = cellText(column, value, words, about);
  if (column.type === 'tag' && text) {
    const color = column.colors?.[String(value)];
    return <Tag color={color ? (TAG_COLORS[color] ?? color) : undefined}>{text}</Tag>;
  }
  return text;
}

/**
 * One row of the virtual body. Memoised: while the table scrolls, only the rows that come
 * into view (or whose data arrives) are drawn; the rest keep their props and are skipped.
 */
export const TableRow = memo(function TableRow({ gridId, index, row, columns, template, height, start, striped, active, words, described, onSelect }: TableRowProps) {
  const classes = ['table-widget-row'];
  if (striped && index % 2 === 1) classes.push('table-widget-row-striped');
  if (active) classes.push('table-widget-row-active');
  if (!row) classes.push('table-widget-row-loading');
  return (
    <div
      id={`${gridId}-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={active}
      className={classes.join(' ')}
      style={{ height, transform: `translateY(${start}px)`, gridTemplateColumns: template }}
      onClick={() => onSelect(index)}
    >
      {columns.map((column) =>
        row ? (
          <div key={column.field} role="gridcell" className={`table-widget-td table-widget-align-${alignOf(column)}`}>
            <Cell column={column} value={row[column.field]} words={words} about={described.get(column.field)} />
          </div>
        ) : (
          <div key={column.field} role="gridcell" className="table-widget-td" aria-busy="true">
            <span className="table-widget-placeholder" />
          </div>
        ),
      )}
    </div>
  );
});
