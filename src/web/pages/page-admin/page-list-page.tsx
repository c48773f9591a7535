import { DeleteOutlined, EditOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Result, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PAGE_EDIT_POINT, type PageListItem } from '../../../core/contracts/page.ts';
import { formatServerDate } from '../../../core/format.ts';
import { pageEditorPath } from '../../../core/pages/page-editor-path.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { languageOf } from '../../i18n/i18n.ts';
import '../../ui/admin.css';
import './page-admin.css';
import { everyText, textIn, type LocalText } from '../../../core/local-text.ts';

/** Where a page answers: its route, or the public address of a website. */
const addressOf = (page: PageListItem) => (page.kind === 'website' ? `/website/${page.id}` : page.route);

/** /pageManage: the tenant's customer pages and public websites, to open, edit, add and delete. */
const PageListPage = observer(function PageListPage() {
  const { t, i18n } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const api = useAdminApi();
  const navigate = useNavigate();
  const held = useHeldPoints('page');
  const [pages] = useState(() => new Loadable(() => api.pages()));
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    void pages.load();
  }, [pages]);

  if (held.ready && !held.has(PAGE_EDIT_POINT)) return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} />;

  const confirmDelete = (page: PageListItem) => {
    modal.confirm({
      title: t('pages.deleteTitle', { title: textIn(page.title, i18n.language) }),
      content: page.resourceId !== null ? t('pages.deleteWithMenu') : t('pages.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await api.deletePage(page.id);
        pages.set((pages.data ?? []).filter((each) => each.id !== page.id));
        void message.success(t('state.deleted'));
      },
    });
  };

  const create = () => void navigate(pageEditorPath('new'));
  const needle = keyword.trim().toLowerCase();
  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('pages.title')}</Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('pages.search')}
            aria-label={t('pages.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            className="admin-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="create-page">
            {t('pages.create')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary">{t('pages.intro')}</Typography.Text>
      <Card>
        <LoadState
          source={pages}
          empty={{
            when: (list) => list.length === 0,
            description: t('pages.empty'),
            action: (
              <Button type="primary" onClick={create}>
                {t('pages.create')}
              </Button>
            ),
          }}
        >
          {(list) => (
            <Table<PageListItem>
              rowKey="id"
              size="middle"
              dataSource={needle ? list.filter((page) => [...everyText(page.title), page.route ?? ''].some((text) => text.toLowerCase().includes(needle))) : list}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 820 }}
              locale={{ emptyText: t('pages.noMatch') }}
              columns={[
                {
                  title: t('pages.pageTitle'),
                  dataIndex: 'title',
                  sorter: (a, b) => textIn(a.title, i18n.language).localeCompare(textIn(b.title, i18n.language)),
                  render: (title: LocalText, page) => (
                    <Link to={pageEditorPath(page.id)} dir="auto">
                      {textIn(title, i18n.language)}
                    </Link>
                  ),
                },
                {
                  title: t('pages.route'),
                  dataIndex: 'route',
                  sorter: (a, b) => (addressOf(a) ?? '').localeCompare(addressOf(b) ?? ''),
                  render: (_route: string | null, page) => {
                    const address = addressOf(page);
                    return address ? (
                      <Typography.Text code className="admin-nowrap">
                        <bdi dir="ltr">{address}</bdi>
                      </Typography.Text>
                    ) : (
                      '—'
                    );
                  },
                },
                {
                  title: t('pages.kind'),
                  dataIndex: 'kind',
                  width: 120,
                  filters: [
                    { text: t('pages.kinds.page'), value: 'page' },
                    { text: t('pages.kinds.website'), value: 'website' },
                  ],
                  onFilter: (value, page) => page.kind === value,
                  render: (kind: PageListItem['kind']) => <Tag>{t(`pages.kinds.${kind}`)}</Tag>,
                },
                {
                  title: t('pages.published'),
                  dataIndex: 'published',
                  width: 130,
                  render: (published: boolean) => (published ? <Tag color="green">{t('pages.live')}</Tag> : <Tag color="orange">{t('pages.draft')}</Tag>),
                },
                {
                  title: t('pages.menu'),
                  dataIndex: 'resourceId',
                  width: 110,
                  render: (resourceId: number | null) => (resourceId !== null ? t('pages.inMenuYes') : <span className="admin-muted">—</span>),
                },
                {
                  title: t('pages.updated'),
                  dataIndex: 'updateTime',
                  width: 180,
                  defaultSortOrder: 'descend',
                  sorter: (a, b) => a.updateTime.localeCompare(b.updateTime),
                  render: (time: string) => <bdi dir="ltr" className="admin-nowrap">
                      {formatServerDate(time, languageOf(i18n))}
                    </bdi>,
                },
                {
                  title: t('actions.title'),
                  key: 'actions',
                  width: 150,
                  render: (_value, page) => {
                    const address = addressOf(page);
                    return (
                      <Space size={0}>
                        <Button type="text" icon={<EditOutlined />} aria-label={t('pages.editLabel', { title: textIn(page.title, i18n.language) })} onClick={() => void navigate(pageEditorPath(page.id))} />
                        <Button
                          type="text"
                          icon={<ExportOutlined />}
                          aria-label={t('pages.openLabel', { title: textIn(page.title, i18n.language) })}
                          disabled={!address}
                          onClick={() => address && void navigate(address)}
                        />
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('pages.deleteTitle', { title: textIn(page.title, i18n.language) })} onClick={() => confirmDelete(page)} />
                      </Space>
                    );
                  },
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
    </div>
  );
});

export default PageListPage;
