import {
  AudioOutlined,
  BuildOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Modal, Result, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Attachment, AttachmentOwner } from '../../../core/contracts/attachments.ts';
import { groupOfExtension, type FileTypeGroup } from '../../../core/contracts/files.ts';
import { formatServerDate, formatSize } from '../../../core/format.ts';
import { textIn } from '../../../core/local-text.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { useFileClient } from '../../files/use-file-client.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { messageOf } from '../../api/error-message.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { attachmentApi } from './attachment-api.ts';
import { AttachmentFilterBar } from './attachment-filters.tsx';
import { AttachmentStore } from './attachment-store.ts';
import { openPdfPreview, previewKindOf } from './file-preview.ts';
import '../../ui/admin.css';
import './attachments.css';

const GROUP_ICONS: Record<FileTypeGroup, ReactNode> = {
  image: <FileImageOutlined />,
  pdf: <FilePdfOutlined />,
  office: <FileWordOutlined />,
  text: <FileTextOutlined />,
  drawing: <PictureOutlined />,
  model: <BuildOutlined />,
  archive: <FileZipOutlined />,
  media: <AudioOutlined />,
};

/** Spreadsheets stand apart from the other office files. */
const SHEETS = new Set(['xls', 'xlsx', 'ods', 'csv']);

/** The icon of a file by its extension (the server's `type`). */
const iconOf = (extension: string) => {
  if (SHEETS.has(extension)) return <FileExcelOutlined />;
  const group = groupOfExtension(extension);
  return group ? GROUP_ICONS[group] : <FileOutlined />;
};

/** A record as people name it: its number, else its title, else its id. */
const recordName = (owner: Extract<AttachmentOwner, { kind: 'record' }>) => owner.number ?? (owner.title || `#${owner.id}`);

/**
 * /docManage/attachManager: every file attached to a form record or another object, filtered by
 * form, uploader, type, upload days and name; each with its download, a preview for images and
 * PDFs, and a link to the record (or user) that holds it.
 */
const AttachManagerPage = observer(function AttachManagerPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const stores = useStores();
  const files = useFileClient();
  const store = useMemo(() => new AttachmentStore(attachmentApi(stores.api.http)), [stores]);
  const [image, setImage] = useState<Attachment | null>(null);
  useEffect(() => store.start(), [store]);

  if (store.forbidden && store.page.data === null) {
    return <Result status="403" title="403" subTitle={t('attachments.forbidden')} />;
  }

  const preview = async (attachment: Attachment) => {
    if (previewKindOf(attachment.file) === 'image') return setImage(attachment);
    try {
      await openPdfPreview(files.fileUrl(attachment.file.id));
    } catch (failure) {
      void message.error(messageOf(failure, t('attachments.previewFailed')));
    }
  };

  const owner = (item: AttachmentOwner) => {
    if (item.kind === 'avatar') {
      const text = t('attachments.owner.avatar', { name: item.name });
      return item.route ? (
        <Link to={item.route} dir="auto">
          {text}
        </Link>
      ) : (
        <span dir="auto">{text}</span>
      );
    }
    return (
      <div className="attachments-owner">
        <Link to={item.route} aria-label={t('attachments.owner.openRecord', { record: recordName(item), form: textIn(item.formName, i18n.language) })} data-testid={`owner-${item.id}`} dir="auto">
          {recordName(item)}
          {item.number && item.title ? ` · ${item.title}` : ''}
        </Link>
        <Link to={item.listRoute} className="attachments-owner-form" aria-label={t('attachments.owner.openList', { form: textIn(item.formName, i18n.language) })} dir="auto">
          {textIn(item.formName, i18n.language)}
        </Link>
      </div>
    );
  };

  return (
    <div className="admin-page attachments-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('attachments.title')}</Typography.Title>
      </div>
      <Typography.Text type="secondary">{t('attachments.intro')}</Typography.Text>
      <Card>
        <AttachmentFilterBar store={store} />
        <LoadState source={store.page} empty={{ when: (page) => page.total === 0, description: store.filtered ? t('attachments.noMatch') : t('attachments.empty') }}>
          {(page) => (
            <Table<Attachment>
              rowKey="id"
              size="middle"
              dataSource={page.list}
              scroll={{ x: 1080 }}
              data-testid="attachments-table"
              pagination={{
                current: page.pageNum,
                pageSize: page.pageSize,
                total: page.total,
                showSizeChanger: true,
                showTotal: (total) => t('attachments.total', { count: total }),
                onChange: (pageNum, pageSize) => store.turn(pageNum, pageSize),
              }}
              columns={[
                {
                  title: t('attachments.columns.file'),
                  key: 'file',
                  width: 220,
                  render: (_: unknown, item) => (
                    <span className="attachments-file">
                      <span className="attachments-file-icon" aria-hidden>
                        {iconOf(item.file.type)}
                      </span>
                      <span dir="auto" className="attachments-file-name">
                        {item.file.name}
                      </span>
                    </span>
                  ),
                },
                {
                  title: t('attachments.columns.type'),
                  key: 'type',
                  width: 80,
                  render: (_: unknown, item) => <Tag className="attachments-type">{item.file.type.toUpperCase()}</Tag>,
                },
                {
                  title: t('attachments.columns.size'),
                  key: 'size',
                  width: 100,
                  align: 'end',
                  render: (_: unknown, item) => <span className="admin-nowrap">{formatSize(item.file.size)}</span>,
                },
                { title: t('attachments.columns.owner'), key: 'owner', width: 240, render: (_: unknown, item) => owner(item.owner) },
                {
                  title: t('attachments.columns.field'),
                  key: 'field',
                  width: 150,
                  render: (_: unknown, item) =>
                    item.owner.kind === 'avatar' ? t('attachments.owner.avatarField') : <span dir="auto">{item.fieldLabels?.map((label) => textIn(label, i18n.language)).join(' / ') ?? item.field}</span>,
                },
                {
                  title: t('attachments.columns.uploaded'),
                  key: 'uploaded',
                  width: 190,
                  render: (_: unknown, item) => (
                    <div className="attachments-uploaded">
                      <span className="admin-nowrap">{formatServerDate(item.file.createTime, languageOf(i18n))}</span>
                      {item.uploader ? (
                        <span dir="auto" className="attachments-uploader">
                          {item.uploader.name}
                        </span>
                      ) : (
                        <span className="attachments-uploader">{t('attachments.unknownUploader')}</span>
                      )}
                    </div>
                  ),
                },
                {
                  title: t('attachments.columns.actions'),
                  key: 'actions',
                  width: 90,
                  render: (_: unknown, item) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        type="text"
                        icon={<DownloadOutlined />}
                        href={files.fileUrl(item.file.id)}
                        aria-label={t('attachments.downloadLabel', { name: item.file.name })}
                        title={t('attachments.download')}
                        data-testid={`download-${item.id}`}
                      />
                      {previewKindOf(item.file) && (
                        <Button
                          size="small"
                          type="text"
                          icon={<EyeOutlined />}
                          onClick={() => void preview(item)}
                          aria-label={t('attachments.previewLabel', { name: item.file.name })}
                          title={t('attachments.preview')}
                          data-testid={`preview-${item.id}`}
                        />
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
      <Modal open={image !== null} title={image?.file.name} footer={null} onCancel={() => setImage(null)} width={720} destroyOnHidden>
        {image && (
          <div className="attachments-preview">
            <img src={files.fileUrl(image.file.id, { inline: true })} alt={image.file.name} />
          </div>
        )}
      </Modal>
    </div>
  );
});

export default AttachManagerPage;
