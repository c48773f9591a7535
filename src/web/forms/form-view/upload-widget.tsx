import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { App, Button, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILESTORE_PREFIX } from '../../../core/contracts/files.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { acceptsFile, filesOf, storedFile, type StoredFile } from './field-values.ts';
import type { UploadedFile } from './form-view-api.ts';

const UPLOAD_PATH = `${FILESTORE_PREFIX}/file/upload`;

interface UploadOptions {
  accept?: string[];
  maxSizeMb?: number;
}

/** Attachments and images: each file goes to the file store at once; the record keeps its id, name, size and type. */
export function UploadWidget({ id, value, onChange, options, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const stores = useStores();
  const { accept, maxSizeMb } = options as UploadOptions;
  const files = filesOf(value);
  const [pending, setPending] = useState<UploadFile[]>([]);
  // Files chosen together finish one by one: each adds itself to the list as it stands then.
  const latest = useRef<unknown>(value);
  latest.current = value;

  const upload = async (file: File) => {
    if (!acceptsFile(file.name, accept)) {
      void message.error(t('view.fileType', { types: (accept ?? []).join(', ') }));
      return;
    }
    if (maxSizeMb && file.size > maxSizeMb * 1024 * 1024) {
      void message.error(t('view.fileSize', { size: maxSizeMb }));
      return;
    }
    const uid = `${file.name}-${Date.now()}`;
    setPending((list) => [...list, { uid, name: file.name, status: 'uploading', percent: 0 }]);
    try {
      // Progress shows beside the field and in the shell's upload panel.
      const uploaded = await stores.uploadTracked<UploadedFile>(UPLOAD_PATH, file, {
        onProgress: (percent) => setPending((list) => list.map((f) => (f.uid === uid ? { ...f, percent } : f))),
      });
      latest.current = [...filesOf(latest.current), storedFile(uploaded)];
      onChange(latest.current);
    } catch {
      void message.error(t('view.uploadFailed', { name: file.name }));
    } finally {
      setPending((list) => list.filter((f) => f.uid !== uid));
    }
  };

  const shown: UploadFile[] = [
    ...files.map((f: StoredFile): UploadFile => ({ uid: f.fileId, name: f.name, size: f.size, type: f.type, status: 'done' })),
    ...pending,
  ];
  if ((disabled || readonly) && shown.length === 0) return <Typography.Text type="secondary">{t('view.noFiles')}</Typography.Text>;
  return (
    <Upload
      id={id}
      fileList={shown}
      accept={accept?.map((ext) => `.${ext}`).join(',')}
      disabled={disabled || readonly}
      multiple
      beforeUpload={(file) => {
        void upload(file);
        return false;
      }}
      onRemove={(removed) => {
        const rest = files.filter((f) => f.fileId !== removed.uid);
        onChange(rest.length ? rest : undefined);
        return false;
      }}
    >
      {!(disabled || readonly) && <Button icon={<UploadOutlined />}>{t('view.upload')}</Button>}
    </Upload>
  );
}
