import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, type ImportProblem, type ImportResult } from '../../../core/contracts/record.ts';
import { formatSize } from '../../../core/format.ts';
import { useSave } from '../../ui/use-save.ts';

interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  onImport: (file: File) => Promise<ImportResult>;
}

/** Upload a workbook (progress in the shell's upload panel), then the count imported and every bad row with its reason. */
export function ImportModal({ open, onClose, onImport }: ImportModalProps) {
  const { t } = useTranslation('forms');
  const [result, setResult] = useState<ImportResult | null>(null);
  const { error, setError, busy, save: send } = useSave(
    (file: File) => {
      setResult(null);
      return onImport(file);
    },
    setResult,
    t('list.import.failed'),
  );
  const close = () => {
    setResult(null);
    setError('');
    onClose();
  };
  return (
    <Modal open={open} title={t('list.import.title')} onCancel={close} onOk={close} okText={t('list.import.close')} cancelButtonProps={{ style: { display: 'none' } }} width={720}>
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? t('list.import.uploading') : t('list.import.drop')}</p>
        <p className="ant-upload-hint">{t('list.import.hint', { size: formatSize(IMPORT_MAX_BYTES) })}</p>
      </Upload.Dragger>
      {error && <Alert type="error" showIcon role="alert" title={error} className="form-data-gap" />}
      {result && (
        <div className="form-data-gap" data-testid="import-report">
          <Alert
            type={result.failed.length ? 'warning' : 'success'}
            showIcon
            role="status"
            title={t('list.import.imported', { count: result.imported })}
            description={result.failed.length ? t('list.import.problems', { count: result.failed.length }) : undefined}
          />
          {result.failed.length > 0 && (
            <Table<ImportProblem>
              size="small"
              className="form-data-gap"
              rowKey={(problem) => `${problem.row}:${problem.field}:${problem.message}`}
              dataSource={result.failed}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: t('list.import.row'), dataIndex: 'row', width: 80 },
                { title: t('list.import.field'), dataIndex: 'field', width: 180, render: (field: string) => <Typography.Text code>{field}</Typography.Text> },
                { title: t('list.import.reason'), dataIndex: 'message', render: (message: string) => <span dir="auto">{message}</span> },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
