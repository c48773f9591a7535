import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLUMNS, GANTT_COLUMNS, type GanttColumn } from './gantt-columns.ts';
import type { GanttStore } from './gantt-store.ts';

/** The columns offered, in groups as a scheduler looks for them. */
const GROUPS: { key: string; columns: GanttColumn[] }[] = [
  { key: 'task', columns: ['wbs', 'name', 'duration', 'predecessors', 'assignees', 'notes'] },
  { key: 'dates', columns: ['start', 'finish', 'actualStart', 'actualFinish', 'constraint', 'deadline'] },
  { key: 'progress', columns: ['percentComplete', 'totalFloat', 'freeFloat'] },
  { key: 'baseline', columns: ['baselineStart', 'baselineFinish', 'baselineDuration', 'startVariance', 'finishVariance', 'durationVariance'] },
];

/**
 * Which columns the grid shows: a list of check boxes by group (the task name always shows),
 * and a way back to the columns a schedule opens with. `onChange` keeps the choice (the
 * editor keeps it per person).
 */
export const GanttColumnPicker = observer(function GanttColumnPicker({
  store,
  hidden = [],
  onChange,
}: {
  store: GanttStore;
  /** Columns not offered (a public link's hidden ones). */
  hidden?: readonly GanttColumn[];
  onChange?: (columns: readonly GanttColumn[]) => void;
}) {
  const { t } = useTranslation('schedules');
  const shown = new Set(store.columns);
  const choose = (next: Set<GanttColumn>) => {
    const columns = GANTT_COLUMNS.filter((key) => next.has(key));
    store.setColumns(columns);
    onChange?.(columns);
  };
  const toggle = (key: GanttColumn, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(key);
    else next.delete(key);
    choose(next);
  };
  const content = (
    <div className="gantt-column-picker">
      {GROUPS.map((group) => {
        const offered = group.columns.filter((key) => !hidden.includes(key));
        if (offered.length === 0) return null;
        return (
          <fieldset key={group.key} className="gantt-column-group">
            <legend>
              <Typography.Text strong>{t(`columns.group.${group.key}`)}</Typography.Text>
            </legend>
            {offered.map((key) => (
              <Checkbox key={key} checked={shown.has(key)} disabled={key === 'name'} onChange={(event) => toggle(key, event.target.checked)}>
                {t(`column.${key}`)}
              </Checkbox>
            ))}
          </fieldset>
        );
      })}
      <Button size="small" type="link" onClick={() => choose(new Set(DEFAULT_COLUMNS))}>
        {t('columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottom" content={content} title={t('columns.title')}>
      <Button icon={<TableOutlined />} aria-label={t('columns.title')} title={t('columns.title')} aria-haspopup="dialog">
        <span className="gantt-toolbar-label">{t('columns.button')}</span>
      </Button>
    </Popover>
  );
});
