import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Tag } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuerySort } from '../../src/core/query/query-spec.ts';
import { isRowsResult, resultRows, type WidgetRenderProps } from '../types.ts';
import { ColumnFilter } from './column-filter.tsx';
import { RowBlocks } from './row-blocks.ts';
import { alignOf, cellText, columnFilterClause, filterKindOf, resolveColumns, type TableColumn } from './table-columns.ts';
import './table-widget.css';

export interface TableProps {
  columns?: TableColumn[];
  rowHeight: number;
  striped: boolean;
  showTotal: boolean;
}

/** Rows per block when the query names no page size. */
const DEFAULT_BLOCK_SIZE = 100;
/** Scrolling settles this long before missing blocks are asked for, so a fling fetches only where it stops. */
const FETCH_DELAY_MS = 60;
// antd names the blue status `processing`; the schema's `info` means the same.
const TAG_COLORS: Record<string, string> = { info: 'processing' };

type ViewState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; blocks: RowBlocks };

function nextSort(current: QuerySort | null, field: string): QuerySort | null {
  if (current?.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

/**
 * Server-side paged, sorted and filtered rows in a virtual body: only the rows in view are
 * drawn, and their blocks are fetched as the viewport reaches them.
 */
export default function TableWidget({ widget, props, data, fetchData }: WidgetRenderProps<TableProps>) {
  const { t, i18n } = useTranslation('widgets');
  const gridId = useId();
  const result = data.status === 'ready' ? data.result : null;
  const paged = result ? isRowsResult(result) : true;
  const firstRows = result ? resultRows(result) : [];
  const columns = resolveColumns(props.columns, firstRows[0]);
  const [sort, setSort] = useState<QuerySort | null>(null);
  const [columnValues, setColumnValues] = useState<Record<string, unknown>>({});
  const [view, setView] = useState<ViewState>({ status: 'loading' });
  const [, setVersion] = useState(0);
  const [active, setActive] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const clauses = columns.flatMap((column) => {
    const clause = columnFilterClause(column, filterKindOf(column), columnValues[column.field]);
    return clause ? [clause] : [];
  });
  const queryKey = JSON.stringify([sort, clauses, attempt]);
  const blockSize = result && isRowsResult(result) ? result.pageSize || DEFAULT_BLOCK_SIZE : DEFAULT_BLOCK_SIZE;

  // A new answer from the page (its filters changed), a sort or a column filter: start again.
  useEffect(() => {
    if (!result) return;
    const [ownSort, ownFilters] = JSON.parse(queryKey) as [QuerySort | null, typeof clauses];
    const override = { ...(ownSort ? { sort: [ownSort] } : {}), filters: ownFilters };
    const fetchBlock = async (pageNum: number) => {
      const answer = await fetchData(paged ? { ...override, pageNum, pageSize: blockSize } : override);
      const rows = resultRows(answer);
      return { rows, total: isRowsResult(answer) ? answer.total : rows.length };
    };
    const total = isRowsResult(result) ? result.total : result.rows.length;
    const blocks = new RowBlocks(fetchBlock, paged ? blockSize : Math.max(1, total), total, () => setVersion((v) => v + 1));
    setActive(0);
    scrollRef.current?.scrollTo({ top: 0 });
    if (!ownSort && ownFilters.length === 0) {
      blocks.seed(1, resultRows(result));
      setView({ status: 'ready', blocks });
      return () => blocks.close();
    }
    setView({ status: 'loading' });
    let live = true;
    fetchBlock(1).then(
      (first) => {
        if (!live) return;
        blocks.total = first.total;
        blocks.seed(1, first.rows);
        setView({ status: 'ready', blocks });
      },
      (failure: unknown) => live && setView({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
      blocks.close();
    };
    // fetchData and paged follow `result`; the query key carries sort and filters.
  }, [result, queryKey, blockSize]);

  const blocks = view.status === 'ready' ? view.blocks : null;
  const total = blocks?.total ?? 0;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => props.rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (!blocks) return;
    const timer = setTimeout(() => blocks.ensure(first, last), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocks, first, last]);

  const template = columns.map((c) => (c.width ? `${c.width}px` : 'minmax(110px, 1fr)')).join(' ');
  const minWidth = columns.reduce((sum, c) => sum + (c.width ?? 110), 0);
  const yesNo: [string, string] = [t('table.yes'), t('table.no')];
  const language = i18n.language;
  const titleOf = (column: TableColumn) => column.title ?? column.field;

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(total - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || total === 0) return;
    const page = Math.max(1, items.length - 2);
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, PageDown: active + page, PageUp: active - page, Home: 0, End: total - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  const renderCell = (column: TableColumn, row: Record<string, unknown>) => {
    const value = row[column.field];
    const text = cellText(column, value, language, yesNo);
    if (column.type === 'tag' && text) {
      const color = column.colors?.[String(value)];
      return <Tag color={color ? (TAG_COLORS[color] ?? color) : undefined}>{text}</Tag>;
    }
    return text;
  };

  const failed = blocks ? items.some((item) => blocks.rowFailed(item.index)) : false;
  const filtered = clauses.length > 0;

  return (
    <div className="table-widget">
      <div
        ref={scrollRef}
        id={gridId}
        className="table-widget-scroll"
        role="grid"
        aria-label={widget.title}
        aria-rowcount={total + 1}
        aria-colcount={columns.length}
        aria-activedescendant={total > 0 ? `${gridId}-row-${active}` : undefined}
        aria-busy={view.status === 'loading'}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div className="table-widget-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
          {columns.map((column) => {
            const direction = sort?.field === column.field ? sort.order : undefined;
            const kind = filterKindOf(column);
            return (
              <div
                key={column.field}
                role="columnheader"
                className={`table-widget-th table-widget-align-${alignOf(column)}`}
                aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
              >
                {column.sortable ? (
                  <button type="button" className="table-widget-sort" onClick={() => setSort(nextSort(sort, column.field))} title={t('table.sortBy', { column: titleOf(column) })}>
                    <span className="table-widget-th-text">{titleOf(column)}</span>
                    {direction === 'asc' ? <ArrowUpOutlined aria-hidden /> : direction === 'desc' ? <ArrowDownOutlined aria-hidden /> : null}
                  </button>
                ) : (
                  <span className="table-widget-th-text">{titleOf(column)}</span>
                )}
                {kind !== 'none' ? (
                  <ColumnFilter
                    column={column}
                    kind={kind}
                    title={titleOf(column)}
                    value={columnValues[column.field] ?? null}
                    onChange={(value) => setColumnValues((values) => ({ ...values, [column.field]: value }))}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
        {view.status === 'loading' ? (
          <p className="table-widget-message" role="status">
            {t('cell.loading')}
          </p>
        ) : view.status === 'error' ? (
          <div className="table-widget-message" role="alert">
            {t('cell.loadFailed')} {view.message}{' '}
            <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
              {t('cell.retry')}
            </Button>
          </div>
        ) : total === 0 ? (
          <p className="table-widget-message">{t('table.noMatch')}</p>
        ) : (
          <div className="table-widget-body" role="rowgroup" style={{ height: virtualizer.getTotalSize(), minWidth }}>
            {items.map((item) => {
              const row = blocks!.row(item.index);
              const classes = ['table-widget-row'];
              if (props.striped && item.index % 2 === 1) classes.push('table-widget-row-striped');
              if (item.index === active) classes.push('table-widget-row-active');
              return (
                <div
                  key={item.key}
                  id={`${gridId}-row-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={item.index === active}
                  className={classes.join(' ')}
                  style={{ height: item.size, transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
                  onClick={() => setActive(item.index)}
                >
                  {columns.map((column) =>
                    row ? (
                      <div key={column.field} role="gridcell" className={`table-widget-td table-widget-align-${alignOf(column)}`}>
                        {renderCell(column, row)}
                      </div>
                    ) : (
                      <div key={column.field} role="gridcell" className="table-widget-td" aria-busy="true">
                        <span className="table-widget-placeholder" />
                      </div>
                    ),
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {props.showTotal || failed || filtered ? (
        <div className="table-widget-foot">
          {props.showTotal && view.status === 'ready' ? <span>{t('table.total', { count: total, formatted: total.toLocaleString(language) })}</span> : <span />}
          <span className="table-widget-foot-actions">
            {failed ? (
              <Button size="small" type="link" icon={<ReloadOutlined />} onClick={() => blocks?.retryFailed()}>
                {t('table.retryRows')}
              </Button>
            ) : null}
            {filtered ? (
              <Button size="small" type="link" onClick={() => setColumnValues({})}>
                {t('table.clearFilters')}
              </Button>
            ) : null}
          </span>
        </div>
      ) : null}
    </div>
  );
}
