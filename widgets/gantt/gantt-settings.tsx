import { Form, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_PATHS, type ScheduleDetail, type ScheduleListResult } from '../../src/core/contracts/schedules.ts';
import { outlineNumbers } from '../../src/core/schedule/outline.ts';
import { useStores } from '../../src/web/stores/stores-context.tsx';
import type { WidgetSettingsProps } from '../types.ts';

type Option = { value: number; label: string };
const QUIET = { showErrorToast: false };

/** Which schedule of the workspace, and optionally which WBS branch of it (a summary task). */
export default function GanttSettings({ props, setProps }: WidgetSettingsProps) {
  const { t } = useTranslation('schedules');
  const stores = useStores();
  const workspaceCode = stores.layout.workSpace?.code ?? null;
  const scheduleId = typeof props.scheduleId === 'number' ? props.scheduleId : undefined;
  const [schedules, setSchedules] = useState<Option[] | null>(null);
  const [summaries, setSummaries] = useState<Option[]>([]);

  useEffect(() => {
    if (!workspaceCode) return;
    let current = true;
    stores.api.http.post<ScheduleListResult>(SCHEDULE_PATHS.list, { workspaceCode, size: 200 }, QUIET).then(
      ({ rows }) => current && setSchedules(rows.map((row) => ({ value: row.id, label: row.name }))),
      () => current && setSchedules([]),
    );
    return () => {
      current = false;
    };
  }, [stores, workspaceCode]);

  useEffect(() => {
    if (!scheduleId) return;
    let current = true;
    stores.api.http.get<ScheduleDetail>(SCHEDULE_PATHS.get, { id: scheduleId }, QUIET).then(
      ({ model }) => {
        if (!current) return;
        const wbs = outlineNumbers(model.tasks);
        // A branch is a summary: a row followed by a deeper one.
        const options = model.tasks.flatMap((task, row) => ((model.tasks[row + 1]?.level ?? 0) > task.level ? [{ value: task.id, label: `${wbs[row]} ${task.name}` }] : []));
        setSummaries(options);
      },
      () => current && setSummaries([]),
    );
    return () => {
      current = false;
    };
  }, [stores, scheduleId]);

  return (
    <>
      <Form.Item label={t('widget.schedule')} htmlFor="look-schedule">
        <Select
          id="look-schedule"
          showSearch
          optionFilterProp="label"
          value={scheduleId}
          placeholder={t('widget.choose')}
          notFoundContent={t('widget.noSchedules')}
          loading={schedules === null && workspaceCode !== null}
          onChange={(id: number) => setProps({ scheduleId: id, scheduleName: undefined, branchTaskId: undefined })}
          options={schedules ?? []}
          data-testid="gantt-widget-schedule"
        />
      </Form.Item>
      <Form.Item label={t('widget.branch')} htmlFor="look-branch">
        <Select
          id="look-branch"
          showSearch
          optionFilterProp="label"
          disabled={!scheduleId}
          value={typeof props.branchTaskId === 'number' ? props.branchTaskId : 0}
          onChange={(id: number) => setProps({ branchTaskId: id || undefined })}
          options={[{ value: 0, label: t('widget.wholeSchedule') }, ...summaries]}
        />
      </Form.Item>
      <Form.Item label={t('chart.criticalPath')}>
        <Switch checked={props.showCritical !== false} onChange={(checked) => setProps({ showCritical: checked })} />
      </Form.Item>
    </>
  );
}
