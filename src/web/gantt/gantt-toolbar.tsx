import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Select, Space, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { GanttColumn } from './gantt-columns.ts';
import { GanttColumnPicker } from './gantt-column-picker.tsx';
import type { GanttStore } from './gantt-store.ts';
import { ZOOM_LEVELS } from '../../core/schedule/time-scale.ts';

/** A baseline's name as MS Project gives it: "Baseline", then "Baseline 1" to "Baseline 10". */
export function baselineName(t: (key: string, options?: Record<string, unknown>) => string, index: number): string {
  return index === 0 ? t('schedules:baselineName') : t('schedules:baselineNumbered', { number: index });
}

/** The chart's view controls: zoom, the baseline drawn under the bars, the critical path, the grid's columns. */
export const GanttToolbar = observer(function GanttToolbar({
  store,
  hiddenColumns,
  onColumnsChange,
}: {
  store: GanttStore;
  hiddenColumns?: readonly GanttColumn[];
  onColumnsChange?: (columns: readonly GanttColumn[]) => void;
}) {
  const { t } = useTranslation('schedules');
  const baselines = [...store.model.baselines].sort((a, b) => a.index - b.index);
  return (
    <Space wrap size="small" className="gantt-toolbar">
      <Space.Compact>
        <Button icon={<ZoomInOutlined />} aria-label={t('chart.zoomIn')} title={t('chart.zoomIn')} disabled={store.zoom === 0} onClick={() => store.setZoom(store.zoom - 1)} />
        <Select
          aria-label={t('chart.zoom')}
          value={store.zoom}
          popupMatchSelectWidth={false}
          options={ZOOM_LEVELS.map((level, index) => ({ value: index, label: t(`zoomLevel.${level.key}`) }))}
          onChange={(zoom: number) => store.setZoom(zoom)}
          style={{ minWidth: 96 }}
        />
        <Button icon={<ZoomOutOutlined />} aria-label={t('chart.zoomOut')} title={t('chart.zoomOut')} disabled={store.zoom === ZOOM_LEVELS.length - 1} onClick={() => store.setZoom(store.zoom + 1)} />
      </Space.Compact>
      <Select
        aria-label={t('chart.baseline')}
        value={store.baselineIndex ?? -1}
        popupMatchSelectWidth={false}
        options={[{ value: -1, label: t('chart.noBaseline') }, ...baselines.map((baseline) => ({ value: baseline.index, label: baselineName(t, baseline.index) }))]}
        onChange={(index: number) => store.setBaseline(index < 0 ? null : index)}
        style={{ minWidth: 120 }}
      />
      <label className="gantt-toolbar-switch">
        <Switch size="small" checked={store.showCritical} onChange={(checked) => store.setShowCritical(checked)} aria-label={t('chart.criticalPath')} />
        <span>{t('chart.criticalPath')}</span>
      </label>
      <GanttColumnPicker store={store} hidden={hiddenColumns} onChange={onColumnsChange} />
    </Space>
  );
});
