import { DeleteOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Divider, Segmented, Select, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MARKUP_STAMPS, type MarkupStamp, type MarkupVisibility } from '../../../../core/drawings/markup.ts';
import { WIDTH_STEPS, type MarkupStore, type Tool } from './markup-store.ts';
import { ToolIcon } from './tool-icons.tsx';

/** Each tool with the key that picks it (none of the viewer's own keys: r, 0, 1, +, -). */
export const TOOL_KEYS: readonly (readonly [Tool, string])[] = [
  ['pan', 'h'],
  ['select', 'v'],
  ['rectangle', 'b'],
  ['ellipse', 'e'],
  ['cloud', 'c'],
  ['arrow', 'a'],
  ['line', 'l'],
  ['polyline', 'p'],
  ['freehand', 'f'],
  ['text', 't'],
  ['callout', 'o'],
  ['highlighter', 'i'],
  ['stamp', 's'],
  ['photo', 'g'],
  ['link', 'k'],
  ['measureLength', 'm'],
  ['measurePolyline', 'j'],
  ['measureArea', 'q'],
  ['measureCount', 'u'],
  ['calibrate', 'x'],
];

const GROUPS: readonly Tool[][] = [
  ['pan', 'select'],
  ['rectangle', 'ellipse', 'cloud', 'arrow', 'line', 'polyline', 'freehand', 'highlighter'],
  ['text', 'callout', 'stamp', 'photo', 'link'],
  ['measureLength', 'measurePolyline', 'measureArea', 'measureCount', 'calibrate'],
];

export const SWATCHES = ['#e5252a', '#f28c28', '#ffd400', '#2f9e44', '#1f6feb', '#7b2cbf', '#111111'] as const;
const OPACITIES = [1, 0.75, 0.5, 0.25] as const;

/** The tools, the style of what is drawn next (or of the selection), and undo, redo and delete. */
export const MarkupToolbar = observer(function MarkupToolbar({ store, onCalibrate }: { store: MarkupStore; onCalibrate: () => void }) {
  const { t, i18n } = useTranslation('markups');
  const keyOf = new Map(TOOL_KEYS);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const tools = store.canEdit ? GROUPS : [GROUPS[0]!];
  const pick = (tool: Tool) => {
    if (tool === 'calibrate' && store.tool !== 'calibrate') onCalibrate();
    store.setTool(tool);
  };
  return (
    <div className="markup-toolbar" role="toolbar" aria-label={t('toolbar')}>
      {tools.map((group, g) => (
        <div className="markup-tool-group" key={g} role="group">
          {group.map((tool) => (
            <Tooltip key={tool} title={`${t(`tool.${tool}`)} (${keyOf.get(tool)!.toUpperCase()})`}>
              <Button
                size="small"
                type={store.tool === tool ? 'primary' : 'text'}
                icon={<ToolIcon tool={tool} />}
                aria-label={t(`tool.${tool}`)}
                aria-pressed={store.tool === tool}
                aria-keyshortcuts={keyOf.get(tool)}
                data-tool={tool}
                onClick={() => pick(tool)}
              />
            </Tooltip>
          ))}
        </div>
      ))}
      {store.canEdit && (
        <>
          <Divider type="vertical" />
          <div className="markup-tool-group markup-swatches" role="radiogroup" aria-label={t('style.color')}>
            {SWATCHES.map((color) => (
              <button
                key={color}
                type="button"
                role="radio"
                aria-checked={store.color === color}
                aria-label={t(`color.${color.slice(1)}`)}
                title={t(`color.${color.slice(1)}`)}
                className={`markup-swatch${store.color === color ? ' markup-swatch-on' : ''}`}
                style={{ background: color }}
                onClick={() => store.setStyle({ color })}
              />
            ))}
          </div>
          <Select
            size="small"
            className="markup-style-select"
            aria-label={t('style.width')}
            value={store.widthStep}
            onChange={(widthStep) => store.setStyle({ widthStep })}
            options={WIDTH_STEPS.map((step) => ({ value: step, label: t('style.widthValue', { value: step }) }))}
            popupMatchSelectWidth={false}
          />
          <Select
            size="small"
            className="markup-style-select"
            aria-label={t('style.opacity')}
            value={store.opacity}
            onChange={(opacity) => store.setStyle({ opacity })}
            options={OPACITIES.map((value) => ({ value, label: percent.format(value) }))}
            popupMatchSelectWidth={false}
          />
          <Button size="small" type={store.filled ? 'primary' : 'default'} aria-pressed={store.filled} onClick={() => store.setStyle({ filled: !store.filled })}>
            {t('style.fill')}
          </Button>
          {store.tool === 'stamp' && (
            <Select<MarkupStamp>
              size="small"
              aria-label={t('style.stamp')}
              value={store.stamp}
              onChange={(stamp) => store.setStamp(stamp)}
              options={MARKUP_STAMPS.map((stamp) => ({ value: stamp, label: t(`stamp.${stamp}`) }))}
              popupMatchSelectWidth={false}
            />
          )}
          <Segmented<MarkupVisibility>
            size="small"
            aria-label={t('visibility.label')}
            value={store.visibility}
            onChange={(visibility) => store.setNewVisibility(visibility)}
            options={[
              { value: 'personal', label: t('visibility.personal') },
              { value: 'published', label: t('visibility.published') },
            ]}
          />
          <Divider type="vertical" />
          <div className="markup-tool-group">
            <Tooltip title={`${t('undo')} (Ctrl+Z)`}>
              <Button size="small" icon={<UndoOutlined />} aria-label={t('undo')} disabled={!store.canUndo} onClick={() => store.undo()} data-testid="markup-undo" />
            </Tooltip>
            <Tooltip title={`${t('redo')} (Ctrl+Y)`}>
              <Button size="small" icon={<RedoOutlined />} aria-label={t('redo')} disabled={!store.canRedo} onClick={() => store.redo()} data-testid="markup-redo" />
            </Tooltip>
            <Tooltip title={`${t('delete')} (Delete)`}>
              <Button
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                disabled={store.selected.length === 0}
                onClick={() => store.deleteSelection()}
                danger
              />
            </Tooltip>
          </div>
        </>
      )}
    </div>
  );
});
