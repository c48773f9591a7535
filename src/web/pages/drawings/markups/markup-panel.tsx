import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, Segmented, Select, Switch, Tag, Typography } from 'antd';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LENGTH_UNITS, type LengthUnit } from '../../../../core/drawings/measure.ts';
import type { MarkupItem, MarkupStore } from './markup-store.ts';
import type { ShapeTexts } from '../../../drawing-kit/markup-shapes.tsx';
import { ToolIcon } from './tool-icons.tsx';

/**
 * Height of one row in the list, in CSS pixels: every row has the same three lines (what and
 * its value or words, who drew it, its actions), each clamped to one line by the style sheet,
 * so rows are placed without measuring them.
 */
const ROW_HEIGHT = 80;
/** Rows kept in the page beyond those in view, so Tab reaches the next one before it scrolls in. */
const OVERSCAN = 6;

/**
 * The markups and measurements of the sheet as a list: what each is (its words or value),
 * who drew it, whether it is personal or published, and whether it comes from an earlier
 * revision. Choosing one selects it and brings it into view. A long review leaves thousands of
 * markups, so only the rows in view are in the page; the list's height is that of every row.
 */
export const MarkupPanel = observer(function MarkupPanel({
  store,
  texts,
  onFocus,
  onOpen,
}: {
  store: MarkupStore;
  texts: ShapeTexts;
  onFocus: (item: MarkupItem) => void;
  onOpen: (item: MarkupItem) => void;
}) {
  const { t } = useTranslation('markups');
  const filter = store.panelFilter;
  const calibration = store.calibration;
  const items = filter === 'all' ? store.visible : store.measurements;
  const scroller = useRef<HTMLDivElement>(null);
  const listed = useRef(items);
  listed.current = items;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => listed.current[index]?.key ?? index,
  });

  // A markup chosen on the canvas comes into view in the list (a row already in view stays put).
  useEffect(
    () =>
      reaction(
        () => (store.selection.size === 1 ? [...store.selection][0]! : null),
        (key) => {
          const index = key === null ? -1 : listed.current.findIndex((item) => item.key === key);
          if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
        },
      ),
    [store, virtualizer],
  );

  return (
    <aside className="markup-panel" aria-label={t('panel.title')} data-count={items.length}>
      <div className="markup-panel-head">
        <Typography.Title level={5} className="markup-panel-title">
          {t('panel.title')}
        </Typography.Title>
        <Segmented
          size="small"
          value={filter}
          onChange={(value: 'all' | 'measure') => store.setPanelFilter(value)}
          options={[
            { value: 'all', label: t('panel.all', { count: store.visible.length }) },
            { value: 'measure', label: t('panel.measurements', { count: store.measurements.length }) },
          ]}
        />
      </div>
      <div className="markup-panel-scale">
        <span data-testid="markup-calibration">
          {calibration === null
            ? t('calibration.none')
            : calibration.source === 'scale'
              ? t('calibration.scale', { scale: calibration.scale })
              : t('calibration.distance')}
        </span>
        <Select<LengthUnit>
          size="small"
          aria-label={t('unit.label')}
          value={store.unit}
          onChange={(unit) => store.setUnit(unit)}
          options={LENGTH_UNITS.map((unit) => ({ value: unit, label: t(`unit.${unit}`) }))}
          popupMatchSelectWidth={false}
        />
      </div>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={store.canEdit ? t('panel.emptyEditable') : t('panel.empty')} />
      ) : (
        <div className="markup-list-scroll" ref={scroller}>
          <ul className="markup-list" data-testid="markup-list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = items[row.index];
              return item ? (
                <MarkupRow key={row.key} store={store} item={item} texts={texts} position={row.index + 1} count={items.length} start={row.start} onFocus={onFocus} onOpen={onOpen} />
              ) : null;
            })}
          </ul>
        </div>
      )}
    </aside>
  );
});

/** One markup in the list, placed at `start` px from the list's top. */
const MarkupRow = observer(function MarkupRow({
  store,
  item,
  texts,
  position,
  count,
  start,
  onFocus,
  onOpen,
}: {
  store: MarkupStore;
  item: MarkupItem;
  texts: ShapeTexts;
  position: number;
  count: number;
  start: number;
  onFocus: (item: MarkupItem) => void;
  onOpen: (item: MarkupItem) => void;
}) {
  const { t } = useTranslation('markups');
  const body = item.body!;
  const measure = texts.measure(body);
  const selected = store.selection.has(item.key);
  const words = body.kind === 'stamp' && body.stamp ? texts.stamp(body.stamp) : body.text;
  return (
    <li
      className={`markup-list-item${selected ? ' markup-list-item-on' : ''}`}
      data-kind={body.kind}
      aria-setsize={count}
      aria-posinset={position}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <button type="button" className="markup-list-main" aria-pressed={selected} onClick={() => onFocus(item)}>
        <span className="markup-list-icon" style={{ color: body.style.color }}>
          <ToolIcon tool={body.kind} />
        </span>
        <span className="markup-list-text">
          <span className="markup-list-line">
            <span className="markup-list-kind">{t(`tool.${body.kind}`)}</span>
            {measure !== null && (
              <span className="markup-list-value" data-testid="markup-value" dir="auto">
                {measure}
              </span>
            )}
            {words && (
              <span className="markup-list-words" dir="auto" title={words}>
                {words}
              </span>
            )}
          </span>
          <span className="markup-list-meta">
            <span className="markup-list-author">{item.stored ? item.stored.authorName : t('panel.saving')}</span>
            {item.stored?.fromRevision && (
              <Tag className="markup-from" color="gold">
                {t('panel.fromRevision', { label: item.stored.fromRevision })}
              </Tag>
            )}
          </span>
        </span>
      </button>
      <div className="markup-list-actions">
        {(body.kind === 'link' || body.kind === 'photo') && (
          <Button size="small" type="link" onClick={() => onOpen(item)}>
            {body.kind === 'link' ? t('panel.follow') : t('panel.showPhoto')}
          </Button>
        )}
        <label className="markup-visibility">
          <Switch
            size="small"
            checked={body.visibility === 'published'}
            disabled={!store.editable(item)}
            onChange={(on) => store.setVisibility(item.key, on ? 'published' : 'personal')}
          />
          <span>{body.visibility === 'published' ? t('visibility.published') : t('visibility.personal')}</span>
        </label>
      </div>
    </li>
  );
});
