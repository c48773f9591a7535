import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Input, Result, Row, Space, Statistic, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import type { WorkspaceTemplate } from '../../../core/contracts/workspace-template.ts';
import { formatServerDate } from '../../../core/format.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { InstantiateModal } from './instantiate-modal.tsx';
import '../../ui/admin.css';

const editPath = (id: number | 'new') => `/workSpace/templateCreate/${id}`;

/** /workSpace/templateList: workspace templates, and new workspaces made from them. */
const TemplateListPage = observer(function TemplateListPage() {
  const { t, i18n } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const api = useAdminApi();
  const navigate = useNavigate();
  const held = useHeldPoints('workspace');
  const [templates] = useState(() => new Loadable(() => api.templates()));
  const [keyword, setKeyword] = useState('');
  const [instantiating, setInstantiating] = useState<WorkspaceTemplate | null>(null);

  useEffect(() => {
    void templates.load();
  }, [templates]);

  if (held.ready && !held.has(AUTHORIZATION_POINTS.workspaces)) {
    return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} />;
  }

  const confirmDelete = (template: WorkspaceTemplate) => {
    modal.confirm({
      title: t('templates.deleteTitle', { name: template.name }),
      content: t('templates.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await api.deleteTemplate(template.id);
        templates.set((templates.data ?? []).filter((each) => each.id !== template.id));
        void message.success(t('state.deleted'));
      },
    });
  };

  const needle = keyword.trim().toLowerCase();
  const create = () => void navigate(editPath('new'));
  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('templates.title')}</Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('templates.search')}
            aria-label={t('templates.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            className="admin-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('templates.create')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary">{t('templates.intro')}</Typography.Text>
      <LoadState
        source={templates}
        empty={{
          when: (list) => list.length === 0,
          description: t('templates.empty'),
          action: (
            <Button type="primary" onClick={create}>
              {t('templates.create')}
            </Button>
          ),
        }}
      >
        {(list) => {
          const shown = needle ? list.filter((each) => `${each.name} ${each.description}`.toLowerCase().includes(needle)) : list;
          if (shown.length === 0) return <Typography.Paragraph type="secondary">{t('templates.noMatch')}</Typography.Paragraph>;
          return (
            <Row gutter={[16, 16]}>
              {shown.map((template) => (
                <Col key={template.id} xs={24} md={12} xl={8}>
                  <Card
                    title={<Link to={editPath(template.id)}>{template.name}</Link>}
                    actions={[
                      <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => void navigate(editPath(template.id))} aria-label={t('templates.editLabel', { name: template.name })}>
                        {t('actions.edit')}
                      </Button>,
                      <Button
                        key="delete"
                        type="link"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('templates.deleteTitle', { name: template.name })}
                        onClick={() => confirmDelete(template)}
                      >
                        {t('actions.delete')}
                      </Button>,
                    ]}
                  >
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="admin-template-description" dir="auto">
                      {template.description || t('templates.noDescription')}
                    </Typography.Paragraph>
                    <Row gutter={16}>
                      <Col span={8}>
                        <Statistic title={t('templates.menus')} value={template.resourceCount} />
                      </Col>
                      <Col span={8}>
                        <Statistic title={t('templates.pages')} value={template.pageCount} />
                      </Col>
                      <Col span={8}>
                        <Typography.Text type="secondary" className="admin-small">
                          {t('templates.updated')}
                        </Typography.Text>
                        <div className="admin-small">{formatServerDate(template.updateTime, languageOf(i18n))}</div>
                      </Col>
                    </Row>
                    <Button
                      block
                      icon={<AppstoreAddOutlined />}
                      onClick={() => setInstantiating(template)}
                      className="admin-card-action"
                      data-testid={`instantiate-${template.id}`}
                    >
                      {t('templates.instantiate')}
                    </Button>
                  </Card>
                </Col>
              ))}
            </Row>
          );
        }}
      </LoadState>
      {instantiating && (
        <InstantiateModal
          template={instantiating}
          onSubmit={(body) => api.instantiateTemplate(body)}
          onClose={(created) => {
            setInstantiating(null);
            if (created) void message.success(t('templates.instantiated', { name: created.name, code: created.code }));
          }}
        />
      )}
    </div>
  );
});

export default TemplateListPage;
