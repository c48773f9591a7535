import { ReloadOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuerySort, ResultColumn } from '../../src/core/query/query-spec.ts';
import { isRowsResult, resultRows, type WidgetRenderProps } from '../types.ts';
import { useValueWords } from '../value-words.ts';
import { RowBlocks } from './row-blocks.ts';
import { columnFilterClause, filterKindOf, resolveColumns, type TableColumn } from './table-columns.ts';
import { TableHead } from './table-head.tsx';
import { TableRow } from './table-row.tsx';
import './table-widget.css';
import { textIn } from '../../src/core/local-text.ts';

export interface TableProps {
  columns?: TableColumn[];
  rowHeight: number;
  striped: boolean;
  showTotal: boolean;
}

/** Rows per block when the query names no page size. */
const DEFAULT_BLOCK_SIZE = 100;
/** A fling settles this long before missing blocks are asked for, so it fetches only where it stops. */
const FETCH_DELAY_MS = 60;

type ViewState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; blocks: RowBlocks };

/** Adds what an answer says of its columns to what is known, the labels of both kept. */
function learnColumns(known: Map<string, ResultColumn>, columns: readonly ResultColumn[] | undefined): void {
  for (const column of columns ?? []) {
    const before = known.get(column.name);
    known.set(column.name, before?.labels && column.labels ? { ...column, labels: { ...before.labels, ...column.labels } } : column);
  }
}

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
  const firstRow = result ? resultRows(result)[0] : undefined;
  const words = useValueWords();
  // What the answers say the columns hold, the labels of every answer kept: each block of rows
  // names the people in it, and rows drawn before a new answer keep their names until replaced.
  const described = useRef(new Map<string, ResultColumn>()).current;
  learnColumns(described, result?.columns);
  // One array while the props, first row and words stay, so the memoised header and rows can skip drawing.
  const columns = useMemo(() => resolveColumns(props.columns, firstRow, described, words), [props.columns, firstRow, described, words, result]);
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
      learnColumns(described, answer.columns);
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
  // Rows are keyed by slot (index modulo the most rows ever drawn at once): a row that leaves the
  // view hands its elements to the one that comes in, so a fast scroll updates rows, not rebuilds them.
  const slots = useRef(0);
  slots.current = Math.max(slots.current, items.length);
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const firstBefore = useRef(first);
  useEffect(() => {
    if (!blocks) return;
    const moved = Math.abs(first - firstBefore.current);
    firstBefore.current = first;
    // Reading (less than a screen per step) fetches at once, so rows arrive before they come into
    // view; a fling or a jump waits until it stops, so it fetches only where it lands.
    if (moved <= last - first) {
      blocks.ensure(first, last);
      return;
    }
    const timer = setTimeout(() => blocks.ensure(first, last), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocks, first, last]);

  const template = columns.map((c) => (c.width ? `${c.width}px` : 'minmax(110px, 1fr)')).join(' ');
  const minWidth = columns.reduce((sum, c) => sum + (c.width ?? 110), 0);
  const language = words.language;
  const onSort = useCallback((field: string) => setSort((current) => nextSort(current, field)), []);
  const onFilter = useCallback((field: string, value: unknown) => setColumnValues((values) => ({ ...values, [field]: value })), []);

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

  const failed = blocks ? items.some((item) => blocks.rowFailed(item.index)) : false;
  const filtered = clauses.length > 0;

  return (
    <div className="table-widget">
      <div
        ref={scrollRef}
        id={gridId}
        className="table-widget-scroll"
        role="grid"
        aria-label={textIn(widget.title, i18n.language) || undefined}
        aria-rowcount={total + 1}
        aria-colcount={columns.length}
        aria-activedescendant={total > 0 ? `${gridId}-row-${active}` : undefined}
        aria-busy={view.status === 'loading'}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <TableHead columns={columns} template={template} minWidth={minWidth} sort={sort} columnValues={columnValues} onSort={onSort} onFilter={onFilter} />
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
            {items.map((item) => (
              <TableRow
                key={item.index % slots.current}
                gridId={gridId}
                index={item.index}
                row={blocks!.row(item.index)}
                columns={columns}
                template={template}
                height={item.size}
                start={item.start}
                striped={props.striped}
                active={item.index === active}
                words={words}
                described={described}
                onSelect={setActive}
              />
            ))}
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
