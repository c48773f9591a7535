import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PropSwitch } from '../settings-fields.tsx';
import type { WidgetSettingsProps } from '../types.ts';

/** A table's stripes and total line. */
export default function TableSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  return (
    <Space wrap size={[16, 0]}>
      <PropSwitch name="striped" label={t('plates.settings.striped')} props={props} setProps={setProps} fallback />
      <PropSwitch name="showTotal" label={t('plates.settings.showTotal')} props={props} setProps={setProps} fallback />
    </Space>
  );
}
