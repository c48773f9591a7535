import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Progress } from 'antd';
import type { MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_PATHS } from '../../../../core/contracts/follows.ts';
import { FOLLOW_FILE_PATHS } from '../../../../core/follows/bcf.ts';
import { saveDownload } from '../../../api/download.ts';
import { useTextLanguage } from '../../../i18n/local-text.ts';
import { downloadWithProgress } from '../follow-api.ts';
import { filterBody } from '../follow-filter.ts';
import { failureText } from '../follow-texts.tsx';
import { useFollowApi } from '../use-follow-api.ts';
import { BcfImportDialog } from './bcf-import-dialog.tsx';
import type { FollowListStore } from './follow-list-store.ts';

type FileKind = 'xlsx' | 'pdf' | 'bcf21' | 'bcf30';

/**
 * The list as files: the xlsx sheet and the PDF report (with each pin's sheet snippet and the
 * photos) and a BCF zip, each of the chosen rows or else of what the filters leave, saved with
 * the download's progress; and a BCF zip read in as follow-ups of a chosen type.
 */
export const FollowFiles = observer(function FollowFiles({ list, mayImport }: { list: FollowListStore; mayImport: boolean }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const { message } = App.useApp();
  const env = useFollowApi();
  const [importing, setImporting] = useState(false);

  const download = async (kind: FileKind) => {
    const key = `follow-download-${kind}`;
    const selection = list.selected.length ? { ids: list.selected } : {};
    const filter = { ...filterBody(list.workspaceCode, list.query.filter), sort: list.query.sort, order: list.query.order };
    const language = (['en', 'zh-CN', 'ar'].includes(lng) ? lng : 'en') as 'en' | 'zh-CN' | 'ar';
    const [path, body] =
      kind === 'xlsx'
        ? [FOLLOW_PATHS.export, { ...filter, language }]
        : kind === 'pdf'
          ? [FOLLOW_FILE_PATHS.report, { ...filter, ...selection, language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]
          : [FOLLOW_FILE_PATHS.bcfExport, { ...filter, ...selection, version: kind === 'bcf30' ? '3.0' : '2.1' }];
    const show = (fraction: number | null) =>
      void message.open({
        key,
        type: 'loading',
        duration: 0,
        content: (
          <span className="follow-download" data-testid="follow-download-progress">
            {t('list.downloading')}
            <Progress percent={fraction === null ? 99 : Math.round(fraction * 100)} status="active" showInfo={fraction !== null} size="small" />
          </span>
        ),
      });
    show(null);
    try {
      const { blob, headers } = await downloadWithProgress(`${env.baseUrl}${path}`, env.token(), body, show);
      const name = saveDownload(blob, headers);
      void message.open({ key, type: 'success', content: t('list.downloaded', { name }) });
    } catch (failure) {
      void message.open({ key, type: 'error', content: failureText(t, failure) });
    }
  };

  const items: MenuProps['items'] = [
    { key: 'xlsx', label: t('list.exportXlsx') },
    { key: 'pdf', label: t('list.exportPdf') },
    { key: 'bcf21', label: t('list.exportBcf', { version: '2.1' }) },
    { key: 'bcf30', label: t('list.exportBcf', { version: '3.0' }) },
  ];

  return (
    <>
      <Dropdown menu={{ items, onClick: ({ key }) => void download(key as FileKind) }} trigger={['click']}>
        <Button icon={<DownloadOutlined />} data-testid="follow-export">
          {list.selected.length ? t('list.exportChosen', { count: list.selected.length }) : t('list.export')}
        </Button>
      </Dropdown>
      {mayImport && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="follow-bcf-import">
          {t('list.importBcf')}
        </Button>
      )}
      {importing && <BcfImportDialog list={list} onClose={() => setImporting(false)} />}
    </>
  );
});
