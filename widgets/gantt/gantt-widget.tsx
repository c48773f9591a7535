import { Alert, Empty, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_PATHS, type ScheduleDetail, type ScheduleListResult } from '../../src/core/contracts/schedules.ts';
import { ApiError } from '../../src/web/api/api-error.ts';
import { GanttChart } from '../../src/web/gantt/gantt-chart.tsx';
import { GanttStore } from '../../src/web/gantt/gantt-store.ts';
import { dateText } from '../../src/web/gantt/gantt-texts.ts';
import { GanttToolbar } from '../../src/web/gantt/gantt-toolbar.tsx';
import { directionOf } from '../../src/web/i18n/i18n.ts';
import { branchOf, resultOf, type Branch } from '../../src/web/pages/schedules/schedule-view.ts';
import { useStores } from '../../src/web/stores/stores-context.tsx';
import type { WidgetRenderProps } from '../types.ts';
import type { GanttProps } from './gantt-props.ts';
import './gantt-widget.css';

const QUIET = { showErrorToast: false };

type State = { status: 'loading' } | { status: 'ready'; detail: ScheduleDetail } | { status: 'refused' } | { status: 'failed'; error: string };

/**
 * A schedule on a page, read-only: fetched with the reader's own rights (a page is seen by
 * more people than the schedule's workspace may hold), so a reader who may not see it is told
 * so in words. A WBS branch shows that summary and the tasks under it.
 */
export default function GanttWidget({ props }: WidgetRenderProps<GanttProps>) {
  const { t } = useTranslation('schedules');
  const stores = useStores();
  const { scheduleId, scheduleName } = props;
  const workspaceCode = stores.layout.workSpace?.code ?? null;
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    if (!scheduleId && (!scheduleName || !workspaceCode)) return;
    let current = true;
    setState({ status: 'loading' });
    const http = stores.api.http;
    const find = async (): Promise<ScheduleDetail | null> => {
      let id = scheduleId ?? null;
      if (!id) {
        // By name: the page's workspace's schedule of that name, so one page serves every workspace.
        const { rows } = await http.post<ScheduleListResult>(SCHEDULE_PATHS.list, { workspaceCode, search: scheduleName, status: 'all' }, QUIET);
        id = rows.find((row) => row.name.toLowerCase() === scheduleName!.toLowerCase())?.id ?? null;
      }
      return id === null ? null : http.get<ScheduleDetail>(SCHEDULE_PATHS.get, { id }, QUIET);
    };
    find().then(
      (detail) => current && setState(detail ? { status: 'ready', detail } : { status: 'refused' }),
      (error: unknown) => {
        if (!current) return;
        const refused = error instanceof ApiError && [401, 403, 404].includes(error.status || error.code);
        setState(refused ? { status: 'refused' } : { status: 'failed', error: error instanceof Error ? error.message : '' });
      },
    );
    return () => {
      current = false;
    };
  }, [stores, scheduleId, scheduleName, workspaceCode]);

  if (!scheduleId && !scheduleName) return <Empty className="gantt-widget-state" description={t('widget.noSchedule')} />;
  if (!scheduleId && !workspaceCode) return <Empty className="gantt-widget-state" description={t('widget.noWorkspace')} />;
  if (state.status === 'refused') return <Empty className="gantt-widget-state" description={t('widget.noAccess')} />;
  if (state.status === 'failed') return <Alert type="error" showIcon role="alert" title={t('widget.failed')} description={state.error || undefined} />;
  if (state.status === 'loading') {
    return (
      <div className="gantt-widget-state" role="status" aria-live="polite">
        <Spin />
        <span>{t('widget.loading')}</span>
      </div>
    );
  }
  const { detail } = state;
  const shown: Branch | null = props.branchTaskId ? branchOf(detail.model, detail.scheduled, props.branchTaskId) : { model: detail.model, scheduled: detail.scheduled };
  if (!shown) return <Empty className="gantt-widget-state" description={t('widget.noBranch')} />;
  return <ScheduleChart name={detail.name} shown={shown} branch={props.branchTaskId !== undefined} showCritical={props.showCritical} />;
}

// A branch's own outline numbers would not be the schedule's: its WBS column is left out.
const BRANCH_HIDDEN = ['wbs'] as const;

const ScheduleChart = observer(function ScheduleChart({ name, shown, branch, showCritical }: { name: string; shown: Branch; branch: boolean; showCritical: boolean }) {
  const { t, i18n } = useTranslation('schedules');
  const rtl = directionOf(i18n.language) === 'rtl';
  const store = useMemo(() => new GanttStore(shown.model, resultOf(shown.scheduled), { rtl, gridWidth: 360 }), [shown]);
  useEffect(() => store.setRtl(rtl), [store, rtl]);
  useEffect(() => store.setShowCritical(showCritical), [store, showCritical]);
  const statusDate = shown.model.settings.statusDate;
  return (
    <figure className="gantt-widget" data-testid="gantt-widget" aria-label={name}>
      <figcaption className="gantt-widget-caption">
        {/* The cell's title names the schedule; a branch is named here. */}
        {branch ? (
          <Typography.Text strong>
            <bdi>{shown.model.tasks[0]!.name}</bdi>
          </Typography.Text>
        ) : null}
        {statusDate === undefined ? null : <Typography.Text type="secondary">{t('widget.statusDate', { date: dateText(i18n.language, statusDate) })}</Typography.Text>}
      </figcaption>
      <GanttToolbar store={store} />
      <div className="gantt-widget-chart">
        <GanttChart store={store} hiddenColumns={branch ? BRANCH_HIDDEN : undefined} />
      </div>
    </figure>
  );
});
