import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  StopOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Dropdown, Grid, List, Result, Select, Space, Switch, Table, Tag, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { OPTION_IMPORT_MAX_BYTES, type DataSource, type DataSourceOption } from '../../../core/contracts/follow-settings.ts';
import { messageOf } from '../../api/error-message.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { useStores } from '../../stores/stores-context.tsx';
import { OptionDialog } from './option-dialog.tsx';
import { useSettingsApi, type SettingsApi } from './settings-api.ts';
import { useMayChange } from './settings-access.ts';
import { useSettingsTexts } from './settings-texts.ts';
import { SourceDialog } from './source-dialog.tsx';
import { SourceStore } from './source-store.ts';
import { ReadOnlyNote, SettingsHeader } from './settings-frame.tsx';
import '../../ui/admin.css';
import './follow-settings.css';

/**
 * /drawing/dataSourceSettings: the workspace's lists (trades, locations, companies, cost codes and
 * lists an administrator adds) and the options of the one picked, as a tree where the list is
 * hierarchical: added, renamed in each language, reordered, moved under another, retired and
 * brought back; deleted only while nothing uses them. Option sheets go out and come back as xlsx.
 */
const DataSourcePage = observer(function DataSourcePage() {
  const workspace = useStores().layout.workSpace;
  const { t } = useTranslation('followSettings');
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  return <DataSources key={workspace.code} workspaceCode={workspace.code} />;
});

export default DataSourcePage;

const DataSources = observer(function DataSources({ workspaceCode }: { workspaceCode: string }) {
  const { t } = useTranslation('followSettings');
  const { sourceName, count } = useSettingsTexts();
  const api = useSettingsApi();
  const access = useMayChange();
  const mayChange = access === true;
  const screens = Grid.useBreakpoint();
  const [store] = useState(() => new SourceStore(api, workspaceCode));
  const [adding, setAdding] = useState(false);
  useEffect(() => void store.start(), [store]);

  return (
    <div className="admin-page follow-settings-page" data-testid="data-source-page">
      <SettingsHeader title={t('source.title')}>
        {mayChange && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="source-add">
            {t('source.add')}
          </Button>
        )}
      </SettingsHeader>
      {access === false && <ReadOnlyNote />}
      <LoadState source={store.sources}>
        {(sources) => (
          <div className="follow-settings-split">
            {screens.md === false ? (
              <Select<string>
                className="follow-settings-source-select"
                aria-label={t('source.pick')}
                value={store.picked ?? undefined}
                onChange={(key) => store.pick(key)}
                options={sources.map((source) => ({ value: source.key, label: sourceName(source) }))}
                data-testid="source-select"
              />
            ) : (
              <Card size="small" title={t('source.lists')} className="follow-settings-aside">
                <List<DataSource>
                  size="small"
                  dataSource={sources}
                  data-testid="source-list"
                  renderItem={(source) => (
                    <List.Item className={source.key === store.picked ? 'follow-settings-picked' : undefined}>
                      <Button
                        type="text"
                        block
                        className="follow-settings-source-button"
                        aria-current={source.key === store.picked ? 'true' : undefined}
                        onClick={() => store.pick(source.key)}
                        data-testid={`source-${source.key}`}
                      >
                        <bdi className="follow-settings-source-name">{sourceName(source)}</bdi>
                        <Typography.Text type="secondary">{count(source.optionCount)}</Typography.Text>
                      </Button>
                    </List.Item>
                  )}
                />
              </Card>
            )}
            {store.source && <OptionPanel key={store.source.key} api={api} store={store} source={store.source} mayChange={mayChange} />}
          </div>
        )}
      </LoadState>
      {adding && (
        <SourceDialog
          api={api}
          workspaceCode={workspaceCode}
          source={null}
          onClose={() => setAdding(false)}
          onDone={(saved) => void store.sources.load().then(() => store.pick(saved.key))}
        />
      )}
    </div>
  );
});

type Editing = { option: DataSourceOption | null; parentId: number | null };

const OptionPanel = observer(function OptionPanel({ api, store, source, mayChange }: { api: SettingsApi; store: SourceStore; source: DataSource; mayChange: boolean }) {
  const { t } = useTranslation('followSettings');
  const { textIn, sourceName, count } = useSettingsTexts();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const name = sourceName(source);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) void message.success(done);
    } catch (failure) {
      void message.error(messageOf(failure, t('option.saveFailed')));
    }
  };

  // An option in use is not deleted: the reason is told, with retiring offered instead.
  const remove = async (option: DataSourceOption) => {
    const label = textIn(option.label);
    try {
      const usage = await api.usage(store.workspaceCode, source.key, option.id);
      if (usage.inUse) {
        modal.confirm({
          title: t('option.inUseTitle', { name: label }),
          content: (
            <ul className="follow-settings-reasons" data-testid="option-in-use">
              {usage.followUps > 0 && <li>{t('option.usedByFollowUps', { count: usage.followUps, shown: count(usage.followUps) })}</li>}
              {usage.templateValues > 0 && <li>{t('option.usedByValues', { count: usage.templateValues, shown: count(usage.templateValues) })}</li>}
              {usage.templates.length > 0 && <li>{t('option.usedByTemplates', { count: usage.templates.length, shown: count(usage.templates.length) })}</li>}
            </ul>
          ),
          okText: option.retired ? t('close') : t('option.retire'),
          cancelText: t('cancel'),
          onOk: option.retired ? undefined : () => act(() => store.retire(option, true), t('option.retired', { name: label })),
        });
        return;
      }
    } catch (failure) {
      void message.error(messageOf(failure, t('loadFailed')));
      return;
    }
    modal.confirm({
      title: t('option.deleteTitle', { name: label }),
      content: t('option.deleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => act(() => store.remove(option), t('option.deleted', { name: label })),
    });
  };

  const removeSource = () =>
    modal.confirm({
      title: t('source.deleteTitle', { name }),
      content: t('source.deleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        act(async () => {
          await api.deleteSource(store.workspaceCode, source.key);
          await store.sources.load();
          const first = store.sources.data?.[0];
          if (first) store.pick(first.key);
        }),
    });

  const upload = async (file: File) => {
    if (file.size > OPTION_IMPORT_MAX_BYTES) {
      void message.error(t('import.tooLarge', { name: file.name }));
      return;
    }
    setImporting(true);
    try {
      const result = await store.importFile(file);
      if (result.refused.length === 0) void message.success(t('import.done', { created: count(result.created), updated: count(result.updated), unchanged: count(result.unchanged) }));
    } catch (failure) {
      void message.error(messageOf(failure, t('import.failed')));
    } finally {
      setImporting(false);
    }
  };

  const menuOf = (option: DataSourceOption): MenuProps['items'] => {
    const siblings = store.siblingsOf(option);
    const at = siblings.findIndex((each) => each.id === option.id);
    const label = textIn(option.label);
    return [
      { key: 'edit', icon: <EditOutlined />, label: t('option.edit'), onClick: () => setEditing({ option, parentId: option.parentId }) },
      ...(source.hierarchical && !option.retired ? [{ key: 'child', icon: <PlusOutlined />, label: t('option.addBelow'), onClick: () => setEditing({ option: null, parentId: option.id }) }] : []),
      { key: 'up', icon: <ArrowUpOutlined />, label: t('option.up'), disabled: at <= 0, onClick: () => void act(() => store.shift(option, -1)) },
      { key: 'down', icon: <ArrowDownOutlined />, label: t('option.down'), disabled: at < 0 || at >= siblings.length - 1, onClick: () => void act(() => store.shift(option, 1)) },
      option.retired
        ? { key: 'restore', icon: <UndoOutlined />, label: t('option.restore'), onClick: () => void act(() => store.retire(option, false), t('option.restored', { name: label })) }
        : { key: 'retire', icon: <StopOutlined />, label: t('option.retire'), onClick: () => void act(() => store.retire(option, true), t('option.retired', { name: label })) },
      { type: 'divider' },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('delete'), onClick: () => void remove(option) },
    ];
  };

  const refused = store.imported?.refused ?? [];
  return (
    <Card
      size="small"
      className="follow-settings-main"
      title={
        <span className="follow-settings-card-title">
          <bdi>{name}</bdi>
          {source.hierarchical && <Tag>{t('source.tree')}</Tag>}
        </span>
      }
    >
      <div className="follow-settings-toolbar">
        <Space wrap>
          {mayChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ option: null, parentId: null })} data-testid="option-add">
              {t('option.add')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} href={api.exportUrl(store.workspaceCode, source.key)} download data-testid="option-export">
            {t('import.export')}
          </Button>
          {mayChange && (
            <>
              <Button icon={<UploadOutlined />} loading={importing} onClick={() => fileInput.current?.click()} data-testid="option-import">
                {t('import.import')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label={t('import.import')}
                data-testid="option-import-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </>
          )}
          {mayChange && !source.builtIn && (
            <>
              <Button icon={<EditOutlined />} onClick={() => setRenaming(true)}>
                {t('source.rename')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={() => void removeSource()}>
                {t('source.delete')}
              </Button>
            </>
          )}
        </Space>
        <label className="follow-settings-switch">
          <Switch size="small" checked={store.showRetired} onChange={(on) => store.setShowRetired(on)} data-testid="option-show-retired" />
          <span>{t('option.showRetired', { shown: count(source.retiredCount) })}</span>
        </label>
      </div>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="admin-block"
          title={t('import.refusedTitle', { count: refused.length, shown: count(refused.length) })}
          closable
          onClose={() => store.setImported(null)}
          description={
            <Table
              size="small"
              rowKey={(row) => `${row.row}-${row.field}`}
              pagination={refused.length > 10 ? { pageSize: 10, size: 'small' } : false}
              dataSource={refused}
              data-testid="import-refused"
              columns={[
                { key: 'row', title: t('import.row'), width: 64, render: (_: unknown, row) => count(row.row) },
                { key: 'field', title: t('import.field'), width: 110, render: (_: unknown, row) => <bdi dir="ltr">{row.field}</bdi> },
                { key: 'message', title: t('import.reason'), render: (_: unknown, row) => <bdi dir="ltr">{row.message}</bdi> },
              ]}
            />
          }
        />
      )}
      <LoadState
        source={store.options}
        empty={{
          when: () => store.rows.length === 0,
          description: (store.options.data?.length ?? 0) > 0 ? t('option.allRetired') : t('option.empty'),
        }}
      >
        {() => (
          <ul className="follow-option-tree" role="tree" aria-label={name} data-testid="option-tree">
            {store.rows.map(({ option, depth }) => (
              <li
                key={option.id}
                role="treeitem"
                aria-level={depth + 1}
                aria-selected={false}
                className={`follow-option${option.retired ? ' is-retired' : ''}`}
                style={{ paddingInlineStart: 8 + depth * (screens.md === false ? 14 : 24) }}
                data-testid={`option-${option.code}`}
              >
                <span className="follow-option-text">
                  <bdi className="follow-option-label">{textIn(option.label)}</bdi>
                  <Typography.Text type="secondary" className="follow-option-code">
                    <bdi dir="ltr">{option.code}</bdi>
                  </Typography.Text>
                  {option.retired && <Tag color="default">{t('option.retiredTag')}</Tag>}
                </span>
                {mayChange && (
                  <Dropdown menu={{ items: menuOf(option) }} trigger={['click']}>
                    <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('option.actionsOf', { name: textIn(option.label) })} data-testid={`option-actions-${option.code}`} />
                  </Dropdown>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {editing && <OptionDialog api={api} store={store} option={editing.option} parentId={editing.parentId} onClose={() => setEditing(null)} />}
      {renaming && <SourceDialog api={api} workspaceCode={store.workspaceCode} source={source} onClose={() => setRenaming(false)} onDone={() => void store.sources.load()} />}
    </Card>
  );
});
