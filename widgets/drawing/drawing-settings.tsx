import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from '../types.ts';

/** Which sheet (by number, or one revision) and whether its published markups are drawn. */
export default function DrawingSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('sheetViewer');
  const number = typeof props.sheetNumber === 'string' ? props.sheetNumber : '';
  const revisionId = typeof props.revisionId === 'number' ? props.revisionId : null;
  return (
    <>
      <Form.Item label={t('widget.number')}>
        <Input value={number} maxLength={40} onChange={(event) => setProps({ sheetNumber: event.target.value.trim() || undefined })} data-testid="drawing-sheet-number" />
      </Form.Item>
      <Form.Item label={t('widget.revisionId')}>
        <InputNumber min={1} precision={0} value={revisionId} onChange={(value) => setProps({ revisionId: typeof value === 'number' ? value : undefined })} />
      </Form.Item>
      <Form.Item label={t('widget.showMarkups')}>
        <Switch checked={props.showMarkups !== false} onChange={(checked) => setProps({ showMarkups: checked })} />
      </Form.Item>
    </>
  );
}
