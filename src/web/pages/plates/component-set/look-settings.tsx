import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetConfig } from '../../../../core/pages/page-config.ts';
import type { PlateSettingsContext, WidgetDefinition } from '../../../../../widgets/types.ts';
import { WidgetSettingsPanel } from './widget-settings-panel.tsx';
import { LocalTextInput } from '../../../ui/local-text-input.tsx';

export interface LookSettingsProps {
  widget: WidgetConfig;
  /** Its widget type's registry entry; undefined for a type the registry does not know. */
  definition: WidgetDefinition | undefined;
  plate: PlateSettingsContext;
  onChange: (widget: WidgetConfig, tag?: string) => void;
}

/** How a component looks: its title (where its widget has one), then its widget's own settings. */
export function LookSettings({ widget, definition, plate, onChange }: LookSettingsProps) {
  const { t } = useTranslation('widgets');
  return (
    <Form layout="vertical" size="small" className="component-set-form">
      {definition?.titled !== false ? (
        <Form.Item label={t('plates.settings.title')} htmlFor="look-title">
          <LocalTextInput
            id="look-title"
            value={widget.title ?? ''}
            maxLength={120}
            onChange={(title) => onChange({ ...widget, title: title || undefined }, 'title')}
            data-testid="component-title"
          />
        </Form.Item>
      ) : null}
      {definition?.settings && !definition.settings.tab ? <WidgetSettingsPanel widget={widget} settings={definition.settings} plate={plate} onChange={onChange} /> : null}
    </Form>
  );
}
