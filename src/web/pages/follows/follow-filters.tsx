import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, DatePicker, Drawer, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_PRIORITIES, FOLLOW_STATUSES, type FollowPerson, type FollowType } from '../../../core/contracts/follows.ts';
import type { DataSourceOption } from '../../../core/contracts/follow-settings.ts';
import { directionOf } from '../../i18n/languages.ts';
import { useTextIn, useTextLanguage } from '../../i18n/local-text.ts';
import { FilterChips } from './filter-chips.tsx';
import { cleanFilter, filterCount, type FollowFilter } from './follow-filter.ts';
import './follow-filters.css';

/** What a filter's choices and chips name: the workspace's types, people and trades, and the sheets where a screen offers them. */
export interface FilterChoices {
  types: FollowType[];
  people: FollowPerson[];
  trades: DataSourceOption[];
  /** Left out where the screen shows one sheet (the drawing canvas). */
  sheets?: { id: number; label: string }[];
}

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

/**
 * The follow-ups' filter bar, the same on the list and beside a sheet's pins: the search words,
 * the filter button with its count, the filters in use as chips, and a side panel of every
 * filter (type, status, priority, assignee, trade, sheet where offered, due and created dates,
 * and the caller's own). `children` are the screen's own buttons beside the filter button.
 */
export const FollowFilterBar = observer(function FollowFilterBar({
  filter,
  choices,
  onChange,
  children,
}: {
  filter: FollowFilter;
  choices: FilterChoices;
  onChange: (filter: FollowFilter) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('follows');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(filter.text ?? '');
  // The words follow the filter when it changes elsewhere (the address, a saved search).
  useEffect(() => setText(filter.text ?? ''), [filter.text]);
  const count = filterCount(filter);
  return (
    <div className="follow-filter-bar">
      <div className="follow-toolbar">
        <Input.Search
          allowClear
          value={text}
          maxLength={100}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ ...filter, text: value.trim() || undefined })}
          className="follow-search"
          data-testid="follow-search"
        />
        <Badge count={count} size="small">
          <Button icon={<FilterOutlined />} aria-label={count ? t('list.filtersCount', { count }) : t('list.filters')} onClick={() => setOpen(true)} data-testid="follow-filter">
            {t('list.filters')}
          </Button>
        </Badge>
        {children}
      </div>
      <FilterChips filter={filter} choices={choices} onChange={onChange} />
      <FilterDrawer
        filter={filter}
        choices={choices}
        open={open}
        onClose={() => setOpen(false)}
        onApply={(next) => {
          setOpen(false);
          onChange(next);
        }}
      />
    </div>
  );
});

/** Every filter in a side panel on the end side; Apply sets them, the search words kept. */
const FilterDrawer = observer(function FilterDrawer({
  filter,
  choices,
  open,
  onClose,
  onApply,
}: {
  filter: FollowFilter;
  choices: FilterChoices;
  open: boolean;
  onClose: () => void;
  onApply: (filter: FollowFilter) => void;
}) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const lng = useTextLanguage();
  const [form] = Form.useForm<FilterForm>();
  const [, redraw] = useState(0);

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
        reviewerId: filter.reviewerId,
        typeIds: values.typeIds,
        statuses: values.statuses,
        priorities: values.priorities,
        assigneeIds: values.assigneeIds,
        trades: values.trades,
        sheetId: choices.sheets ? values.sheetId : filter.sheetId,
        dueFrom: from?.format('YYYY-MM-DD'),
        dueTo: to?.format('YYYY-MM-DD'),
        createdFrom: createdFrom?.format('YYYY-MM-DD'),
        createdTo: createdTo?.format('YYYY-MM-DD'),
        ...Object.fromEntries((values.flags ?? []).map((flag) => [flag, true])),
      }),
    );
  };

  const people = [{ value: 0, label: t('common.unassigned') }, ...choices.people.map((person) => ({ value: person.id, label: person.name }))];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('list.filters')}
      size="default"
      placement={directionOf(lng) === 'rtl' ? 'left' : 'right'}
      extra={
        <Space>
          <Button onClick={() => form.resetFields()} data-testid="follow-filter-clear">
            {t('list.clear')}
          </Button>
          <Button type="primary" onClick={apply} data-testid="follow-filter-apply">
            {t('list.apply')}
          </Button>
        </Space>
      }
      data-testid="follow-filters"
    >
      <Form form={form} layout="vertical" onFinish={apply}>
        <Form.Item name="typeIds" label={t('common.type')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={choices.types.map((type) => ({ value: type.id, label: textIn(type.name) }))}
            data-testid="follow-filter-type"
          />
        </Form.Item>
        <Form.Item name="statuses" label={t('common.status')}>
          <Select mode="multiple" allowClear options={FOLLOW_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} data-testid="follow-filter-status" />
        </Form.Item>
        <Form.Item name="priorities" label={t('common.priority')}>
          <Select mode="multiple" allowClear options={FOLLOW_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))} data-testid="follow-filter-priority" />
        </Form.Item>
        <Form.Item name="assigneeIds" label={t('common.assignees')}>
          <Select mode="multiple" allowClear optionFilterProp="label" options={people} data-testid="follow-filter-assignee" />
        </Form.Item>
        <Form.Item name="trades" label={t('common.trade')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={[{ value: '', label: t('common.noTrade') }, ...choices.trades.map((option) => ({ value: option.code, label: textIn(option.label) }))]}
            data-testid="follow-filter-trade"
          />
        </Form.Item>
        {choices.sheets && (
          <Form.Item name="sheetId" label={t('common.sheet')}>
            <Select allowClear showSearch optionFilterProp="label" options={choices.sheets.map((sheet) => ({ value: sheet.id, label: sheet.label }))} data-testid="follow-filter-sheet" />
          </Form.Item>
        )}
        <Form.Item name="due" label={t('common.due')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} className="follow-filter-range" data-testid="follow-filter-due" />
        </Form.Item>
        <Form.Item name="created" label={t('common.created')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} className="follow-filter-range" data-testid="follow-filter-created" />
        </Form.Item>
        <Form.Item name="flags">
          <Checkbox.Group className="follow-flags" options={FLAGS.map((flag) => ({ value: flag, label: t(`list.flag.${flag}`) }))} />
        </Form.Item>
        {/* Enter in a field applies, as the button does. */}
        <button type="submit" hidden />
      </Form>
    </Drawer>
  );
});
