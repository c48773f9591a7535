import { Button, Checkbox, DatePicker, Drawer, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_PRIORITIES, FOLLOW_STATUSES } from '../../../../core/contracts/follows.ts';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import { useTextIn } from '../../../i18n/local-text.ts';
import { cleanFilter, type FollowFilter } from '../follow-filter.ts';
import type { FollowListStore } from './follow-list-store.ts';

interface FilterForm {
  typeIds?: number[];
  statuses?: FollowFilter['statuses'];
  priorities?: FollowFilter['priorities'];
  assigneeIds?: number[];
  trades?: string[];
  sheetId?: number;
  due?: [Dayjs | null, Dayjs | null] | null;
  created?: [Dayjs | null, Dayjs | null] | null;
  flags?: ('overdue' | 'createdByMe' | 'assignedToMe' | 'watchedByMe')[];
}

const FLAGS = ['overdue', 'createdByMe', 'assignedToMe', 'watchedByMe'] as const;

/** A from–to pair of days as the range picker holds it. */
const dayRange = (from?: string, to?: string): FilterForm['due'] => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null);

/** The list's filters in a side panel: type, status, priority, assignee, trade, sheet, due dates, and the caller's own. */
export const FollowFilters = observer(function FollowFilters({
  list,
  trades,
  sheets,
  open,
  onClose,
  onApply,
}: {
  list: FollowListStore;
  trades: DataSourceOption[];
  sheets: { id: number; label: string }[];
  open: boolean;
  onClose: () => void;
  onApply: (filter: FollowFilter) => void;
}) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const [form] = Form.useForm<FilterForm>();
  const [, redraw] = useState(0);
  const filter = list.query.filter;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      typeIds: filter.typeIds,
      statuses: filter.statuses,
      priorities: filter.priorities,
      assigneeIds: filter.assigneeIds,
      trades: filter.trades,
      sheetId: filter.sheetId,
      due: dayRange(filter.dueFrom, filter.dueTo),
      created: dayRange(filter.createdFrom, filter.createdTo),
      flags: FLAGS.filter((flag) => filter[flag]),
    });
    redraw((n) => n + 1);
  }, [open, filter, form]);

  const apply = () => {
    const values = form.getFieldsValue();
    const [from, to] = values.due ?? [null, null];
    const [createdFrom, createdTo] = values.created ?? [null, null];
    onApply(
      cleanFilter({
        text: filter.text,
        typeIds: values.typeIds,
        statuses: values.statuses,
        priorities: values.priorities,
        assigneeIds: values.assigneeIds,
        trades: values.trades,
        sheetId: values.sheetId,
        dueFrom: from?.format('YYYY-MM-DD'),
        dueTo: to?.format('YYYY-MM-DD'),
        createdFrom: createdFrom?.format('YYYY-MM-DD'),
        createdTo: createdTo?.format('YYYY-MM-DD'),
        ...Object.fromEntries((values.flags ?? []).map((flag) => [flag, true])),
      }),
    );
  };

  const people = [{ value: 0, label: t('common.unassigned') }, ...(list.people.data ?? []).map((person) => ({ value: person.id, label: person.name }))];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('list.filters')}
      size="default"
      extra={
        <Space>
          <Button onClick={() => form.resetFields()}>{t('list.clear')}</Button>
          <Button type="primary" onClick={apply} data-testid="follow-filter-apply">
            {t('list.apply')}
          </Button>
        </Space>
      }
      data-testid="follow-filters"
    >
      <Form form={form} layout="vertical" onFinish={apply}>
        <Form.Item name="typeIds" label={t('common.type')}>
          <Select mode="multiple" allowClear optionFilterProp="label" options={(list.types.data ?? []).map((type) => ({ value: type.id, label: textIn(type.name) }))} />
        </Form.Item>
        <Form.Item name="statuses" label={t('common.status')}>
          <Select mode="multiple" allowClear options={FOLLOW_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} data-testid="follow-filter-status" />
        </Form.Item>
        <Form.Item name="priorities" label={t('common.priority')}>
          <Select mode="multiple" allowClear options={FOLLOW_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))} />
        </Form.Item>
        <Form.Item name="assigneeIds" label={t('common.assignees')}>
          <Select mode="multiple" allowClear optionFilterProp="label" options={people} />
        </Form.Item>
        <Form.Item name="trades" label={t('common.trade')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={[{ value: '', label: t('common.noTrade') }, ...trades.map((option) => ({ value: option.code, label: textIn(option.label) }))]}
          />
        </Form.Item>
        <Form.Item name="sheetId" label={t('common.sheet')}>
          <Select allowClear showSearch optionFilterProp="label" options={sheets.map((sheet) => ({ value: sheet.id, label: sheet.label }))} />
        </Form.Item>
        <Form.Item name="due" label={t('common.due')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} className="follow-wide" />
        </Form.Item>
        <Form.Item name="created" label={t('common.created')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} className="follow-wide" data-testid="follow-filter-created" />
        </Form.Item>
        <Form.Item name="flags">
          <Checkbox.Group className="follow-flags" options={FLAGS.map((flag) => ({ value: flag, label: t(`list.flag.${flag}`) }))} />
        </Form.Item>
        <Input type="submit" hidden />
      </Form>
    </Drawer>
  );
});
