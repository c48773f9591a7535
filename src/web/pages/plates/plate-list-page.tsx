import { BuildOutlined, CopyOutlined, DeleteOutlined, EditOutlined, MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../../../core/entities.ts';
import { PLATE_POINTS, platePublishBody, plateRenameBody, plateRoute, type PlateListItem } from '../../../core/contracts/plates.ts';
import { formatServerDate } from '../../../core/format.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { MenuParentSelect } from '../../ui/menu-parent-select.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import { plateApi } from '../../api/plate-endpoints.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { messageOf } from '../../api/error-message.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { CREATE_PLATE_PATH, plateEditorPath } from './editor/plate-paths.ts';
import '../../ui/admin.css';
import './plates.css';
import { mapText, normalizeText, textIn, type LocalText } from '../../../core/local-text.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { schemaRules } from '../../ui/schema-rules.ts';

const PAGE_SIZE = 20;

/** What a dialog of the list asks for: a new name, a copy's name, or a menu place. */
type Dialog =
  | { kind: 'rename'; plate: PlateListItem }
  | { kind: 'copy'; plate: PlateListItem }
  | { kind: 'publish'; plate: PlateListItem }
  | null;

/** What the dialogs' form holds. */
interface DialogValues {
  name: LocalText;
  parentId?: number;
  title?: LocalText;
}

/**
 * /dataAnalysisPlate: the tenant's analysis plates — search by name or description, open,
 * create and edit (in the editor), rename, copy, put in the menu or take out, delete. Buttons follow the board points
 * the user holds; the server checks them again.
 */
const PlateListPage = observer(function PlateListPage() {
  const { t, i18n } = useTranslation('widgets');
  const { modal, message } = App.useApp();
  const stores = useStores();
  const navigate = useNavigate();
  const api = useMemo(() => plateApi(stores.api.http), [stores]);
  const held = useHeldPoints('board');
  const [query, setQuery] = useState({ keyword: '', pageNum: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The menu tree to publish under; null while it loads. */
  const [menus, setMenus] = useState<MenuNode[] | null>(null);
  const [form] = Form.useForm<DialogValues>();
  const { busy: saving, save } = useSave(
    async (open: NonNullable<Dialog>, values: DialogValues) => {
      if (open.kind === 'rename') await api.rename({ id: open.plate.id, revision: open.plate.revision, name: normalizeText(values.name) });
      if (open.kind === 'copy') await api.copy({ id: open.plate.id, name: normalizeText(values.name) });
      if (open.kind === 'publish') await api.publish({ id: open.plate.id, menu: { parentId: values.parentId!, title: (values.title && normalizeText(values.title)) || undefined } });
      return open.kind;
    },
    (kind) => {
      void message.success(t(`plates.list.done.${kind}`));
      setDialog(null);
      reload();
    },
    (failure) => {
      void message.error(messageOf(failure, t('plates.list.failed')));
      return '';
    },
  );

  // One loader per search and page: each reads its own query, and an older answer never lands.
  const listing = (q: typeof query) => new Loadable(() => api.list({ keyword: q.keyword || undefined, pageNum: q.pageNum, pageSize: PAGE_SIZE }));
  const [source, setSource] = useState(() => listing(query));
  useEffect(() => {
    const next = listing(query);
    setSource(next);
    void next.load();
    // `listing` is rebuilt each render; the query and the api decide what it loads.
  }, [api, query]);

  useEffect(() => {
    if (dialog?.kind !== 'publish') return;
    setMenus(null);
    stores.api.currentTree({ showErrorToast: false }).then(
      setMenus,
      () => setMenus([]),
    );
  }, [dialog, stores]);

  const can = { create: held.has(PLATE_POINTS.create), edit: held.has(PLATE_POINTS.edit), delete: held.has(PLATE_POINTS.delete) };
  /** After a write: the list again, and the menu (an entry may have come, gone or been renamed). */
  const reload = () => {
    void source.load();
    void stores.refreshAccess();
  };

  const open = (next: Dialog) => {
    form.resetFields();
    if (next?.kind === 'rename') form.setFieldsValue({ name: next.plate.name });
    if (next?.kind === 'copy') form.setFieldsValue({ name: mapText(next.plate.name, (name) => t('plates.list.copyName', { name })) });
    if (next?.kind === 'publish') form.setFieldsValue({ title: next.plate.name });
    setDialog(next);
  };

  const submit = async () => {
    if (!dialog) return;
    await save(dialog, await form.validateFields());
  };

  const unpublish = async (plate: PlateListItem) => {
    try {
      await api.publish({ id: plate.id, menu: null });
      void message.success(t('plates.list.done.unpublish'));
      reload();
    } catch (failure) {
      void message.error(messageOf(failure, t('plates.list.failed')));
    }
  };

  const confirmDelete = (plate: PlateListItem) => {
    modal.confirm({
      title: t('plates.list.deleteTitle', { name: textIn(plate.name, i18n.language) }),
      content: plate.resourceId !== null ? t('plates.list.deleteWithMenu') : t('plates.list.deleteContent'),
      okText: t('plates.list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('plates.list.cancel'),
      onOk: async () => {
        try {
          await api.remove(plate.id);
          void message.success(t('plates.list.done.delete'));
          reload();
        } catch (failure) {
          void message.error(messageOf(failure, t('plates.list.failed')));
        }
      },
    });
  };

  if (source.status === 'failed' && source.error && held.ready && !can.create && !can.edit && !can.delete && source.data === null) {
    // A 403 from the list: the user has neither the board points nor the plate menu.
    return <Result status="403" title="403" subTitle={t('plates.list.forbidden')} />;
  }

  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('plates.list.title')}</Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('plates.list.search')}
            aria-label={t('plates.list.search')}
            onSearch={(keyword) => setQuery({ keyword: keyword.trim(), pageNum: 1 })}
            className="admin-search"
            data-testid="plate-search"
          />
          {can.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(CREATE_PLATE_PATH)} data-testid="create-plate">
              {t('plates.list.create')}
            </Button>
          )}
        </Space>
      </div>
      <Typography.Text type="secondary">{t('plates.list.intro')}</Typography.Text>
      <Card>
        <LoadState
          source={source}
          empty={{
            when: (page) => page.total === 0,
            description: query.keyword ? t('plates.list.noMatch') : t('plates.list.empty'),
            action: can.create && !query.keyword ? (
              <Button type="primary" onClick={() => void navigate(CREATE_PLATE_PATH)}>
                {t('plates.list.create')}
              </Button>
            ) : undefined,
          }}
        >
          {(page) => (
            <Table<PlateListItem>
              rowKey="id"
              size="middle"
              dataSource={page.list}
              scroll={{ x: 900 }}
              pagination={{
                current: page.pageNum,
                pageSize: PAGE_SIZE,
                total: page.total,
                hideOnSinglePage: true,
                onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })),
              }}
              columns={[
                {
                  title: t('plates.list.name'),
                  dataIndex: 'name',
                  render: (name: LocalText, plate) => (
                    <Link to={plateRoute(plate.id)} className="plate-list-name" dir="auto">
                      {textIn(name, i18n.language)}
                    </Link>
                  ),
                },
                { title: t('plates.list.description'), dataIndex: 'description', ellipsis: true, render: (text: LocalText) => <span dir="auto">{textIn(text, i18n.language) || '—'}</span> },
                { title: t('plates.list.components'), dataIndex: 'componentCount', width: 120, align: 'end' },
                {
                  title: t('plates.list.menu'),
                  dataIndex: 'resourceId',
                  width: 120,
                  render: (resourceId: number | null) => (resourceId !== null ? <Tag color="green">{t('plates.list.inMenu')}</Tag> : <span className="admin-muted">—</span>),
                },
                {
                  title: t('plates.list.updated'),
                  dataIndex: 'updateTime',
                  width: 220,
                  render: (time: string, plate) => (
                    <span className="admin-nowrap">
                      {formatServerDate(time, languageOf(i18n))}
                      {plate.updatedByName ? ` · ${plate.updatedByName}` : ''}
                    </span>
                  ),
                },
                {
                  title: t('plates.list.actions'),
                  key: 'actions',
                  width: 400,
                  render: (_: unknown, plate) => (
                    <Space wrap size="small">
                      {can.edit && (
                        <Button size="small" type="primary" ghost icon={<BuildOutlined />} onClick={() => void navigate(plateEditorPath(plate.id))} data-testid={`edit-${plate.id}`}>
                          {t('plates.list.edit')}
                        </Button>
                      )}
                      {can.edit && (
                        <Button size="small" icon={<EditOutlined />} onClick={() => open({ kind: 'rename', plate })} data-testid={`rename-${plate.id}`}>
                          {t('plates.list.rename')}
                        </Button>
                      )}
                      {can.create && (
                        <Button size="small" icon={<CopyOutlined />} onClick={() => open({ kind: 'copy', plate })} data-testid={`copy-${plate.id}`}>
                          {t('plates.list.copy')}
                        </Button>
                      )}
                      {can.edit &&
                        (plate.resourceId === null ? (
                          <Button size="small" icon={<MenuOutlined />} onClick={() => open({ kind: 'publish', plate })} data-testid={`publish-${plate.id}`}>
                            {t('plates.list.publish')}
                          </Button>
                        ) : (
                          <Button size="small" icon={<MenuOutlined />} onClick={() => void unpublish(plate)} data-testid={`unpublish-${plate.id}`}>
                            {t('plates.list.unpublish')}
                          </Button>
                        ))}
                      {can.delete && (
                        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(plate)} data-testid={`delete-${plate.id}`}>
                          {t('plates.list.delete')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
      <Modal
        open={dialog !== null}
        title={dialog ? t(`plates.list.dialog.${dialog.kind}`, { name: 'plate' in dialog ? textIn(dialog.plate.name, i18n.language) : '' }) : ''}
        okText={t('plates.list.save')}
        cancelText={t('plates.list.cancel')}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          {dialog?.kind !== 'publish' && (
            <Form.Item name="name" label={t('plates.list.name')} rules={[{ required: true, message: t('plates.list.nameRequired') }, ...schemaRules(t, plateRenameBody, 'name')]}>
              <LocalTextInput autoFocus maxLength={80} data-testid="plate-name" />
            </Form.Item>
          )}
          {dialog?.kind === 'publish' && (
            <>
              {/* The tree is drawn once it is in, so every branch opens expanded (the default applies to the first data only). */}
              <Form.Item name="parentId" label={t('plates.list.menuParent')} rules={[{ required: true, message: t('plates.list.menuParentRequired') }]}>
                {menus ? (
                  <MenuParentSelect tree={menus} data-testid="plate-menu-parent" />
                ) : (
                  <Select loading disabled />
                )}
              </Form.Item>
              <Form.Item name="title" label={t('plates.list.menuTitle')} rules={schemaRules(t, platePublishBody.properties.menu, 'title')}>
                <LocalTextInput maxLength={120} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </div>
  );
});

export default PlateListPage;
