import { Card, Result, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FOLLOW_STATUSES, type FollowOverview, type FollowStatus } from '../../../../core/contracts/follows.ts';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import { addDays, ageBucketDays } from '../../../../core/follows/due.ts';
import { FOLLOW_STATUS_COLORS } from '../../../../core/follows/status-colors.ts';
import { useTextIn, useTextLanguage } from '../../../i18n/local-text.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { Loadable } from '../../../ui/loadable.ts';
import { openFollowEvents } from '../follow-api.ts';
import { listPath, type FollowFilter } from '../follow-filter.ts';
import { useFollowApi } from '../use-follow-api.ts';
import { FollowChart } from './follow-chart.tsx';
import '../../../ui/admin.css';
import '../follows.css';

/** The open (not closed) statuses: what assignee, trade and age figures count. */
const OPEN: FollowStatus[] = FOLLOW_STATUSES.filter((status) => status !== 'closed');

/**
 * /follows/details: how the workspace's follow-ups stand — by status, type, assignee, trade and
 * age, overdue, and opened against closed per week — drawn with the platform's chart widget.
 * Every figure is a link to the list filtered by it.
 */
const FollowOverviewPage = observer(function FollowOverviewPage() {
  const { t } = useTranslation('follows');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('common.noWorkspace')} />;
  return <Overview key={workspace.code} workspaceCode={workspace.code} />;
});

export default FollowOverviewPage;

const Overview = observer(function Overview({ workspaceCode }: { workspaceCode: string }) {
  const { t } = useTranslation('follows');
  const env = useFollowApi();
  const [overview] = useState(() => new Loadable(() => env.api.overview({ workspaceCode })));
  const [trades, setTrades] = useState<DataSourceOption[]>([]);
  useEffect(() => {
    void overview.load();
    void env.api.options(workspaceCode, 'trade').then(setTrades, () => undefined);
    return openFollowEvents({ ticket: env.ticket, workspaceCode, onChanges: () => overview.load() });
  }, [overview, env, workspaceCode]);
  return (
    <div className="admin-page follow-page follow-overview-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('overview.title')}</Typography.Title>
        <Link to="/follows">{t('overview.toList')}</Link>
      </div>
      <LoadState source={overview} empty={{ when: (data) => data.total === 0, description: t('overview.none') }}>
        {(data) => <Figures data={data} trades={trades} />}
      </LoadState>
    </div>
  );
});

function Figures({ data, trades }: { data: FollowOverview; trades: DataSourceOption[] }) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const lng = useTextLanguage();
  const navigate = useNavigate();
  const open = (filter: FollowFilter) => void navigate(listPath(filter));
  const count = (status: FollowStatus) => data.byStatus.find((each) => each.key === status)?.count ?? 0;
  const tradeName = (code: string) => (code ? textIn(trades.find((option) => option.code === code)?.label ?? code) : t('common.noTrade'));

  const statusChart = useMemo(
    () => ({
      rows: FOLLOW_STATUSES.map((status) => ({ status, count: count(status) })),
      columns: [
        { name: 'status', title: t('common.status'), type: 'string' as const },
        { name: 'count', title: t('overview.count'), type: 'integer' as const },
      ],
    }),
    [data, t],
  );
  const weekly = useMemo(
    () => ({
      rows: data.weekly.map((week) => ({ week: weekLabel(week.week, lng), opened: week.opened, closed: week.closed })),
      columns: [
        { name: 'week', title: t('overview.week'), type: 'string' as const },
        { name: 'opened', title: t('overview.opened'), type: 'integer' as const },
        { name: 'closed', title: t('overview.closed'), type: 'integer' as const },
      ],
    }),
    [data, lng, t],
  );
  const pickStatus = useCallback((value: unknown) => open({ statuses: [value as FollowStatus] }), []);
  // A week's point is picked by its label: the list then shows those created in that week.
  const pickWeek = useCallback(
    (value: unknown) => {
      const week = data.weekly.find((each) => weekLabel(each.week, lng) === value)?.week;
      if (week) open({ createdFrom: week, createdTo: addDays(week, 6) });
    },
    [data, lng],
  );
  const maxOf = (counts: { count: number }[]) => Math.max(1, ...counts.map((each) => each.count));

  return (
    <>
      <div className="follow-figures" data-testid="follow-figures">
        <Figure label={t('overview.total')} value={data.total} to={listPath({})} testId="total" />
        {FOLLOW_STATUSES.map((status) => (
          <Figure key={status} label={t(`status.${status}`)} value={count(status)} to={listPath({ statuses: [status] })} color={FOLLOW_STATUS_COLORS[status]} testId={status} />
        ))}
        <Figure label={t('overview.overdue')} value={data.overdue} to={listPath({ overdue: true })} color="#ff4d4f" testId="overdue" />
      </div>
      <div className="follow-overview-grid">
        <Card size="small" title={t('overview.byStatus')}>
          <FollowChart
            id="status"
            title={t('overview.byStatus')}
            props={{
              kind: 'pie',
              donut: true,
              labels: true,
              x: 'status',
              series: [{ field: 'count' }],
              colors: FOLLOW_STATUSES.map((status) => FOLLOW_STATUS_COLORS[status]),
              valueLabels: Object.fromEntries(FOLLOW_STATUSES.map((status) => [status, t(`status.${status}`)])),
            }}
            rows={statusChart.rows}
            columns={statusChart.columns}
            onPick={pickStatus}
          />
        </Card>
        <Card size="small" title={t('overview.weekly')}>
          <FollowChart
            id="weekly"
            title={t('overview.weekly')}
            props={{ kind: 'line', x: 'week', series: [{ field: 'opened', name: t('overview.opened') }, { field: 'closed', name: t('overview.closed') }], legend: { show: true, position: 'bottom' } }}
            rows={weekly.rows}
            columns={weekly.columns}
            onPick={pickWeek}
          />
          <ul className="follow-week-links" aria-label={t('overview.weekly')}>
            {data.weekly.map((week) => (
              <li key={week.week}>
                <Link to={listPath({ createdFrom: week.week, createdTo: addDays(week.week, 6) })} data-testid={`follow-week-${week.week}`}>
                  {weekLabel(week.week, lng)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <Bars
          title={t('overview.byAssignee')}
          testId="assignee"
          items={data.byAssignee.map((each) => ({ key: String(each.key), label: each.key === 0 ? t('common.unassigned') : each.name, count: each.count, to: listPath({ statuses: OPEN, assigneeIds: [each.key] }) }))}
          max={maxOf(data.byAssignee)}
        />
        <Bars
          title={t('overview.byTrade')}
          testId="trade"
          items={data.byTrade.map((each) => ({ key: each.key, label: tradeName(each.key), count: each.count, to: listPath({ statuses: OPEN, trades: [each.key] }) }))}
          max={maxOf(data.byTrade)}
        />
        <Bars
          title={t('overview.byType')}
          testId="type"
          items={data.byType.map((each) => ({ key: String(each.key), label: textIn(each.name), count: each.count, to: listPath({ typeIds: [each.key] }), color: each.color }))}
          max={maxOf(data.byType)}
        />
        <Bars
          title={t('overview.byAge')}
          testId="age"
          hint={t('overview.ageHint')}
          items={data.byAge.map((each) => ({ key: each.key, label: t(`overview.age.${each.key}`), count: each.count, to: listPath({ statuses: OPEN, ...ageBucketDays(each.key, data.today) }) }))}
          max={maxOf(data.byAge)}
        />
      </div>
    </>
  );
}

/** A week by its Monday, short: the axis holds twelve. */
const weekLabel = (monday: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${monday}T00:00:00Z`));

function Figure({ label, value, to, color, testId }: { label: string; value: number; to: string; color?: string; testId: string }) {
  const lng = useTextLanguage();
  return (
    <Link to={to} className="follow-figure" data-testid={`follow-figure-${testId}`} style={color ? { borderInlineStart: `4px solid ${color}` } : undefined}>
      <div className="follow-figure-count">{new Intl.NumberFormat(lng).format(value)}</div>
      <div>{label}</div>
    </Link>
  );
}

function Bars({ title, items, max, testId, hint }: { title: string; items: { key: string; label: string; count: number; to: string; color?: string }[]; max: number; testId: string; hint?: string }) {
  const { t } = useTranslation('follows');
  const lng = useTextLanguage();
  return (
    <Card size="small" title={title} data-testid={`follow-bars-${testId}`}>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {items.length === 0 ? (
        <span className="follow-muted">{t('overview.none')}</span>
      ) : (
        <ul className="follow-bars">
          {items.map((item) => (
            <li key={item.key} className="follow-bar">
              <Link to={item.to} dir="auto">
                {item.label}
              </Link>
              <span>{new Intl.NumberFormat(lng).format(item.count)}</span>
              <span className="follow-bar-track" aria-hidden>
                <span className="follow-bar-fill" style={{ display: 'block', inlineSize: `${(item.count / max) * 100}%`, ...(item.color ? { background: item.color } : {}) }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
