import { CopyOutlined, DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WidgetGrid } from '../../../../core/pages/page-config.ts';
import { cellAt, type Breakpoint } from '../../../renderer/grid-layout.ts';
import type { PlateStore } from '../../../stores/plate-store.ts';
import { useWidgetRegistry } from '../../../renderer/widget-registry-context.ts';
import { componentKindName } from './palette.ts';
import { LocalTextInput } from '../../../ui/local-text-input.tsx';

export interface PlateSidePanelProps {
  store: PlateStore;
  breakpoint: Breakpoint;
  onOpenSettings: (id: string) => void;
}

/**
 * Beside the canvas: the selected component's title and exact cell (for whoever would rather
 * type than drag) with its settings, copy and removal; with nothing selected, the plate's own
 * description and layouts, and the keyboard's moves.
 */
export const PlateSidePanel = observer(function PlateSidePanel({ store, breakpoint, onOpenSettings }: PlateSidePanelProps) {
  const { t } = useTranslation('widgets');
  const registry = useWidgetRegistry();
  const selected = store.selected;

  if (!selected) {
    return (
      <aside className="plate-side" aria-label={t('plates.editor.plateProperties')}>
        <h2 className="plate-side-title">{t('plates.editor.plateProperties')}</h2>
        <Form layout="vertical" size="small">
          <Form.Item label={t('plates.list.description')} htmlFor="plate-description">
            <LocalTextInput multiline id="plate-description" value={store.description} onChange={(description) => store.setDescription(description)} maxLength={500} />
          </Form.Item>
        </Form>
        <p className="plate-side-note">{t('plates.editor.componentCount', { count: store.components.length })}</p>
        <p className="plate-side-note">{t('plates.editor.mediumNote')}</p>
        <Button size="small" disabled={!store.components.some((c) => c.gridMedium)} onClick={() => store.resetMediumLayout()}>
          {t('plates.editor.resetMedium')}
        </Button>
        <h3 className="plate-side-subtitle">{t('plates.editor.keyboard')}</h3>
        <Typography.Paragraph className="plate-side-note">{t('plates.editor.keyboardHelp')}</Typography.Paragraph>
      </aside>
    );
  }

  const entry = registry.entryOf(selected);
  const Icon = entry?.icon;
  const editedBreakpoint = breakpoint === 'narrow' ? 'wide' : breakpoint;
  const cell = cellAt(selected, editedBreakpoint);
  const setCell = (part: keyof WidgetGrid, value: number | null) => {
    if (value === null) return;
    store.nudge(selected.id, { [part]: value - cell[part] }, editedBreakpoint);
  };
  return (
    <aside className="plate-side" aria-label={t('plates.editor.componentProperties')}>
      <h2 className="plate-side-title">
        {Icon ? (
          <span aria-hidden>
            <Icon />
          </span>
        ) : null}{' '}
        {componentKindName(t, entry, selected)}
      </h2>
      <Form layout="vertical" size="small">
        <Form.Item label={t('plates.settings.title')} htmlFor="plate-component-title">
          <LocalTextInput
            id="plate-component-title"
            value={selected.title ?? ''}
            maxLength={120}
            onChange={(title) => store.updateComponent(selected.id, { ...selected, title: title || undefined }, 'title')}
          />
        </Form.Item>
        <fieldset className="plate-side-cell">
          <legend>{t('plates.editor.cellOf', { layout: t(`plates.editor.breakpoint.${editedBreakpoint}`) })}</legend>
          {(['x', 'y', 'w', 'h'] as const).map((part) => (
            <label key={part} className="plate-side-cell-field">
              <span>{t(`plates.editor.cell.${part}`)}</span>
              <InputNumber
                size="small"
                min={1}
                max={part === 'x' || part === 'w' ? store.columns : 200}
                value={part === 'x' || part === 'y' ? cell[part] + 1 : cell[part]}
                onChange={(value) => setCell(part, value === null ? null : part === 'x' || part === 'y' ? Number(value) - 1 : Number(value))}
              />
            </label>
          ))}
        </fieldset>
      </Form>
      <Space direction="vertical" className="plate-side-actions">
        <Button type="primary" block icon={<SettingOutlined />} onClick={() => onOpenSettings(selected.id)} data-testid="side-settings">
          {t('plates.editor.settings')}
        </Button>
        <Button block icon={<CopyOutlined />} onClick={() => store.duplicate(selected.id)}>
          {t('plates.editor.duplicate')}
        </Button>
        <Button block danger icon={<DeleteOutlined />} onClick={() => store.remove(selected.id)}>
          {t('plates.editor.remove')}
        </Button>
        <Button block type="link" onClick={() => store.select(null)}>
          {t('plates.editor.plateProperties')}
        </Button>
      </Space>
    </aside>
  );
});
