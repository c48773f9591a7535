import { CopyOutlined, DeleteOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../../core/local-text.ts';
import { DEFAULT_GAP, DEFAULT_ROW_HEIGHT, MEDIUM_BELOW_PX, STACK_BELOW_PX } from '../../../../core/pages/page-config.ts';
import type { DatasetFields, PageDataSource } from '../../../renderer/page-data-source.ts';
import { PageFilterStore } from '../../../renderer/page-filter-store.ts';
import { cellAt, gridItems, type Breakpoint } from '../../../renderer/grid-layout.ts';
import { WidgetCell } from '../../../renderer/widget-cell.tsx';
import type { PlateStore } from '../../../stores/plate-store.ts';
import { useWidgetRegistry } from '../../../renderer/widget-registry-context.ts';
import type { PaletteEntry } from '../../../../../widgets/widget-registry.ts';
import { componentKindName } from './palette.ts';
import 'react-grid-layout/css/styles.css';
import '../../../renderer/page-renderer.css';

/** The mime type a palette entry is dragged with; its data is the palette key. */
export const PALETTE_DRAG_TYPE = 'application/x-plinth-component';

/** How wide the canvas is drawn for each layout: the widths its breakpoint starts at. */
const CANVAS_WIDTH: Readonly<Record<Breakpoint, number | null>> = { wide: null, medium: MEDIUM_BELOW_PX - 1, narrow: STACK_BELOW_PX - 1 };

export interface PlateCanvasProps {
  store: PlateStore;
  source: PageDataSource;
  fields: DatasetFields | null | undefined;
  breakpoint: Breakpoint;
  rtl: boolean;
  /** The palette entry being dragged over the canvas, if any. */
  dragged: React.RefObject<PaletteEntry | null>;
  onDrop: (entry: PaletteEntry, at: { x: number; y: number }) => void;
  onOpenSettings: (id: string) => void;
  /** Says what a keyboard move did, for screen readers. */
  announce: (text: string) => void;
}

/**
 * The editor's grid: each component drawn live with its data, moved by its handle and
 * resized by its corner (or with the arrow keys), palette entries dropped in. The medium
 * layout is arranged on its own; the phone layout is shown as phones stack it.
 */
export const PlateCanvas = observer(function PlateCanvas(props: PlateCanvasProps) {
  const { store, source, fields, breakpoint, rtl, dragged } = props;
  const { t, i18n } = useTranslation('widgets');
  const registry = useWidgetRegistry();
  const { width: measured, containerRef } = useContainerWidth({ initialWidth: 1200 });
  const width = Math.min(measured, CANVAS_WIDTH[breakpoint] ?? measured);
  const filtersKey = JSON.stringify(store.filters);
  // The plate's filters as viewers get them; rebuilt when the filters change.
  const filters = useMemo(() => new PageFilterStore(store.filters, (dataset, field) => source.distinct(dataset, field)), [filtersKey, source]);
  const editable = breakpoint !== 'narrow';
  const { cols, items } = gridItems(store.components, store.columns, breakpoint, rtl, { static: !editable });
  const layout = store.layout;
  const gap = layout.gap ?? DEFAULT_GAP;
  const [dropping, setDropping] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  const commit = (next: Layout) => {
    if (breakpoint === 'narrow') return;
    store.place(
      next.filter((item) => store.components.some((c) => c.id === item.i)),
      breakpoint,
      rtl,
    );
  };

  const describe = (id: string) => {
    const component = store.components.find((c) => c.id === id);
    if (!component || breakpoint === 'narrow') return '';
    const cell = cellAt(component, breakpoint);
    return t('plates.editor.cellPosition', { column: cell.x + 1, row: cell.y + 1, width: cell.w, height: cell.h });
  };

  const onCellKey = (event: KeyboardEvent, id: string) => {
    if (event.target !== event.currentTarget) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (step !== undefined && editable) {
      event.preventDefault();
      const horizontal = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      const along = horizontal && rtl ? -step : step;
      if (event.shiftKey) store.nudge(id, horizontal ? { w: along } : { h: step }, breakpoint);
      else store.nudge(id, horizontal ? { x: along } : { y: step }, breakpoint);
      props.announce(describe(id));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      props.onOpenSettings(id);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      store.remove(id);
    }
  };

  return (
    <div
      ref={containerRef}
      className={`plate-canvas plate-canvas-${breakpoint}${dropping ? ' plate-canvas-dropping' : ''}`}
      data-testid="plate-canvas"
      onDragEnter={() => setDropping(true)}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={() => setDropping(false)}
    >
      <div ref={frame} className="plate-canvas-frame page-renderer-grid" style={{ width, background: layout.background }}>
        {store.components.length === 0 ? (
          <p className="plate-canvas-empty" aria-hidden={dropping}>
            {t('plates.editor.emptyCanvas')}
          </p>
        ) : null}
        <ReactGridLayout
          width={width}
          layout={items}
          gridConfig={{ cols, rowHeight: layout.rowHeight ?? DEFAULT_ROW_HEIGHT, margin: [gap, gap], containerPadding: [0, 0] }}
          dragConfig={{ enabled: editable, handle: '.plate-canvas-handle' }}
          resizeConfig={{ enabled: editable, handles: [rtl ? 'sw' : 'se'] }}
          dropConfig={{
            enabled: editable,
            defaultItem: { w: 8, h: 8 },
            onDragOver: () => {
              const entry = dragged.current;
              if (!entry) return false;
              return { w: Math.min(entry.size.w, cols), h: entry.size.h };
            },
          }}
          onDragStop={(next) => commit(next)}
          onResizeStop={(next) => commit(next)}
          onDrop={(_layout, item) => {
            setDropping(false);
            const entry = dragged.current;
            if (!entry || !item) return;
            const w = Math.min(entry.size.w, cols);
            props.onDrop(entry, { x: rtl ? cols - item.x - w : item.x, y: item.y });
          }}
        >
          {store.components.map((widget) => {
            const selected = store.selectedId === widget.id;
            const kind = componentKindName(t, registry.entryOf(widget), widget);
            const name = textIn(widget.title, i18n.language) || kind;
            return (
              <div
                key={widget.id}
                className={`plate-canvas-item${selected ? ' plate-canvas-item-selected' : ''}`}
                data-component-id={widget.id}
                tabIndex={0}
                role="group"
                aria-label={`${name}, ${kind}. ${describe(widget.id)}`}
                aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowRight Shift+ArrowDown Enter Delete"
                onFocus={() => store.select(widget.id)}
                onMouseDown={() => store.select(widget.id)}
                onKeyDown={(event) => onCellKey(event, widget.id)}
              >
                <div className="plate-canvas-bar">
                  <span className="plate-canvas-handle" title={t('plates.editor.dragHandle')}>
                    <HolderOutlined aria-hidden /> <span className="plate-canvas-name">{kind}</span>
                  </span>
                  <span className="plate-canvas-tools">
                    <Tooltip title={t('plates.editor.settings')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<SettingOutlined />}
                        aria-label={t('plates.editor.settingsOf', { name })}
                        onClick={() => props.onOpenSettings(widget.id)}
                        data-testid={`component-settings-${widget.id}`}
                      />
                    </Tooltip>
                    <Tooltip title={t('plates.editor.duplicate')}>
                      <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('plates.editor.duplicateOf', { name })} onClick={() => store.duplicate(widget.id)} />
                    </Tooltip>
                    <Tooltip title={t('plates.editor.remove')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('plates.editor.removeOf', { name })}
                        onClick={() => store.remove(widget.id)}
                        data-testid={`component-remove-${widget.id}`}
                      />
                    </Tooltip>
                  </span>
                </div>
                <div className="plate-canvas-body page-renderer-item">
                  <WidgetCell widget={widget} source={source} filters={filters} fields={fields} />
                </div>
              </div>
            );
          })}
        </ReactGridLayout>
      </div>
    </div>
  );
});
