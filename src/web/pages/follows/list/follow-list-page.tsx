import { instantText } from '../../../../core/format.ts';
import { CameraOutlined, PlusOutlined, SaveOutlined, SettingOutlined, StarOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Dropdown, Input, Popover, Result, Select, Space, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FOLLOW_POINTS, FOLLOW_STATUSES, type FollowRow, type FollowSort, type FollowStatus } from '../../../../core/contracts/follows.ts';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { useTextIn, useTextLanguage } from '../../../i18n/local-text.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { ListTable } from '../../../ui/list-table.tsx';
import { Live } from '../../../ui/live.tsx';
import { openFollowEvents } from '../follow-api.ts';
import { FollowFilterBar, type FilterChoices } from '../follow-filters.tsx';
import { filterCount, queryFromSearch, searchFromQuery, type FollowFilter, type FollowQuery } from '../follow-filter.ts';
import { DueText, failureText, namesOf, PriorityTag, StatusTag } from '../follow-texts.tsx';
import { handOverPhotos, useFollowApi } from '../use-follow-api.ts';
import { FollowFiles } from './follow-files.tsx';
import { FOLLOW_COLUMNS, FOLLOW_PAGE_SIZE, FollowListStore, type FollowColumn } from './follow-list-store.ts';
import '../../../ui/admin.css';
import '../follows.css';

/**
 * /follows: the follow-ups of the shell's workspace, filtered by what the address says (so the
 * overview's figures and saved searches open it filtered), sorted and paged on the server,
 * with the caller's own columns and saved searches, bulk status and assignee changes, the list
 * as xlsx, PDF or BCF, and a BCF zip read in. On a phone each follow-up is a card, and a new
 * one starts from a photo.
 */
const FollowListPage = observer(function FollowListPage() {
  const { t } = useTranslation('follows');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('common.noWorkspace')} />;
  return <FollowList key={workspace.code} workspaceCode={workspace.code} />;
});

export default FollowListPage;

const FollowList = observer(function FollowList({ workspaceCode }: { workspaceCode: string }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  const textIn = useTextIn();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const env = useFollowApi();
  const drawings = useDrawingApi();
  const held = useHeldPoints('follow');
  const [search, setSearch] = useSearchParams();
  const [list] = useState(() => new FollowListStore(env.api, workspaceCode, queryFromSearch(search)));
  const [trades, setTrades] = useState<DataSourceOption[]>([]);
  const [sheets, setSheets] = useState<{ id: number; label: string }[]>([]);
  const camera = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void list.start();
    void env.api.options(workspaceCode, 'trade').then(setTrades, () => undefined);
    void drawings.api.sheets({ workspaceCode, sort: 'number', order: 'asc', page: 1, size: 200 }).then(
      (result) => setSheets(result.rows.map((sheet) => ({ id: sheet.id, label: `${sheet.number} ${sheet.title}` }))),
      () => undefined,
    );
    return openFollowEvents({ ticket: env.ticket, workspaceCode, onChanges: () => list.refresh() });
  }, [list, env, drawings, workspaceCode]);

  // The address is the list's state: back, a link or a figure of the overview change it.
  const searchText = search.toString();
  useEffect(() => {
    const query = queryFromSearch(new URLSearchParams(searchText));
    if (searchFromQuery(query).toString() !== searchFromQuery(list.query).toString()) {
      list.show(query);
    }
  }, [searchText, list]);

  const go = (query: FollowQuery) => {
    setSearch(searchFromQuery(query));
    list.show(query);
  };
  const applyFilter = (filter: FollowFilter) => go({ ...list.query, filter, page: 1 });

  const mayCreate = held.has(FOLLOW_POINTS.create);
  const mayManage = held.has(FOLLOW_POINTS.manage);
  const result = list.listing.data;

  const columnOf: Record<FollowColumn, TableColumnType<FollowRow>> = {
    status: { key: 'status', title: t('common.status'), sorter: true, render: (_, row) => <StatusTag status={row.status} t={t} /> },
    priority: { key: 'priority', title: t('common.priority'), sorter: true, render: (_, row) => <PriorityTag priority={row.priority} t={t} /> },
    type: {
      key: 'type',
      title: t('common.type'),
      sorter: true,
      render: (_, row) => (
        <span className="follow-type">
          <span className="follow-type-dot" style={{ background: row.typeColor }} aria-hidden />
          {textIn(row.typeName)}
        </span>
      ),
    },
    assignees: { key: 'assignees', title: t('common.assignees'), render: (_, row) => namesOf(row.assignees) || <span className="follow-muted">{t('common.unassigned')}</span> },
    reviewer: { key: 'reviewer', title: t('common.reviewer'), render: (_, row) => row.reviewer?.name ?? '' },
    dueDate: { key: 'dueDate', title: t('common.due'), sorter: true, render: (_, row) => <DueText date={row.dueDate} state={row.dueState} t={t} lng={lng} /> },
    trade: {
      key: 'trade',
      title: t('common.trade'),
      render: (_, row) => <Live>{() => (row.trade ? textIn(trades.find((option) => option.code === row.trade)?.label ?? row.trade) : '')}</Live>,
    },
    location: { key: 'location', title: t('common.location'), render: (_, row) => row.location ?? '' },
    sheet: { key: 'sheet', title: t('common.sheet'), render: (_, row) => (row.pin ? `${row.pin.sheetNumber} ${row.pin.sheetTitle}` : '') },
    createdBy: { key: 'createdBy', title: t('common.createdBy'), render: (_, row) => row.createdBy.name },
    createTime: { key: 'createTime', title: t('common.created'), sorter: true, render: (_, row) => instantText(row.createTime, lng) },
    updateTime: { key: 'updateTime', title: t('common.updated'), sorter: true, render: (_, row) => instantText(row.updateTime, lng) },
  };
  const sortOrder = (key: string) => (list.query.sort === key ? (list.query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  const columns: TableColumnType<FollowRow>[] = [
    {
      key: 'number',
      title: t('common.number'),
      sorter: true,
      sortOrder: sortOrder('number'),
      render: (_, row) => (
        <Link to={`/follows/detail/${row.id}`} className="follow-number" data-testid={`follow-row-${row.number}`}>
          {row.number}
        </Link>
      ),
    },
    { key: 'title', title: t('common.title'), sorter: true, sortOrder: sortOrder('title'), render: (_, row) => <span dir="auto">{row.title}</span> },
    ...list.columns.map((key) => ({ ...columnOf[key], sortOrder: columnOf[key].sorter ? sortOrder(key) : undefined })),
  ];

  const bulkStatus = (to: FollowStatus) =>
    modal.confirm({
      title: t('list.bulkStatusTitle', { count: list.selected.length, status: t(`status.${to}`) }),
      okText: t('list.change'),
      cancelText: t('common.cancel'),
      onOk: () => runBulk({ status: to }),
    });
  const bulkAssign = () => {
    let chosen: number[] = [];
    modal.confirm({
      title: t('list.bulkAssignTitle', { count: list.selected.length }),
      content: (
        <Select
          mode="multiple"
          className="follow-wide"
          optionFilterProp="label"
          placeholder={t('common.assignees')}
          onChange={(ids: number[]) => (chosen = ids)}
          options={(list.people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          data-testid="follow-bulk-assignees"
        />
      ),
      okText: t('list.change'),
      cancelText: t('common.cancel'),
      onOk: () => runBulk({ assigneeIds: chosen }),
    });
  };
  const runBulk = async (change: { status?: FollowStatus; assigneeIds?: number[] }) => {
    try {
      const answer = await list.bulk(change);
      if (answer.refused.length) {
        void message.warning(
          t('list.bulkPartly', {
            changed: answer.changed.length,
            refused: answer.refused.map((refusal) => `${refusal.number} (${t(`common.problem.${refusal.code}`)})`).join(', '),
          }),
        );
      } else void message.success(t('list.bulkDone', { count: answer.changed.length }));
    } catch (failure) {
      void message.error(failureText(t, failure));
    }
  };

  const saveSearch = () => {
    let name = '';
    modal.confirm({
      title: t('list.saveSearch'),
      content: <Input maxLength={60} autoFocus placeholder={t('list.searchName')} onChange={(event) => (name = event.target.value)} data-testid="follow-search-name" />,
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      onOk: () => {
        if (name.trim()) list.saveSearch(name.trim(), list.query.filter);
      },
    });
  };

  const count = filterCount(list.query.filter);
  const choices: FilterChoices = { types: list.types.data ?? [], people: list.people.data ?? [], trades, sheets };
  return (
    <div className="admin-page follow-page follow-list-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('list.title')}</Typography.Title>
        <Space wrap>
          {mayCreate && (
            <>
              <Button icon={<CameraOutlined />} onClick={() => camera.current?.click()} data-testid="follow-new-photo">
                {t('phone.newFromPhoto')}
              </Button>
              <input
                ref={camera}
                type="file"
                accept="image/*"
                capture="environment"
                style={{ display: 'none' }}
                data-testid="follow-camera"
                onChange={(event) => {
                  const chosen = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (!chosen.length) return;
                  handOverPhotos(chosen);
                  void navigate('/follows/edit/new?from=photo');
                }}
              />
              <Link to="/follows/edit/new">
                <Button type="primary" icon={<PlusOutlined />} data-testid="follow-new">
                  {t('list.new')}
                </Button>
              </Link>
            </>
          )}
          <FollowFiles list={list} mayImport={mayManage} />
        </Space>
      </div>
      <Card size="small">
        <FollowFilterBar filter={list.query.filter} choices={choices} onChange={applyFilter}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...list.searches.map((saved) => ({ key: `use:${saved.name}`, label: saved.name })),
                ...(list.searches.length ? [{ type: 'divider' as const }] : []),
                { key: 'save', label: t('list.saveSearch'), icon: <SaveOutlined />, disabled: count === 0 },
                ...list.searches.map((saved) => ({ key: `forget:${saved.name}`, label: t('list.forget', { name: saved.name }), danger: true })),
              ],
              onClick: ({ key }) => {
                if (key === 'save') return saveSearch();
                const [action, ...rest] = key.split(':');
                const name = rest.join(':');
                const saved = list.searches.find((each) => each.name === name);
                if (action === 'use' && saved) go({ ...list.query, filter: saved.filter, page: 1 });
                if (action === 'forget') list.forgetSearch(name);
              },
            }}
          >
            <Button icon={<StarOutlined />} data-testid="follow-saved">
              {t('list.saved')}
            </Button>
          </Dropdown>
          <Popover
            trigger="click"
            title={t('list.columns')}
            content={
              <Checkbox.Group
                className="follow-column-choice"
                value={list.columns}
                onChange={(chosen) => list.setColumns(chosen)}
                options={FOLLOW_COLUMNS.map((column) => ({ value: column, label: t(`list.column.${column}`) }))}
              />
            }
          >
            <Button icon={<SettingOutlined />} aria-label={t('list.columns')} data-testid="follow-columns" />
          </Popover>
        </FollowFilterBar>
        {mayManage && list.selected.length > 0 && (
          <div className="follow-bulk" role="region" aria-label={t('list.bulk')} data-testid="follow-bulk">
            <span>{t('list.chosen', { count: list.selected.length })}</span>
            <Select<FollowStatus>
              placeholder={t('list.setStatus')}
              value={null}
              onChange={(to) => void bulkStatus(to)}
              options={FOLLOW_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              className="follow-bulk-select"
              data-testid="follow-bulk-status"
            />
            <Button onClick={bulkAssign} data-testid="follow-bulk-assign">
              {t('list.assign')}
            </Button>
            <Button type="link" onClick={() => list.select([])}>
              {t('list.clearChoice')}
            </Button>
          </div>
        )}
        <ListTable<FollowRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={result?.rows ?? []}
          loading={list.listing.loading}
          titleColumns={['number', 'title']}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText:
              list.listing.status === 'failed' ? (
                <Result status="error" title={t('common.loadFailed')} subTitle={list.listing.error} extra={<Button onClick={() => void list.refresh()}>{t('common.retry')}</Button>} />
              ) : count ? (
                t('list.noneFiltered')
              ) : (
                t('list.none')
              ),
          }}
          rowSelection={mayManage ? { selectedRowKeys: list.selected, onChange: (keys) => list.select(keys.map(Number)), preserveSelectedRowKeys: false } : undefined}
          pagination={{
            current: list.query.page,
            pageSize: FOLLOW_PAGE_SIZE,
            total: result?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('list.total', { count: total }),
          }}
          onChange={(paging, _filters, sorter, extra) => {
            if (extra.action === 'sort' && !Array.isArray(sorter)) {
              const key = (sorter.columnKey as FollowSort | undefined) ?? 'number';
              const order = sorter.order === 'ascend' ? 'asc' : 'desc';
              go({ ...list.query, sort: sorter.order ? key : 'number', order: sorter.order ? order : 'desc', page: 1 });
            } else if (extra.action === 'paginate') go({ ...list.query, page: paging.current ?? 1 });
          }}
          data-testid="follow-list"
        />
      </Card>
    </div>
  );
});

