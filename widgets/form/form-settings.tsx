import { Form, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { everyText, textIn } from '../../src/core/local-text.ts';
import { formIdOfCode } from '../../src/core/query/form-dataset.ts';
import type { WidgetSettingsProps } from '../types.ts';

const PAGE_SIZES = [10, 20, 50, 100];

/** Which published form, and whether it is filled in or its records listed. */
export default function FormSettings({ props, setProps, plate }: WidgetSettingsProps) {
  const { t, i18n } = useTranslation('widgets');
  const forms = (plate.datasets ?? []).flatMap((dataset) => {
    const id = formIdOfCode(dataset.code);
    return id === null ? [] : [{ value: id, label: textIn(dataset.name, i18n.language), search: everyText(dataset.name).join(' ') }];
  });
  const show = props.show === 'records' ? 'records' : 'fill';
  return (
    <>
      <Form.Item label={t('form.settings.form')} htmlFor="look-form">
        <Select
          id="look-form"
          showSearch
          optionFilterProp="search"
          value={typeof props.form === 'number' ? props.form : undefined}
          placeholder={t('form.settings.choose')}
          notFoundContent={t('form.settings.noForms')}
          loading={plate.datasets === null}
          onChange={(form: number) => setProps({ form })}
          options={forms}
          data-testid="form-widget-form"
        />
      </Form.Item>
      <Form.Item label={t('form.settings.show')}>
        <Segmented
          value={show}
          onChange={(value) => setProps({ show: value, pageSize: value === 'records' ? props.pageSize : undefined })}
          options={[
            { value: 'fill', label: t('form.settings.fill') },
            { value: 'records', label: t('form.settings.records') },
          ]}
        />
      </Form.Item>
      {show === 'records' ? (
        <Form.Item label={t('form.settings.pageSize')} htmlFor="look-page-size">
          <Select id="look-page-size" value={typeof props.pageSize === 'number' ? props.pageSize : 10} onChange={(pageSize: number) => setProps({ pageSize })} options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} />
        </Form.Item>
      ) : null}
    </>
  );
}
