import { Button, Empty, Segmented, Select, Switch, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MEASURE_KINDS } from '../../../../core/drawings/markup.ts';
import { LENGTH_UNITS, type LengthUnit } from '../../../../core/drawings/measure.ts';
import type { MarkupItem, MarkupStore } from './markup-store.ts';
import type { ShapeTexts } from '../../../drawing-kit/markup-shapes.tsx';
import { ToolIcon } from './tool-icons.tsx';

/**
 * The markups and measurements of the sheet as a list: what each is (its words or value),
 * who drew it, whether it is personal or published, and whether it comes from an earlier
 * revision. Choosing one selects it and brings it into view.
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
  const [filter, setFilter] = [store.panelFilter, (value: 'all' | 'measure') => store.setPanelFilter(value)];
  const calibration = store.calibration;
  const items = store.visible.filter((item) => filter === 'all' || MEASURE_KINDS.has(item.body!.kind));
  return (
    <aside className="markup-panel" aria-label={t('panel.title')}>
      <div className="markup-panel-head">
        <Typography.Title level={5} className="markup-panel-title">
          {t('panel.title')}
        </Typography.Title>
        <Segmented
          size="small"
          value={filter}
          onChange={setFilter}
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
        <ul className="markup-list" data-testid="markup-list">
          {items.map((item) => {
            const body = item.body!;
            const measure = texts.measure(body);
            const selected = store.selection.has(item.key);
            const words = body.kind === 'stamp' && body.stamp ? texts.stamp(body.stamp) : body.text;
            return (
              <li key={item.key} className={`markup-list-item${selected ? ' markup-list-item-on' : ''}`} data-kind={body.kind}>
                <button type="button" className="markup-list-main" aria-pressed={selected} onClick={() => onFocus(item)}>
                  <span className="markup-list-icon" style={{ color: body.style.color }}>
                    <ToolIcon tool={body.kind} />
                  </span>
                  <span className="markup-list-text">
                    <span className="markup-list-kind">{t(`tool.${body.kind}`)}</span>
                    {measure !== null && (
                      <span className="markup-list-value" data-testid="markup-value" dir="auto">
                        {measure}
                      </span>
                    )}
                    {words && (
                      <span className="markup-list-words" dir="auto">
                        {words}
                      </span>
                    )}
                    <span className="markup-list-meta">
                      {item.stored ? item.stored.authorName : t('panel.saving')}
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
          })}
        </ul>
      )}
    </aside>
  );
});
