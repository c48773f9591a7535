import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, Result, Row, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import { workspaceTemplateCreateBody } from '../../../core/contracts/workspace-template.ts';
import type { PageListItem } from '../../api/admin-endpoints.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { ResourceTreePicker } from '../../ui/resource-tree-picker.tsx';
import { schemaRules, withoutEmpty } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { useSave } from '../../ui/use-save.ts';
import { editTargetOf } from '../../ui/edit-target.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import { TemplateEditStore } from './template-edit-store.ts';
import '../../ui/admin.css';
import { textIn, type LocalText } from '../../../core/local-text.ts';

interface Values {
  name: string;
  description?: string;
}

const LIST_PATH = '/workSpace/templateList';
/** The pages a template brings: customer pages and public websites of the tenant (`page/list` answers workspace managers). */
const PagesPicker = observer(function PagesPicker({ store }: { store: TemplateEditStore }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <LoadState source={store.pages} empty={{ when: (pages) => pages.length === 0, description: t('templates.noPages') }}>
      {() => (
        <>
          <Space wrap className="admin-toolbar">
            <Input.Search
              allowClear
              placeholder={t('templates.searchPages')}
              aria-label={t('templates.searchPages')}
              value={store.pageKeyword}
              onChange={(event) => store.setPageKeyword(event.target.value)}
              className="admin-search"
            />
            <Typography.Text type="secondary" aria-live="polite">
              {t('tree.selected', { count: store.pageIds.length, total: store.pages.data?.length ?? 0 })}
            </Typography.Text>
          </Space>
          <Table<PageListItem>
            rowKey="id"
            size="small"
            dataSource={store.visiblePages}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 480 }}
            locale={{ emptyText: t('tree.noMatch') }}
            rowSelection={{
              selectedRowKeys: store.pageIds,
              preserveSelectedRowKeys: true,
              onChange: (keys) => store.setPageIds(keys.map(Number)),
              getTitleCheckboxProps: () => ({ 'aria-label': t('templates.pickAllPages') }),
              getCheckboxProps: (page) => ({ 'aria-label': textIn(page.title, i18n.language) }),
            }}
            columns={[
              { title: t('templates.pageTitle'), dataIndex: 'title', render: (title: LocalText) => <span dir="auto">{textIn(title, i18n.language)}</span> },
              {
                title: t('templates.route'),
                dataIndex: 'route',
                render: (route: string | null) =>
                  route ? (
                    <Typography.Text code className="admin-nowrap">
                      {route}
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
              },
              {
                title: t('templates.kind'),
                dataIndex: 'kind',
                width: 130,
                render: (kind: PageListItem['kind'], page) => (
                  <Space size={4} wrap>
                    <Tag>{t(`templates.kinds.${kind}`)}</Tag>
                    {!page.published && <Tag color="orange">{t('templates.draft')}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
    </LoadState>
  );
});

/** A template's name, description, menu and pages; `param` is a template id or `new`. */
const TemplateEditor = observer(function TemplateEditor({ param }: { param: number | 'new' | null }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const api = useAdminApi();
  const navigate = useNavigate();
  const held = useHeldPoints('workspace');
  const [store] = useState(() => (param === null ? null : new TemplateEditStore(api, param === 'new' ? null : param)));
  const [form] = Form.useForm<Values>();
  const { error, busy, save: write } = useSave(
    (template: TemplateEditStore, values: Values) => template.save(withoutEmpty({ name: values.name, description: values.description ?? '' })),
    () => {
      void message.success(t('state.saved'));
      navigate(LIST_PATH);
    },
    (failure) => placeServerError(form, failure, ['name', 'description'], () => 'name'),
  );

  useEffect(() => {
    void store?.start();
  }, [store]);

  const back = (
    <Link to={LIST_PATH}>
      <ArrowLeftOutlined /> {t('templates.backToList')}
    </Link>
  );
  if (!store) return <Result status="404" title={t('templates.notFound')} extra={back} />;
  if (held.ready && !held.has(AUTHORIZATION_POINTS.workspaces)) {
    return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} extra={back} />;
  }

  const save = async () => write(store, await form.validateFields());

  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Space orientation="vertical" size={0}>
          {back}
          <Typography.Title level={3}>{store.id === null ? t('templates.createTitle') : t('templates.editTitle')}</Typography.Title>
        </Space>
        <Space>
          <Button onClick={() => void navigate(LIST_PATH)}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={store.detail.status !== 'ready'} data-testid="save-template">
            {t('actions.save')}
          </Button>
        </Space>
      </div>
      <LoadState source={store.detail}>
        {(detail) => (
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <Card title={t('templates.details')}>
                <FormAlerts error={error} />
                <Form
                  form={form}
                  layout="vertical"
                  name="template-form"
                  initialValues={detail ? { name: detail.template.name, description: detail.template.description } : {}}
                  onFinish={() => void save()}
                >
                  <Row gutter={16}>
                    <Col xs={24} md={10}>
                      <Form.Item name="name" label={t('templates.name')} rules={schemaRules(t, workspaceTemplateCreateBody, 'name', t('validation.noBrackets'))}>
                        <Input autoFocus autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={14}>
                      <Form.Item
                        name="description"
                        label={t('templates.description')}
                        rules={schemaRules(t, workspaceTemplateCreateBody, 'description', t('validation.noBrackets'))}
                      >
                        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Form>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('templates.menus')}>
                <Typography.Paragraph type="secondary">{t('templates.menusHelp')}</Typography.Paragraph>
                <LoadState source={store.tree} empty={{ when: (tree) => tree.length === 0, description: t('tree.empty') }}>
                  {(tree) => (
                    <ResourceTreePicker tree={tree} value={store.resourceIds} onChange={(ids) => store.setResourceIds(ids)} label={t('templates.menus')} />
                  )}
                </LoadState>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('templates.pages')}>
                <Typography.Paragraph type="secondary">{t('templates.pagesHelp')}</Typography.Paragraph>
                <PagesPicker store={store} />
              </Card>
            </Col>
          </Row>
        )}
      </LoadState>
    </div>
  );
});

/** /workSpace/templateCreate/{id}: a fresh editor for each template (`new` makes one). */
export default function TemplateEditPage() {
  const param = editTargetOf(useParams().id);
  return <TemplateEditor key={String(param)} param={param} />;
}
