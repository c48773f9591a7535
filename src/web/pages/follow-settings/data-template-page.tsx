import { FormOutlined, HistoryOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Form, List, Modal, Result, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DataSource, FollowTemplate, FollowTemplateDetail } from '../../../core/contracts/follow-settings.ts';
import type { FollowType } from '../../../core/contracts/follows.ts';
import { bindableFields } from '../../../core/follow-settings/template-bindings.ts';
import { messageOf } from '../../api/error-message.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { templateDesignerPath } from '../form-designer/designer-paths.ts';
import { useSettingsApi, type SettingsApi } from './settings-api.ts';
import { useMayChange } from './settings-access.ts';
import { ReadOnlyNote, SettingsHeader } from './settings-frame.tsx';
import { useSettingsTexts } from './settings-texts.ts';
import { TypeChip } from './type-chip.tsx';
import '../../ui/admin.css';
import './follow-settings.css';

interface TemplateRow {
  type: FollowType;
  template: FollowTemplate | null;
}

/** The workspace's follow-up types, each with its data template (null before its first save). */
class TemplateStore {
  readonly rows: Loadable<TemplateRow[]>;
  readonly sources: Loadable<DataSource[]>;

  constructor(api: SettingsApi, workspaceCode: string) {
    this.rows = new Loadable(async () => {
      const [types, templates] = await Promise.all([api.types(workspaceCode), api.templates(workspaceCode)]);
      return types.map((type) => ({ type, template: templates.find((each) => each.typeId === type.id) ?? null }));
    });
    this.sources = new Loadable(() => api.sources(workspaceCode));
    makeAutoObservable(this);
  }
}

/**
 * /drawing/dataTemplateManage: per follow-up type the extra fields its follow-ups ask for, a form
 * of the form designer. Opens the designer on the template's form, binds choice fields to the
 * workspace's lists, publishes a new version and lists the versions; says which version new
 * follow-ups of the type are made with (older ones keep theirs).
 */
const DataTemplatePage = observer(function DataTemplatePage() {
  const workspace = useStores().layout.workSpace;
  const { t } = useTranslation('followSettings');
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  return <Templates key={workspace.code} workspaceCode={workspace.code} />;
});

export default DataTemplatePage;

const Templates = observer(function Templates({ workspaceCode }: { workspaceCode: string }) {
  const { t } = useTranslation('followSettings');
  const { count, date } = useSettingsTexts();
  const api = useSettingsApi();
  const access = useMayChange();
  const mayChange = access === true;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [store] = useState(() => new TemplateStore(api, workspaceCode));
  const [busy, setBusy] = useState<number | null>(null);
  const [versionsOf, setVersionsOf] = useState<FollowType | null>(null);
  const [bindingsOf, setBindingsOf] = useState<FollowType | null>(null);
  useEffect(() => {
    void store.rows.load();
  }, [store]);

  // A type without a template gets its form on the first save: an empty design, then the designer.
  const design = async (row: TemplateRow) => {
    setBusy(row.type.id);
    try {
      const formId = row.template?.formId || (await api.saveTemplate({ typeId: row.type.id, design: { version: 1, items: [] }, bindings: {} })).formId;
      navigate(templateDesignerPath(formId, row.type.id));
    } catch (failure) {
      void message.error(messageOf(failure, t('template.failed')));
    } finally {
      setBusy(null);
    }
  };

  const publish = async (row: TemplateRow) => {
    setBusy(row.type.id);
    try {
      const version = await api.publishTemplate(row.type.id);
      void message.success(t('template.published', { version: count(version.version) }));
      await store.rows.load();
    } catch (failure) {
      void message.error(messageOf(failure, t('template.failed')));
    } finally {
      setBusy(null);
    }
  };

  const versionText = (template: FollowTemplate | null) =>
    template?.currentVersion ? t('template.inUse', { version: count(template.currentVersion) }) : template ? t('template.draftOnly') : t('template.none');

  return (
    <div className="admin-page follow-settings-page" data-testid="data-template-page">
      <SettingsHeader title={t('template.title')} />
      {access === false && <ReadOnlyNote />}
      <Typography.Paragraph type="secondary">{t('template.intro')}</Typography.Paragraph>
      <LoadState source={store.rows} empty={{ when: (rows) => rows.length === 0, description: t('template.noTypes') }}>
        {(rows) => (
          <ListTable<TemplateRow>
            rowKey={(row) => row.type.id}
            dataSource={rows}
            pagination={false}
            titleColumns={['type']}
            data-testid="template-list"
            columns={[
              { key: 'type', title: t('template.type'), render: (_: unknown, row) => <TypeChip type={row.type} /> },
              {
                key: 'version',
                title: t('template.version'),
                render: (_: unknown, row) => (
                  <Space wrap size={4}>
                    <span data-testid={`template-version-${row.type.id}`}>{versionText(row.template)}</span>
                    {row.template?.unpublishedChanges && <Tag color="orange">{t('template.unpublished')}</Tag>}
                    {row.template?.optionsBehind && <Tag color="gold">{t('template.optionsBehind')}</Tag>}
                  </Space>
                ),
              },
              { key: 'changed', title: t('template.changed'), render: (_: unknown, row) => date(row.template?.updateTime) || '—' },
              {
                key: 'actions',
                title: t('actions'),
                render: (_: unknown, row) => (
                  <Space wrap size={4}>
                    {mayChange && (
                      <Button size="small" icon={<FormOutlined />} loading={busy === row.type.id} onClick={() => void design(row)} data-testid={`template-design-${row.type.id}`}>
                        {t('template.design')}
                      </Button>
                    )}
                    {mayChange && row.template && (
                      <Button size="small" icon={<LinkOutlined />} onClick={() => setBindingsOf(row.type)}>
                        {t('template.bindings')}
                      </Button>
                    )}
                    {row.template && (
                      <Button size="small" icon={<HistoryOutlined />} onClick={() => setVersionsOf(row.type)}>
                        {t('template.versions')}
                      </Button>
                    )}
                    {mayChange && row.template && (
                      <Button
                        size="small"
                        type="primary"
                        icon={<SendOutlined />}
                        disabled={busy !== null || (!row.template.unpublishedChanges && !row.template.optionsBehind && row.template.currentVersion !== null)}
                        onClick={() => void publish(row)}
                        data-testid={`template-publish-${row.type.id}`}
                      >
                        {t('template.publish')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {versionsOf && <VersionsDrawer api={api} type={versionsOf} onClose={() => setVersionsOf(null)} />}
      {bindingsOf && (
        <BindingsDialog
          api={api}
          store={store}
          type={bindingsOf}
          onClose={() => setBindingsOf(null)}
          onDone={() => {
            setBindingsOf(null);
            void store.rows.load();
          }}
        />
      )}
    </div>
  );
});

/** A template's published versions, newest first, with who published them and how many fields each has. */
const VersionsDrawer = observer(function VersionsDrawer({ api, type, onClose }: { api: SettingsApi; type: FollowType; onClose: () => void }) {
  const { t } = useTranslation('followSettings');
  const { textIn, count, date } = useSettingsTexts();
  const [detail] = useState(() => new Loadable(() => api.template(type.id)));
  useEffect(() => void detail.load(), [detail]);
  return (
    <Drawer open onClose={onClose} title={t('template.versionsOf', { name: textIn(type.name) })} size="default">
      <LoadState source={detail} empty={{ when: (d) => d.versions.length === 0, description: t('template.noVersions') }}>
        {(d) => (
          <List
            data-testid="template-versions"
            dataSource={[...d.versions].sort((a, b) => b.version - a.version)}
            renderItem={(version) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space size={6}>
                      <span>{t('template.versionNumber', { version: count(version.version) })}</span>
                      {version.version === d.currentVersion && <Tag color="green">{t('template.current')}</Tag>}
                    </Space>
                  }
                  description={t('template.versionInfo', { date: date(version.publishTime), name: version.publishedByName ?? '—', fields: count(version.fieldCount), count: version.fieldCount })}
                />
              </List.Item>
            )}
          />
        )}
      </LoadState>
    </Drawer>
  );
});

/** Which choice fields of the template take their options from a list of the workspace (filled on publish). */
const BindingsDialog = observer(function BindingsDialog({
  api,
  store,
  type,
  onClose,
  onDone,
}: {
  api: SettingsApi;
  store: TemplateStore;
  type: FollowType;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('followSettings');
  const { textIn, sourceName } = useSettingsTexts();
  const [detail] = useState(() => new Loadable(() => api.template(type.id)));
  const [bindings, setBindings] = useState<Record<string, string>>({});
  useEffect(() => {
    void detail.load().then(() => setBindings(detail.data?.bindings ?? {}));
    void store.sources.ensure();
  }, [detail, store]);
  const { error, busy, save } = useSave(
    (current: FollowTemplateDetail) => api.saveTemplate({ typeId: type.id, revision: current.revision, design: current.design, bindings }),
    onDone,
    (failure) => messageOf(failure, t('template.failed')),
  );
  const sources = store.sources.data ?? [];
  return (
    <Modal
      open
      title={t('template.bindingsOf', { name: textIn(type.name) })}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !detail.data }}
      onOk={() => detail.data && void save(detail.data)}
      destroyOnHidden
    >
      <LoadState source={detail} empty={{ when: (d) => bindableFields(d.design).length === 0, description: t('template.noChoiceFields') }}>
        {(d) => (
          <Form layout="vertical">
            <Typography.Paragraph type="secondary">{t('template.bindingsHelp')}</Typography.Paragraph>
            {bindableFields(d.design).map((field) => (
              <Form.Item key={field.key} label={<bdi>{textIn(field.label) || field.key}</bdi>} htmlFor={`binding-${field.key}`}>
                <Select<string>
                  id={`binding-${field.key}`}
                  allowClear
                  placeholder={t('template.ownOptions')}
                  value={bindings[field.key]}
                  onChange={(key) =>
                    setBindings((before) => {
                      const next = { ...before };
                      if (key) next[field.key] = key;
                      else delete next[field.key];
                      return next;
                    })
                  }
                  options={sources.map((source) => ({ value: source.key, label: sourceName(source) }))}
                />
              </Form.Item>
            ))}
            {error && <Alert type="error" showIcon role="alert" title={error} />}
          </Form>
        )}
      </LoadState>
    </Modal>
  );
});
