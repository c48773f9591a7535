import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from '../types.ts';

/** A text's words (Markdown), alignment and tone. */
export default function MarkdownSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  return (
    <>
      <Form.Item label={t('plates.settings.text')} htmlFor="look-content" extra={t('plates.settings.markdownHint')}>
        <Input.TextArea
          id="look-content"
          autoSize={{ minRows: 4, maxRows: 14 }}
          maxLength={20000}
          value={(props.content as string | undefined) ?? ''}
          onChange={(event) => setProps({ content: event.target.value }, 'content')}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item label={t('plates.settings.align')} htmlFor="look-align">
          <Select id="look-align" size="small" value={(props.align as string | undefined) ?? 'start'} onChange={(align: string) => setProps({ align })} options={['start', 'center', 'end'].map((v) => ({ value: v, label: t(`plates.settings.alignTo.${v}`) }))} />
        </Form.Item>
        <Form.Item label={t('plates.settings.tone')} htmlFor="look-tone">
          <Select id="look-tone" size="small" value={(props.tone as string | undefined) ?? 'none'} onChange={(tone: string) => setProps({ tone })} options={['none', 'info', 'success', 'warning', 'error'].map((v) => ({ value: v, label: t(`plates.settings.toneOf.${v}`) }))} />
        </Form.Item>
      </Space>
    </>
  );
}
