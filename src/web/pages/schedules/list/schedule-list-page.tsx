import { ImportOutlined, MoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Dropdown, Empty, Form, Input, Modal, Progress, Result, Segmented, Space, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { instantText } from '../../../../core/format.ts';
import {
  SCHEDULE_EVENT,
  SCHEDULE_PATHS,
  SCHEDULE_POINTS,
  type ScheduleImported,
  type ScheduleListResult,
  type ScheduleSummary,
} from '../../../../core/contracts/schedules.ts';
import { coalescedReload } from '../../../api/coalesced-reload.ts';
import { saveDownload } from '../../../api/download.ts';
import { openPushedEvents } from '../../../api/pushed-events.ts';
import { apiBaseUrl } from '../../../api/request.ts';
import { dateText } from '../../../gantt/gantt-texts.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { ListTable } from '../../../ui/list-table.tsx';
import { SchedulePrintDialog } from '../schedule-print-dialog.tsx';
import { ScheduleShareDialog } from '../schedule-share-dialog.tsx';
import { base64Of, copyName, fileKindOf, nameFromFile, problemText, wallDayOf, type ScheduleFileKind } from './schedule-list-rules.ts';
import '../../../ui/admin.css';
import './schedule-list.css';

type StatusFilter = 'active' | 'archived' | 'all';
const PAGE_SIZE = 50;
const QUIET = { showErrorToast: false } as const;

/**
 * /gantt-list: the schedules of the shell's workspace, searched by name and filtered by status,
 * with their span, progress, owner and last change. Those who may edit create, copy, rename and
 * import them (MS Project XML or an .xlsx task table); those who may manage archive and delete
 * them; everyone downloads them. A name opens the schedule in the editor.
 */
const ScheduleListPage = observer(function ScheduleListPage() {
  const { t } = useTranslation('schedules');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('list.noWorkspace')} />;
  return <ScheduleList key={workspace.code} workspaceCode={workspace.code} />;
});

export default ScheduleListPage;

interface Listing {
  status: 'loading' | 'ready' | 'failed';
  result: ScheduleListResult | null;
  error?: string;
}

const ScheduleList = observer(function ScheduleList({ workspaceCode }: { workspaceCode: string }) {
  const { t, i18n } = useTranslation('schedules');
  const lng = i18n.language;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const stores = useStores();
  const http = stores.api.http;
  const held = useHeldPoints('schedule');
  const mayEdit = held.has(SCHEDULE_POINTS.edit);
  const mayManage = held.has(SCHEDULE_POINTS.manage);

  const [status, setStatus] = useState<StatusFilter>('active');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [listing, setListing] = useState<Listing>({ status: 'loading', result: null });
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<File | null>(null);
  const [renaming, setRenaming] = useState<ScheduleSummary | null>(null);
  const [printing, setPrinting] = useState<ScheduleSummary | null>(null);
  const [sharing, setSharing] = useState<ScheduleSummary | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Others' changes to the workspace's schedules (made, renamed, saved, archived, deleted) show without a reload.
  useEffect(() => {
    const refresh = coalescedReload<unknown>(async () => reload());
    const stop = openPushedEvents<{ workspaceCode: string }>({
      ticket: async () => (await stores.api.notifyStreamTicket()).ticket,
      event: SCHEDULE_EVENT,
      onData: (pushed) => {
        if (pushed.workspaceCode === workspaceCode) refresh.request(pushed);
      },
    });
    return () => {
      stop();
      refresh.stop();
    };
  }, [stores, workspaceCode, reload]);
  useEffect(() => {
    let current = true;
    setListing((was) => ({ status: 'loading', result: was.result }));
    http.post<ScheduleListResult>(SCHEDULE_PATHS.list, { workspaceCode, status, search, page, size: PAGE_SIZE }, QUIET).then(
      (result) => current && setListing({ status: 'ready', result }),
      (failure: unknown) => current && setListing({ status: 'failed', result: null, error: problemText(t, failure) }),
    );
    return () => {
      current = false;
    };
  }, [http, workspaceCode, status, search, page, attempt, t]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      reload();
    } catch (failure) {
      void message.error(problemText(t, failure));
    }
  };

  const download = async (row: ScheduleSummary, kind: ScheduleFileKind) => {
    try {
      const path = kind === 'xlsx' ? SCHEDULE_PATHS.exportXlsx : SCHEDULE_PATHS.exportMspdi;
      const response = await fetch(`${apiBaseUrl()}${path}?id=${row.id}`, { headers: { token: stores.user.token || '' } });
      if (!response.ok) throw new Error(String(response.status));
      saveDownload(await response.blob(), response.headers, `${row.name}.${kind === 'xlsx' ? 'xlsx' : 'xml'}`);
    } catch {
      void message.error(t('list.downloadFailed'));
    }
  };

  const copy = (row: ScheduleSummary) => {
    let name = copyName(t, row.name);
    modal.confirm({
      title: t('list.copyTitle', { name: row.name }),
      icon: null,
      content: <Input defaultValue={name} maxLength={200} autoFocus aria-label={t('list.name')} onChange={(event) => (name = event.target.value)} data-testid="schedule-copy-name" />,
      okText: t('list.copy'),
      cancelText: t('list.cancel'),
      onOk: () => run(() => http.post(SCHEDULE_PATHS.copy, { id: row.id, name: name.trim() || copyName(t, row.name) }, QUIET), t('list.copied', { name })),
    });
  };

  const archive = (row: ScheduleSummary, archived: boolean) =>
    run(() => http.post(SCHEDULE_PATHS.archive, { id: row.id, archived }, QUIET), t(archived ? 'list.archived' : 'list.restored', { name: row.name }));

  const remove = (row: ScheduleSummary) =>
    modal.confirm({
      title: t('list.deleteTitle', { name: row.name }),
      content: t('list.deleteHint'),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('list.cancel'),
      onOk: () => run(() => http.post(SCHEDULE_PATHS.delete, { id: row.id }, QUIET), t('list.deleted', { name: row.name })),
    });

  const actionsOf = (row: ScheduleSummary) => {
    const active = row.status === 'active';
    return [
      { key: 'open', label: t('list.open') },
      ...(mayEdit ? [{ key: 'copy', label: t('list.copyAction') }] : []),
      ...(mayEdit && active ? [{ key: 'rename', label: t('list.rename') }] : []),
      { type: 'divider' as const },
      { key: 'mspdi', label: t('list.exportMspdi') },
      { key: 'xlsx', label: t('list.exportXlsx') },
      { key: 'print', label: t('print.menu') },
      ...(mayManage ? [{ key: 'share', label: t('share.menu') }] : []),
      ...(mayManage
        ? [{ type: 'divider' as const }, { key: active ? 'archive' : 'unarchive', label: t(active ? 'list.archive' : 'list.unarchive') }, { key: 'delete', label: t('list.delete'), danger: true }]
        : []),
    ];
  };
  const act = (row: ScheduleSummary, key: string) => {
    if (key === 'open') void navigate(`/gantt/${row.id}`);
    else if (key === 'copy') copy(row);
    else if (key === 'rename') setRenaming(row);
    else if (key === 'mspdi' || key === 'xlsx') void download(row, key);
    else if (key === 'print') setPrinting(row);
    else if (key === 'share') setSharing(row);
    else if (key === 'archive' || key === 'unarchive') void archive(row, key === 'archive');
    else if (key === 'delete') remove(row);
  };

  const columns: TableColumnType<ScheduleSummary>[] = [
    {
      key: 'name',
      title: t('list.name'),
      render: (_, row) => (
        <Link to={`/gantt/${row.id}`} className="schedule-list-name" dir="auto" data-testid={`schedule-open-${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('list.status'),
      render: (_, row) => <Tag color={row.status === 'active' ? 'green' : 'default'}>{t(`list.statusName.${row.status}`)}</Tag>,
    },
    { key: 'start', title: t('list.start'), render: (_, row) => (row.start === null ? '—' : dateText(lng, row.start)) },
    { key: 'finish', title: t('list.finish'), render: (_, row) => (row.finish === null ? '—' : dateText(lng, row.finish)) },
    {
      key: 'progress',
      title: t('list.progress'),
      render: (_, row) => (
        <Progress
          className="schedule-list-progress"
          percent={Math.round(row.progress)}
          size="small"
          format={(value) => t('percent', { value: (value ?? 0).toLocaleString(lng) })}
          aria-label={t('list.progress')}
        />
      ),
    },
    { key: 'owner', title: t('list.owner'), render: (_, row) => row.owner?.name ?? '—' },
    {
      key: 'updated',
      title: t('list.updated'),
      render: (_, row) => (
        <span>
          {instantText(row.updateTime, lng)}
          {row.updatedBy && <span className="schedule-list-muted"> · {row.updatedBy.name}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      title: <span className="schedule-list-sr">{t('list.actions')}</span>,
      render: (_, row) => (
        <Dropdown trigger={['click']} menu={{ items: actionsOf(row), onClick: ({ key }) => act(row, key) }}>
          <Button size="small" icon={<MoreOutlined />} aria-label={t('list.actionsOf', { name: row.name })} data-testid={`schedule-actions-${row.id}`} />
        </Dropdown>
      ),
    },
  ];

  const result = listing.result;
  const nothingYet = listing.status === 'ready' && result?.total === 0 && !search && status === 'active';
  const pick = () => picker.current?.click();

  return (
    <div className="admin-page schedule-list-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('list.title')}</Typography.Title>
        {mayEdit && (
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={pick} data-testid="schedule-import">
              {t('list.import')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="schedule-new">
              {t('list.new')}
            </Button>
          </Space>
        )}
        <input
          ref={picker}
          type="file"
          accept=".xml,.xlsx,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="schedule-list-hidden"
          data-testid="schedule-import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!fileKindOf(file.name)) void message.error(t('list.wrongKind'));
            else setImporting(file);
          }}
        />
      </div>
      <Card size="small">
        <div className="schedule-list-filters">
          <Input.Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            className="schedule-list-search"
            data-testid="schedule-search"
          />
          <Segmented<StatusFilter>
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={(['active', 'archived', 'all'] as const).map((value) => ({ value, label: t(`list.filter.${value}`) }))}
            aria-label={t('list.status')}
            data-testid="schedule-status-filter"
          />
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('list.reload')} />
        </div>
        {listing.status === 'failed' ? (
          <Result status="error" title={t('list.loadFailed')} subTitle={listing.error} extra={<Button onClick={reload}>{t('list.retry')}</Button>} />
        ) : nothingYet ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={mayEdit ? t('list.emptyHint') : t('list.emptyView')} data-testid="schedule-empty">
            {mayEdit && (
              <Space wrap>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('list.new')}
                </Button>
                <Button icon={<ImportOutlined />} onClick={pick}>
                  {t('list.import')}
                </Button>
              </Space>
            )}
          </Empty>
        ) : (
          <ListTable<ScheduleSummary>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={result?.rows ?? []}
            loading={listing.status === 'loading'}
            titleColumns={['name']}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('list.noneFound') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: result?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('list.total', { total }),
              onChange: setPage,
            }}
            data-testid="schedule-list"
          />
        )}
      </Card>
      {creating && (
        <CreateDialog
          workspaceCode={workspaceCode}
          onClose={(made) => {
            setCreating(false);
            if (made) void navigate(`/gantt/${made.id}`);
          }}
        />
      )}
      {importing && (
        <ImportDialog
          file={importing}
          workspaceCode={workspaceCode}
          onClose={(made) => {
            setImporting(null);
            if (made) reload();
          }}
        />
      )}
      {sharing && <ScheduleShareDialog scheduleId={sharing.id} scheduleName={sharing.name} open onClose={() => setSharing(null)} />}
      {printing && <SchedulePrintDialog scheduleId={printing.id} scheduleName={printing.name} open onClose={() => setPrinting(null)} />}
      {renaming && (
        <RenameDialog
          row={renaming}
          onClose={(done) => {
            setRenaming(null);
            if (done) reload();
          }}
        />
      )}
    </div>
  );
});

/** A new empty schedule: its name and start day, on the standard calendar. */
function CreateDialog({ workspaceCode, onClose }: { workspaceCode: string; onClose: (made: ScheduleSummary | null) => void }) {
  const { t } = useTranslation('schedules');
  const http = useStores().api.http;
  const [form] = Form.useForm<{ name: string; start?: Dayjs | null }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ name, start }: { name: string; start?: Dayjs | null }) => {
    setBusy(true);
    setError(null);
    try {
      const body = { workspaceCode, name: name.trim(), ...(start ? { start: wallDayOf(start.format('YYYY-MM-DD')) } : {}) };
      onClose(await http.post<ScheduleSummary>(SCHEDULE_PATHS.create, body, QUIET));
    } catch (failure) {
      setError(problemText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('list.newTitle')} okText={t('list.create')} cancelText={t('list.cancel')} confirmLoading={busy} onOk={() => form.submit()} onCancel={() => onClose(null)} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="schedule-create-form">
        <Form.Item name="name" label={t('list.name')} rules={[{ required: true, whitespace: true, message: t('list.nameRequired') }]}>
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item name="start" label={t('list.startDay')} extra={t('list.startHint')}>
          <DatePicker className="schedule-list-wide" />
        </Form.Item>
        <Alert type="info" showIcon message={t('list.calendarDefaults')} />
        {error && <Alert className="schedule-list-error" type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}

/** Reads a chosen file, sends it, and shows how far it got and, when refused, where the file breaks. */
function ImportDialog({ file, workspaceCode, onClose }: { file: File; workspaceCode: string; onClose: (made: ScheduleImported | null) => void }) {
  const { t } = useTranslation('schedules');
  const { message } = App.useApp();
  const http = useStores().api.http;
  const kind = fileKindOf(file.name)!;
  const [name, setName] = useState(() => nameFromFile(file.name));
  const [stage, setStage] = useState<'ready' | 'reading' | 'sending' | 'done'>('ready');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ScheduleImported | null>(null);

  const read = () =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onprogress = (event) => event.lengthComputable && setPercent(Math.round((event.loaded / event.total) * 50));
      reader.onerror = () => reject(reader.error ?? new Error('read'));
      reader.onload = () => resolve(kind === 'xlsx' ? base64Of(new Uint8Array(reader.result as ArrayBuffer)) : (reader.result as string));
      if (kind === 'xlsx') reader.readAsArrayBuffer(file);
      else reader.readAsText(file);
    });

  const start = async () => {
    setError(null);
    setStage('reading');
    setPercent(0);
    try {
      const content = await read();
      setStage('sending');
      setPercent(60);
      const body = kind === 'xlsx' ? { workspaceCode, name: name.trim(), file: content } : { workspaceCode, name: name.trim(), xml: content };
      const made = await http.post<ScheduleImported>(kind === 'xlsx' ? SCHEDULE_PATHS.importXlsx : SCHEDULE_PATHS.importMspdi, body, QUIET);
      setPercent(100);
      setStage('done');
      setDone(made);
      if (made.warnings.length === 0) {
        void message.success(t('list.imported', { name: made.summary.name, tasks: made.summary.taskCount }));
        onClose(made);
      }
    } catch (failure) {
      setStage('ready');
      setError(problemText(t, failure));
    }
  };

  const busy = stage === 'reading' || stage === 'sending';
  return (
    <Modal
      open
      title={t(kind === 'xlsx' ? 'list.importXlsxTitle' : 'list.importMspdiTitle')}
      okText={done ? t('list.close') : t('list.importAction')}
      cancelText={t('list.cancel')}
      okButtonProps={{ disabled: !name.trim() || busy }}
      cancelButtonProps={{ disabled: busy }}
      confirmLoading={busy}
      onOk={() => (done ? onClose(done) : void start())}
      onCancel={() => onClose(done)}
      closable={!busy}
      maskClosable={false}
    >
      <Space direction="vertical" className="schedule-list-wide">
        <Typography.Text type="secondary" dir="auto">
          {t('list.chosenFile', { name: file.name, size: (file.size / 1024).toLocaleString(undefined, { maximumFractionDigits: 0 }) })}
        </Typography.Text>
        <label className="schedule-list-label">
          {t('list.name')}
          <Input value={name} maxLength={200} onChange={(event) => setName(event.target.value)} disabled={busy || !!done} data-testid="schedule-import-name" />
        </label>
        {stage !== 'ready' && <Progress percent={percent} status={stage === 'done' ? 'success' : 'active'} />}
        {busy && <Typography.Text type="secondary">{t(stage === 'reading' ? 'list.reading' : 'list.sending')}</Typography.Text>}
        {error && <Alert type="error" showIcon message={t('list.importFailed')} description={error} role="alert" data-testid="schedule-import-error" />}
        {done && done.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('list.importedWithWarnings', { name: done.summary.name, cells: done.warnings.length })}
            description={
              <ul className="schedule-list-warnings">
                {done.warnings.slice(0, 20).map((warning, index) => (
                  <li key={index} dir="auto">
                    {warning.message}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  );
}

/** A schedule's new name. */
function RenameDialog({ row, onClose }: { row: ScheduleSummary; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('schedules');
  const { message } = App.useApp();
  const http = useStores().api.http;
  const [name, setName] = useState(row.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    try {
      await http.post(SCHEDULE_PATHS.rename, { id: row.id, name: name.trim() }, QUIET);
      void message.success(t('list.renamed', { name: name.trim() }));
      onClose(true);
    } catch (failure) {
      setError(problemText(t, failure));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('list.renameTitle', { name: row.name })}
      okText={t('list.rename')}
      cancelText={t('list.cancel')}
      okButtonProps={{ disabled: !name.trim() }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Input value={name} maxLength={200} autoFocus aria-label={t('list.name')} onChange={(event) => setName(event.target.value)} onPressEnter={() => name.trim() && void submit()} data-testid="schedule-rename-name" />
      {error && <Alert className="schedule-list-error" type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
