import { FilterFilled, FilterOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Popover, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnFilterKind, TableColumn } from './table-columns.ts';

interface Props {
  column: TableColumn;
  kind: ColumnFilterKind;
  title: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

const DAY = 'YYYY-MM-DD';

/** The filter of one column header: a button that opens the editor; applying it queries the server. */
export function ColumnFilter({ column, kind, title, value, onChange }: Props) {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<unknown>(value);
  const button = useRef<HTMLButtonElement>(null);
  const active = value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.every((v) => v === null));

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const apply = (next: unknown) => {
    onChange(next);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
    if (event.key === 'Enter' && kind !== 'equals') apply(draft);
  };

  let editor;
  if (kind === 'contains') {
    editor = <Input autoFocus aria-label={t('table.filterBy', { column: title })} value={(draft as string) ?? ''} onChange={(e) => setDraft(e.target.value)} allowClear />;
  } else if (kind === 'equals') {
    const options: { value: string | boolean; label: string }[] =
      column.type === 'boolean'
        ? [
            { value: true, label: t('table.yes') },
            { value: false, label: t('table.no') },
          ]
        : Object.keys({ ...column.colors, ...column.labels }).map((v) => ({ value: v, label: column.labels?.[v] ?? v }));
    editor =
      options.length > 0 ? (
        <Select
          autoFocus
          aria-label={t('table.filterBy', { column: title })}
          className="table-widget-filter-select"
          options={options}
          value={draft ?? undefined}
          allowClear
          placeholder={t('filterBar.all')}
          onChange={(next: unknown) => apply(next ?? null)}
        />
      ) : (
        <Input autoFocus aria-label={t('table.filterBy', { column: title })} value={(draft as string) ?? ''} onChange={(e) => setDraft(e.target.value)} allowClear />
      );
  } else if (column.type === 'number') {
    const [from, to] = (Array.isArray(draft) ? draft : [null, null]) as (number | null)[];
    editor = (
      <Space>
        <InputNumber autoFocus aria-label={t('table.min')} placeholder={t('table.min')} value={from} onChange={(n) => setDraft([n ?? null, to ?? null])} />
        <InputNumber aria-label={t('table.max')} placeholder={t('table.max')} value={to} onChange={(n) => setDraft([from ?? null, n ?? null])} />
      </Space>
    );
  } else {
    const [from, to] = (Array.isArray(draft) ? draft : [null, null]) as (string | null)[];
    editor = (
      <DatePicker.RangePicker
        autoFocus
        aria-label={t('table.filterBy', { column: title })}
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(dates) => setDraft([dates?.[0]?.format(DAY) ?? null, dates?.[1]?.format(DAY) ?? null])}
      />
    );
  }

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(value);
        setOpen(next);
      }}
      title={t('table.filterBy', { column: title })}
      content={
        <div className="table-widget-filter" onKeyDown={onKeyDown}>
          {editor}
          <div className="table-widget-filter-actions">
            <Button size="small" onClick={() => apply(null)}>
              {t('table.clearFilter')}
            </Button>
            {kind !== 'equals' || column.type !== 'boolean' ? (
              <Button size="small" type="primary" onClick={() => apply(draft)}>
                {t('table.applyFilter')}
              </Button>
            ) : null}
          </div>
        </div>
      }
    >
      <button
        ref={button}
        type="button"
        className={`table-widget-filter-button${active ? ' table-widget-filter-button-active' : ''}`}
        aria-label={t(active ? 'table.filterActive' : 'table.filterBy', { column: title })}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {active ? <FilterFilled aria-hidden /> : <FilterOutlined aria-hidden />}
      </button>
    </Popover>
  );
}
