import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch, Upload, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDesign } from '../../../core/forms/form-design.ts';
import { useTextIn } from '../../i18n/local-text.ts';

/**
 * A field's control as the fill screen will show it, drawn inert on the canvas: the designer
 * sees the shape of the form without typing into it.
 */
export function FieldLook({ field }: { field: FieldDesign }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const common = { disabled: true, placeholder: field.placeholder, 'aria-hidden': true, tabIndex: -1 } as const;
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: textOf(o.label) || o.value }));
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} rows={2} />;
    case 'number':
    case 'money':
    case 'percentage':
      return <InputNumber {...common} className="designer-wide" prefix={field.type === 'money' ? field.currency ?? 'CNY' : undefined} suffix={field.type === 'percentage' ? '%' : undefined} />;
    case 'date':
      return <DatePicker {...common} className="designer-wide" />;
    case 'datetime':
      return <DatePicker {...common} showTime className="designer-wide" />;
    case 'select':
    case 'multiselect':
    case 'member':
    case 'department':
    case 'linkedRecord':
    case 'address':
      return <Select {...common} mode={field.type === 'multiselect' || field.multiple ? 'multiple' : undefined} options={options} className="designer-wide" />;
    case 'radio':
      return <Radio.Group disabled options={options} />;
    case 'checkbox':
      return <Checkbox.Group disabled options={options} />;
    case 'switch':
      return <Switch disabled />;
    case 'attachment':
    case 'image':
      return (
        <Upload disabled>
          <Button icon={<UploadOutlined />} disabled tabIndex={-1}>
            {t('designer.canvas.upload')}
          </Button>
        </Upload>
      );
    case 'subtable':
      return (
        <div className="designer-subtable" aria-hidden>
          {(field.fields ?? []).length === 0 ? (
            <span className="admin-muted">{t('designer.canvas.noColumns')}</span>
          ) : (
            (field.fields ?? []).map((column) => (
              <span key={column.key} className="designer-subtable-column" dir="auto">
                {textOf(column.label) || column.key}
              </span>
            ))
          )}
        </div>
      );
    case 'computed':
      return <Input {...common} value={field.formula ? `= ${field.formula}` : ''} placeholder={t('designer.canvas.noFormula')} dir="ltr" />;
    case 'description':
      return <div className="designer-description" dir="auto">{field.content}</div>;
    default:
      return <Input {...common} />;
  }
}
