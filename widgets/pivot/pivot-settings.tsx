import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PropSwitch } from '../settings-fields.tsx';
import type { WidgetSettingsProps } from '../types.ts';

/** A pivot table's totals and shading. */
export default function PivotSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  return (
    <Space wrap size={[16, 0]}>
      <PropSwitch name="totals" label={t('plates.settings.totals')} props={props} setProps={setProps} fallback />
      <PropSwitch name="heat" label={t('plates.settings.heat')} props={props} setProps={setProps} />
    </Space>
  );
}
