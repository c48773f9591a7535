import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetSettingsProps } from '../types.ts';

/** The largest picture kept inside the plate itself (as a data: address). */
const MAX_IMAGE_BYTES = 140_000;

/** Lets the user pick a picture file and hands it over as a data: address, if it is small enough. */
function choosePicture(onPicked: (src: string) => void, onTooLarge: () => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';
  input.onchange = () => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      onTooLarge();
      return;
    }
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && onPicked(reader.result);
    reader.readAsDataURL(file);
  };
  input.click();
}

/** A picture (a small file kept in the plate, or an address of the app) and its words for screen readers. */
export default function ImageSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('widgets');
  const { message } = App.useApp();
  return (
    <>
      <Form.Item label={t('plates.settings.picture')} extra={t('plates.settings.pictureHint')}>
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => choosePicture((src) => setProps({ src }), () => void message.error(t('plates.settings.pictureTooLarge')))}>
            {t('plates.settings.choosePicture')}
          </Button>
          <Input
            size="small"
            value={typeof props.src === 'string' && props.src.startsWith('/') ? props.src : ''}
            placeholder="/files/..."
            aria-label={t('plates.settings.picturePath')}
            onChange={(event) => event.target.value.startsWith('/') && setProps({ src: event.target.value }, 'src')}
          />
        </Space>
      </Form.Item>
      <Form.Item label={t('plates.settings.alt')} htmlFor="look-alt">
        <Input id="look-alt" maxLength={300} value={(props.alt as string | undefined) ?? ''} onChange={(event) => setProps({ alt: event.target.value }, 'alt')} />
      </Form.Item>
    </>
  );
}
