import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberFormatFields, PropSwitch } from '../settings-fields.tsx';
import type { WidgetSettingsProps } from '../types.ts';

/** A KPI card's number format, caption and trend line. */
export default function KpiSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  return (
    <>
      <NumberFormatFields props={props} setProps={setProps} />
      <Form.Item label={t('plates.settings.caption')} htmlFor="look-caption">
        <Input id="look-caption" maxLength={120} value={(props.caption as string | undefined) ?? ''} onChange={(event) => setProps({ caption: event.target.value || undefined }, 'caption')} />
      </Form.Item>
      <PropSwitch name="trend" label={t('plates.settings.trend')} props={props} setProps={setProps} fallback />
    </>
  );
}
