import { autorun, reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_HEIGHT, type BarGeometry } from '../../core/schedule/bar-geometry.ts';
import { predecessorsText } from './gantt-rows.ts';
import type { LinkType, WallTime } from '../../core/schedule/model.ts';
import { linkTypeAt, previewAt, ZONE_CURSOR, zoneAt, type BarDrag, type DragZone } from './bar-drag.ts';
import { cellText, clockOf, columnOf, type CellContext, type Column, type GanttColumn } from './gantt-columns.ts';
import type { GanttStore } from './gantt-store.ts';
import { dateText, headerText } from './gantt-texts.ts';
import { headerCells } from '../../core/schedule/time-scale.ts';
import { TimelinePainter } from './timeline-painter.ts';
import './gantt.css';

/** The two header rows' height, shared by the grid's column titles and the time scale. */
export const HEADER_HEIGHT = 44;
/** Under this width the grid keeps only the task name, so the timeline keeps room. */
const NARROW_WIDTH = 600;

/** What a test or benchmark may ask of a drawn chart. */
export interface GanttHandle {
  /** Where a task's bar is in the timeline's view (CSS pixels from the timeline body's corner). */
  barOf(taskId: number): BarGeometry | null;
  /** How long the last frame took to draw, in ms. */
  lastFrameMs(): number;
}

/** What the grid's cells may be edited to: the schedule editor supplies it. */
export interface CellEditor {
  canEdit(taskId: number, column: GanttColumn): boolean;
  /** The text a cell's editor opens with. */
  textOf(taskId: number, column: GanttColumn): string;
  /** Takes a typed text: null when taken, else why it is refused (shown beside the cell). */
  commit(taskId: number, column: GanttColumn, text: string): string | null;
}

/** What a dropped bar changes: the schedule editor turns each into an edit. */
export interface BarEditor {
  canDrag(taskId: number, zone: DragZone): boolean;
  /** The task starts no earlier than `start` (MS Project's drag sets that constraint). */
  move(taskId: number, start: WallTime): void;
  /** The task ends at `finish`: its duration is the working time from its start. */
  resize(taskId: number, finish: WallTime): void;
  progress(taskId: number, percent: number): void;
  link(from: number, to: number, type: LinkType): void;
}

export interface GanttChartProps {
  store: GanttStore;
  /** Enter or a double click on a task: editing it (without a cell editor). */
  onEdit?: (taskId: number) => void;
  /** Editing in the grid's cells: Enter, F2, a double click or typing opens the selected cell. */
  cellEditor?: CellEditor;
  onReady?: (handle: GanttHandle) => void;
  /** Dragging bars (move, resize, progress, links): the schedule editor supplies it. */
  barEditor?: BarEditor;
  /** Grid columns left out (a public link's hidden columns); the name always shows. */
  hiddenColumns?: readonly GanttColumn[];
}

/**
 * The gantt chart: the task grid on the reading side, a splitter, and the timeline. Rows are
 * windowed (only those in view are elements or drawn) and so is time; one scroller moves the
 * timeline both ways and the grid follows it, so the two never drift.
 */
export const GanttChart = observer(function GanttChart({ store, onEdit, cellEditor, barEditor, onReady, hiddenColumns }: GanttChartProps) {
  const { t } = useTranslation('schedules');
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const gridBodyRef = useRef<HTMLDivElement>(null);
  const gridScrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement | null>(null);
  // Placed at the scroll when it comes into the page (the rows come and go with an empty schedule).
  const placeRows = (element: HTMLDivElement | null) => {
    rowsRef.current = element;
    if (element) element.style.transform = `translateY(${-store.scrollTop}px)`;
  };
  const narrowRef = useRef(false);
  const painterRef = useRef<TimelinePainter | null>(null);

  // The canvas drawn on the frame after anything it shows changed; the scroller kept in step with the store.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const scroller = scrollerRef.current!;
    const spacer = spacerRef.current!;
    const painter = new TimelinePainter(canvas, store);
    painterRef.current = painter;
    const stopPaint = autorun(() => painter.draw(), { scheduler: (run) => requestAnimationFrame(run) });
    const stopScroll = reaction(
      () => ({ top: store.scrollTop, along: (store.viewStart - store.range.start) * store.pxPerMinute, width: store.axisWidth, height: store.contentHeight, rtl: store.rtl }),
      ({ top, along, width, height, rtl }) => {
        // Written only when changed: a style write before reading the scroll would lay the page out again.
        if (spacer.style.width !== `${width}px`) spacer.style.width = `${width}px`;
        if (spacer.style.height !== `${height}px`) spacer.style.height = `${height}px`;
        if (Math.abs(scroller.scrollTop - top) > 1) scroller.scrollTop = top;
        // The grid's rows follow by a transform: a scroll step renders nothing until a row enters.
        if (rowsRef.current) rowsRef.current.style.transform = `translateY(${-top}px)`;
        if (Math.abs(Math.abs(scroller.scrollLeft) - along) > 1) scroller.scrollLeft = rtl ? -along : along;
      },
      { fireImmediately: true },
    );
    const resize = new ResizeObserver(() => {
      store.setViewSize(scroller.clientWidth, scroller.clientHeight);
      const narrow = (rootRef.current?.clientWidth ?? 0) < NARROW_WIDTH;
      if (narrow !== narrowRef.current) {
        narrowRef.current = narrow;
        store.setGridWidth(narrow ? Math.min(160, store.gridWidth) : Math.max(store.gridWidth, 360));
      }
    });
    resize.observe(scroller);
    if (rootRef.current) resize.observe(rootRef.current);
    onReady?.({ barOf: (taskId) => painter.barOf(taskId), lastFrameMs: () => painter.lastFrameMs });
    return () => {
      stopPaint();
      stopScroll();
      resize.disconnect();
    };
  }, [store, onReady]);

  // Turning the wheel over the grid scrolls the rows, as over the timeline; a pinch or
  // Ctrl+wheel over the timeline zooms. Added by hand: React's wheel listeners are passive.
  useEffect(() => {
    const grid = gridBodyRef.current!;
    const scroller = scrollerRef.current!;
    const onGridWheel = (event: WheelEvent) => {
      event.preventDefault();
      scroller.scrollTop += event.deltaY;
    };
    const onTimelineWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      store.setZoom(store.zoom + (event.deltaY > 0 ? 1 : -1));
    };
    let touchY: number | null = null;
    const onTouchStart = (event: TouchEvent) => (touchY = event.touches[0]?.clientY ?? null);
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (touchY === null || y === undefined) return;
      scroller.scrollTop += touchY - y;
      touchY = y;
    };
    grid.addEventListener('wheel', onGridWheel, { passive: false });
    grid.addEventListener('touchstart', onTouchStart, { passive: true });
    grid.addEventListener('touchmove', onTouchMove, { passive: true });
    scroller.addEventListener('wheel', onTimelineWheel, { passive: false });
    return () => {
      grid.removeEventListener('wheel', onGridWheel);
      grid.removeEventListener('touchstart', onTouchStart);
      grid.removeEventListener('touchmove', onTouchMove);
      scroller.removeEventListener('wheel', onTimelineWheel);
    };
  }, [store]);

  const onScroll = () => {
    const scroller = scrollerRef.current!;
    store.scrollTo(scroller.scrollTop, store.range.start + Math.abs(scroller.scrollLeft) / store.pxPerMinute);
  };

  // A cell opens for editing, or the task is handed to `onEdit` without a cell editor.
  const edit = (taskId: number, column: GanttColumn = store.column, typed?: string): boolean => {
    if (!cellEditor) {
      onEdit?.(taskId);
      return true;
    }
    if (!cellEditor.canEdit(taskId, column)) return false;
    store.startEdit(taskId, column, typed ?? cellEditor.textOf(taskId, column));
    return true;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The cell editor's own keys, and the editor screen's shortcuts, are not the chart's.
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const selected = store.selectedId;
    if (cellEditor && selected !== null && event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key)) {
      if (edit(selected, store.column, event.key)) event.preventDefault();
      return;
    }
    const row = selected === null ? undefined : store.outline.rowOf.get(selected);
    const summary = row !== undefined && store.outline.summary[row];
    const forward = store.rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = store.rtl ? 'ArrowRight' : 'ArrowLeft';
    const page = Math.max(1, Math.floor(store.viewHeight / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        store.moveSelection(1);
        break;
      case 'ArrowUp':
        store.moveSelection(-1);
        break;
      case 'PageDown':
        store.moveSelection(page);
        break;
      case 'PageUp':
        store.moveSelection(-page);
        break;
      case 'Home':
        store.moveSelection(-store.rows.length);
        break;
      case 'End':
        store.moveSelection(store.rows.length);
        break;
      case forward:
        if (summary && store.collapsed.has(selected!)) store.toggle(selected!);
        break;
      case backward:
        if (summary && !store.collapsed.has(selected!)) store.toggle(selected!);
        else store.select(store.parentOfSelection() ?? selected);
        break;
      case '+':
      case '=':
        store.setZoom(store.zoom - 1);
        break;
      case '-':
      case '_':
        store.setZoom(store.zoom + 1);
        break;
      case ' ':
        if (summary) store.toggle(selected!);
        break;
      case 'Enter':
      case 'F2':
        if (selected !== null) edit(selected);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const taskAtPointer = (event: { clientY: number }) => {
    const rect = scrollerRef.current!.getBoundingClientRect();
    const index = Math.floor((event.clientY - rect.top + store.scrollTop) / ROW_HEIGHT);
    const row = store.rows[index];
    return row === undefined ? null : store.model.tasks[row]!.id;
  };

  // Bars dragged with a mouse or pen (a finger scrolls): the zone under the pointer says what the drag does.
  const pointIn = (event: { clientX: number; clientY: number }) => {
    const rect = scrollerRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const zoneUnder = (event: { clientX: number; clientY: number }) => {
    const taskId = taskAtPointer(event);
    const bar = taskId === null ? null : painterRef.current?.barOf(taskId);
    if (taskId === null || !bar) return null;
    const { x, y } = pointIn(event);
    const zone = zoneAt(bar, x, y, store.rtl);
    return zone && barEditor?.canDrag(taskId, zone) ? { taskId, zone, bar } : null;
  };
  const dragging = useRef(false);
  const onBarPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!barEditor || event.button !== 0 || event.pointerType === 'touch') return;
    const under = zoneUnder(event);
    if (!under) return;
    const drawn = store.drawn[store.outline.rowOf.get(under.taskId)!]!;
    if (drawn.start === undefined || drawn.finish === undefined) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = pointIn(event);
    const begun: BarDrag = {
      taskId: under.taskId,
      zone: under.zone,
      start: drawn.start,
      finish: drawn.finish,
      percent: drawn.task.percentComplete,
      fromX: x,
      x,
      y,
      preview: { start: drawn.start, finish: drawn.finish, percent: drawn.task.percentComplete },
      target: null,
    };
    dragging.current = false;
    store.select(under.taskId);
    store.setDrag(begun);
  };
  const onBarPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const drag = store.drag;
    if (!drag) {
      if (event.pointerType === 'touch' || !barEditor) return;
      const under = zoneUnder(event);
      store.setHover(under?.taskId ?? taskAtPointer(event));
      event.currentTarget.style.cursor = under ? ZONE_CURSOR[under.zone] : '';
      return;
    }
    const { x, y } = pointIn(event);
    if (Math.abs(x - drag.fromX) > 3) dragging.current = true;
    let target: BarDrag['target'] = null;
    if (drag.zone === 'linkFromStart' || drag.zone === 'linkFromFinish') {
      const over = taskAtPointer(event);
      const bar = over === null || over === drag.taskId ? null : painterRef.current?.barOf(over);
      if (over !== null && bar && bar.kind !== 'summary') target = { taskId: over, type: linkTypeAt(drag.zone, bar, x) };
    }
    store.setDrag({ ...drag, x, y, preview: previewAt(drag, store.timeView, x), target });
  };
  const onBarPointerUp = () => {
    const drag = store.drag;
    if (!drag || !barEditor) return;
    store.setDrag(null);
    if (drag.zone === 'linkFromStart' || drag.zone === 'linkFromFinish') {
      if (drag.target) barEditor.link(drag.taskId, drag.target.taskId, drag.target.type);
      return;
    }
    if (!dragging.current) return;
    if (drag.zone === 'move' && drag.preview.finish !== drag.finish) barEditor.move(drag.taskId, drag.preview.start);
    if (drag.zone === 'finish' && drag.preview.finish !== drag.finish) barEditor.resize(drag.taskId, drag.preview.finish);
    if (drag.zone === 'progress' && drag.preview.percent !== drag.percent) barEditor.progress(drag.taskId, drag.preview.percent);
  };
  // Escape drops a drag where it began.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && store.drag) {
        event.preventDefault();
        store.setDrag(null);
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [store]);

  const onSplitterDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = store.gridWidth;
    const maxWidth = (rootRef.current?.clientWidth ?? 800) - 120;
    const move = (moved: PointerEvent) => store.setGridWidth(Math.min(maxWidth, startWidth + (moved.clientX - startX) * (store.rtl ? -1 : 1)));
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };

  const onSplitterKey = (event: KeyboardEvent) => {
    const wider = store.rtl ? 'ArrowLeft' : 'ArrowRight';
    const narrower = store.rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== wider && event.key !== narrower) return;
    event.preventDefault();
    event.stopPropagation();
    store.setGridWidth(store.gridWidth + (event.key === wider ? 24 : -24));
  };

  // A narrow grid (a phone) keeps the name column only, as wide as the grid.
  const columns: Column[] =
    store.gridWidth <= 200
      ? [{ ...columnOf('name'), width: store.gridWidth }]
      : store.columns.filter((key) => key === 'name' || !hiddenColumns?.includes(key)).map(columnOf);
  const gridInnerWidth = columns.reduce((sum, column) => sum + column.width, 0);

  return (
    <div ref={rootRef} className="gantt" dir={store.rtl ? 'rtl' : 'ltr'} onKeyDown={onKeyDown} aria-label={t('chart.label')} role="group">
      <div className="gantt-grid" style={{ width: store.gridWidth }}>
        <div
          ref={gridScrollRef}
          className="gantt-grid-scroll"
          role="treegrid"
          tabIndex={0}
          aria-label={t('chart.grid')}
          aria-rowcount={store.rows.length + 1}
          aria-activedescendant={store.selectedId === null ? undefined : `gantt-row-${store.selectedId}`}
          aria-describedby="gantt-keys"
        >
          <div className="gantt-grid-inner" style={{ width: gridInnerWidth }}>
            <div className="gantt-grid-head" role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              {columns.map((column) => (
                <div key={column.key} role="columnheader" className={`gantt-cell${column.numeric ? ' gantt-numeric' : ''}`} style={{ width: column.width }} title={t(`column.${column.key}`)}>
                  {t(`column.${column.key}`)}
                </div>
              ))}
            </div>
            <div ref={gridBodyRef} className="gantt-grid-body" role="rowgroup">
              {store.rows.length === 0 ? (
                <div className="gantt-empty">{t('chart.empty')}</div>
              ) : (
                <div ref={placeRows} className="gantt-grid-rows">
                  <GridRows store={store} columns={columns} width={gridInnerWidth} onEdit={edit} cellEditor={cellEditor} focusGrid={() => gridScrollRef.current?.focus()} />
                </div>
              )}
            </div>
          </div>
        </div>
        <span id="gantt-keys" className="gantt-keys">
          {t('chart.keys')}
        </span>
      </div>
      <div
        className="gantt-splitter"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('chart.resize')}
        aria-valuenow={store.gridWidth}
        tabIndex={0}
        onPointerDown={onSplitterDown}
        onKeyDown={onSplitterKey}
      />
      <div className="gantt-timeline" aria-label={t('chart.timeline')} role="img">
        <div className="gantt-scale" style={{ height: HEADER_HEIGHT }}>
          <TimeScale store={store} />
        </div>
        <div className="gantt-body">
          <canvas ref={canvasRef} className="gantt-canvas" />
          <div
            ref={scrollerRef}
            className="gantt-scroller"
            data-zoom={store.level.key}
            onScroll={onScroll}
            onPointerDown={onBarPointerDown}
            onPointerMove={onBarPointerMove}
            onPointerUp={onBarPointerUp}
            onPointerCancel={() => store.setDrag(null)}
            onPointerLeave={() => store.drag === null && store.setHover(null)}
            onClick={(event) => store.select(taskAtPointer(event) ?? store.selectedId)}
            onDoubleClick={(event) => {
              const taskId = taskAtPointer(event);
              if (taskId !== null) edit(taskId);
            }}
          >
            <div ref={spacerRef} className="gantt-spacer" />
          </div>
          <DragTip store={store} />
        </div>
      </div>
    </div>
  );
});

/**
 * The grid's rows in the page: those in view and two either side. Rendered again when a row
 * enters or leaves, or what a row shows changes; between, the rows move by a transform.
 */
interface GridRowsProps {
  store: GanttStore;
  columns: Column[];
  width: number;
  onEdit: (taskId: number, column?: GanttColumn) => boolean;
  cellEditor?: CellEditor;
  focusGrid: () => void;
}

const GridRows = observer(function GridRows({ store, columns, width, onEdit, cellEditor, focusGrid }: GridRowsProps) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.language;
  const first = store.firstRow;
  const last = store.lastRow;
  const settings = store.model.settings;

  const context: CellContext = {
    t,
    language,
    settings,
    outline: store.outline,
    predecessorsOf: (taskId: number) => predecessorsText(store.predecessors.get(taskId), store.outline, store.model),
    baseline: store.varianceBaseline,
    clock: clockOf(store.calendar),
  };

  const rowElements = [];
  for (let index = first; index <= last; index++) {
    const row = store.rows[index]!;
    const task = store.model.tasks[row]!;
    const summary = store.outline.summary[row]!;
    const collapsed = summary && store.collapsed.has(task.id);
    const selected = store.selectedId === task.id;
    rowElements.push(
      <div
        key={task.id}
        id={`gantt-row-${task.id}`}
        role="row"
        aria-level={task.level}
        aria-expanded={summary ? !collapsed : undefined}
        aria-selected={selected}
        aria-rowindex={index + 2}
        className={`gantt-row${summary ? ' gantt-summary' : ''}${selected ? ' gantt-selected' : ''}${store.showCritical && store.drawn[row]!.critical ? ' gantt-critical' : ''}`}
        style={{ top: index * ROW_HEIGHT, width }}
        onClick={() => store.select(task.id)}
      >
        {columns.map((column) => (
          <div
            key={column.key}
            role="gridcell"
            aria-selected={cellEditor && selected ? store.column === column.key : undefined}
            className={`gantt-cell gantt-cell-${column.key}${column.numeric ? ' gantt-numeric' : ''}${cellEditor && selected && store.column === column.key ? ' gantt-cell-current' : ''}`}
            style={{ width: column.width }}
            onClick={() => store.setColumn(column.key)}
            onDoubleClick={() => onEdit(task.id, column.key)}
          >
            {store.editing?.taskId === task.id && store.editing.column === column.key && cellEditor ? (
              <CellInput store={store} columns={columns} cellEditor={cellEditor} focusGrid={focusGrid} />
            ) : column.key === 'name' ? (
              <span className="gantt-name" style={{ paddingInlineStart: (task.level - 1) * 16 }}>
                {summary ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`gantt-toggle${collapsed ? ' gantt-collapsed' : ''}`}
                    aria-label={t(collapsed ? 'chart.expand' : 'chart.collapse')}
                    onClick={(event) => {
                      event.stopPropagation();
                      store.toggle(task.id);
                    }}
                  >
                    ▾
                  </button>
                ) : (
                  <span className="gantt-toggle-space" />
                )}
                <span className="gantt-text" dir="auto">
                  {task.name}
                </span>
              </span>
            ) : (
              // Predecessors are a typed code ("3FS+2d"): read left to right in every language.
              <span className="gantt-text" dir={column.key === 'predecessors' || column.key === 'wbs' ? 'ltr' : undefined}>
                {cellText(column.key, row, store.drawn[row]!, context)}
              </span>
            )}
          </div>
        ))}
      </div>,
    );
  }

  return <>{rowElements}</>;
});

/**
 * The editor of one cell: Enter takes the text, Escape leaves the cell as it was, Tab takes it
 * and opens the next editable cell of the row (Shift+Tab the one before). A refused text stays
 * with the reason beside the cell.
 */
const CellInput = observer(function CellInput({ store, columns, cellEditor, focusGrid }: { store: GanttStore; columns: Column[]; cellEditor: CellEditor; focusGrid: () => void }) {
  const { t } = useTranslation('schedules');
  const editing = store.editing!;
  const [text, setText] = useState(editing.text);
  const done = useRef(false);
  const select = useRef(editing.text.length > 1);

  const commit = (): boolean => {
    const problem = cellEditor.commit(editing.taskId, editing.column, text);
    if (problem !== null) {
      store.refuseEdit(text, problem);
      return false;
    }
    done.current = true;
    store.stopEdit();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      if (commit()) focusGrid();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      done.current = true;
      store.stopEdit();
      focusGrid();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      if (!commit()) return;
      const at = columns.findIndex((column) => column.key === editing.column);
      const step = event.shiftKey ? -1 : 1;
      for (let next = at + step; next >= 0 && next < columns.length; next += step) {
        const column = columns[next]!.key;
        if (cellEditor.canEdit(editing.taskId, column)) {
          store.startEdit(editing.taskId, column, cellEditor.textOf(editing.taskId, column));
          return;
        }
      }
      focusGrid();
    }
  };

  const offset = columns.slice(0, columns.findIndex((column) => column.key === editing.column)).reduce((sum, column) => sum + column.width, 0);
  return (
    <>
      <input
        className={`gantt-cell-input${editing.error ? ' gantt-cell-input-refused' : ''}`}
        aria-label={t(`column.${editing.column}`)}
        aria-invalid={editing.error !== null}
        aria-errormessage={editing.error ? 'gantt-cell-error' : undefined}
        dir={editing.column === 'predecessors' ? 'ltr' : 'auto'}
        value={text}
        ref={(input) => {
          if (!input || input === document.activeElement) return;
          input.focus();
          // Opened by typing, the caret follows the typed key; else the whole text is chosen.
          if (select.current) input.select();
        }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
        onDoubleClick={(event) => event.stopPropagation()}
        onBlur={() => {
          if (!done.current && store.editing === editing) commit();
        }}
      />
      {editing.error && (
        <div id="gantt-cell-error" role="alert" className="gantt-cell-error" style={{ insetInlineStart: offset }}>
          {editing.error}
        </div>
      )}
    </>
  );
});

/** The timeline's two header rows: rendered again when the time in view or the zoom changes. */
const TimeScale = observer(function TimeScale({ store }: { store: GanttStore }) {
  const { t, i18n } = useTranslation('schedules');
  const language = i18n.language;
  const view = store.timeView;
  const scaleRow = (upper: boolean) =>
    headerCells(view, upper ? store.level.top : store.level.bottom).map((cell) => (
      <div key={cell.start} className="gantt-scale-cell" style={{ left: cell.x, width: cell.width }} title={headerText(t, language, cell.unit, cell.start, 200, true)}>
        <span>{headerText(t, language, cell.unit, cell.start, cell.width, upper)}</span>
      </div>
    ));

  return (
    <div className="gantt-scale-rows" style={{ width: store.viewWidth }}>
      <div className="gantt-scale-row">{scaleRow(true)}</div>
      <div className="gantt-scale-row">{scaleRow(false)}</div>
    </div>
  );
});

/** What a drop would make, beside the pointer while a bar is dragged (and said to a screen reader). */
const DragTip = observer(function DragTip({ store }: { store: GanttStore }) {
  const { t, i18n } = useTranslation('schedules');
  const drag = store.drag;
  if (!drag) return null;
  const language = i18n.language;
  const name = (taskId: number) => store.model.tasks.find((task) => task.id === taskId)?.name ?? '';
  let text: string;
  switch (drag.zone) {
    case 'move':
      text = t('drag.move', { date: dateText(language, drag.preview.start) });
      break;
    case 'finish':
      // The finish snaps to the end of a day: the last day worked is the one before.
      text = t('drag.finish', { date: dateText(language, drag.preview.finish - (drag.preview.finish % 1440 === 0 ? 1 : 0)) });
      break;
    case 'progress':
      text = t('drag.progress', { value: drag.preview.percent.toLocaleString(language) });
      break;
    default:
      text = drag.target ? t('drag.linkTo', { type: drag.target.type, name: name(drag.target.taskId) }) : t('drag.link');
  }
  return (
    // Beside the pointer, on the side with room, so it never reaches past the timeline.
    <div
      className="gantt-drag-tip"
      role="status"
      aria-live="polite"
      style={{ ...(drag.x < store.viewWidth - 240 ? { left: Math.max(4, drag.x + 12) } : { right: Math.max(4, store.viewWidth - drag.x + 12) }), top: Math.max(4, drag.y + 16) }}
    >
      {text}
    </div>
  );
});
