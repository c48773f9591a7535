import { FolderAddOutlined, UploadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Input, Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_TYPE_GROUP_NAMES, type FileTypeGroup } from '../../../core/contracts/files.ts';
import type { DocPageStore } from './doc-page-store.ts';

/** Above the list: where the open folder sits, the search, and (where the caller may upload) new folder and upload. */
export const DocToolbar = observer(function DocToolbar({ page }: { page: DocPageStore }) {
  const { t } = useTranslation('docs');
  const { library } = page;
  const picker = useRef<HTMLInputElement>(null);
  const crumb = (name: string, folderId: number | null) => (
    <Button type="link" size="small" className="doc-crumb" onClick={() => library.openFolder(folderId)}>
      <span dir="auto">{name}</span>
    </Button>
  );
  return (
    <div className="doc-toolbar">
      <Breadcrumb items={[{ title: crumb(page.topName, null) }, ...library.trail.map((f) => ({ title: crumb(f.name, f.id) }))]} />
      <Space wrap>
        <Input.Search
          allowClear
          className="doc-search"
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={(keyword) => library.search({ keyword })}
          data-testid="doc-search"
        />
        <Select<FileTypeGroup | ''>
          className="doc-type"
          aria-label={t('type')}
          value={library.query.typeGroup ?? ''}
          onChange={(value) => library.search({ typeGroup: value || undefined })}
          options={[{ value: '', label: t('types.all') }, ...FILE_TYPE_GROUP_NAMES.map((g) => ({ value: g, label: t(`types.${g}`) }))]}
          data-testid="doc-type"
        />
        {library.can('upload') && (
          <>
            <Button icon={<FolderAddOutlined />} onClick={() => page.show({ kind: 'newFolder' })} data-testid="doc-new-folder">
              {t('newFolder')}
            </Button>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => picker.current?.click()} data-testid="doc-upload">
              {t('upload')}
            </Button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="doc-upload-input"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                void page.uploadFiles(chosen);
              }}
            />
          </>
        )}
      </Space>
    </div>
  );
});
