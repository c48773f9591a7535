import { UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageFilter } from '../../src/core/pages/page-config.ts';
import { localToday, resolveRelativeRange, type RelativeRange } from '../../src/core/pages/relative-range.ts';
import type { PageFilterState, WidgetRenderProps } from '../types.ts';
import './filter-bar-widget.css';
import { textIn } from '../../src/core/local-text.ts';
import { resultValueText } from '../../src/core/value-format.ts';
import { useValueWords } from '../value-words.ts';

export interface FilterBarProps {
  filters?: string[];
  presets: RelativeRange[];
  showReset: boolean;
}

const DAY = 'YYYY-MM-DD';
const toDay = (value: unknown): Dayjs | null => (typeof value === 'string' && value ? dayjs(value) : null);

const DateRangeFilter = observer(function DateRangeFilter({ filter, state, presets, labelId }: { filter: PageFilter; state: PageFilterState; presets: RelativeRange[]; labelId: string }) {
  const { t } = useTranslation('widgets');
  const value = state.value(filter.id);
  const [from, to] = Array.isArray(value) ? value : [null, null];
  const presetItems = useMemo(() => {
    const today = localToday();
    return presets.map((name) => {
      const [start, end] = resolveRelativeRange(name, today);
      return { label: t(`ranges.${name}`), value: [dayjs(start), dayjs(end)] as [Dayjs, Dayjs] };
    });
  }, [presets, t]);
  return (
    <DatePicker.RangePicker
      aria-labelledby={labelId}
      value={[toDay(from), toDay(to)]}
      allowEmpty={[true, true]}
      presets={presetItems}
      placeholder={[t('filterBar.from'), t('filterBar.to')]}
      onChange={(dates) => state.set(filter.id, [dates?.[0]?.format(DAY) ?? null, dates?.[1]?.format(DAY) ?? null])}
    />
  );
});

const SelectFilter = observer(function SelectFilter({ filter, state, labelId }: { filter: PageFilter; state: PageFilterState; labelId: string }) {
  const { t } = useTranslation('widgets');
  const words = useValueWords();
  const options = state.options(filter.id);
  const value = state.value(filter.id);
  // Values read from a dataset read as its form shows them: option labels, names, dates.
  const choices = options.status !== 'ready' ? [] : options.column ? options.options.map((option) => ({ value: option.value, label: resultValueText(options.column, option.value, words) || option.label })) : options.options;
  return (
    <Select
      aria-labelledby={labelId}
      className="filter-bar-select"
      mode={filter.multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('filterBar.all')}
      value={value === null || (Array.isArray(value) && value.length === 0) ? undefined : value}
      loading={options.status === 'loading'}
      options={choices}
      notFoundContent={
        options.status === 'error' ? (
          <span className="filter-bar-options-error">
            {t('filterBar.optionsFailed')}{' '}
            <Button size="small" type="link" onClick={options.retry}>
              {t('cell.retry')}
            </Button>
          </span>
        ) : undefined
      }
      onChange={(next: unknown) => state.set(filter.id, next === undefined ? (filter.multiple ? [] : null) : (next as string | number | (string | number)[]))}
    />
  );
});

function FilterControl({ filter, state, presets }: { filter: PageFilter; state: PageFilterState; presets: RelativeRange[] }) {
  const { i18n } = useTranslation('widgets');
  const labelId = useId();
  return (
    <div className="filter-bar-item" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="filter-bar-label" dir="auto">
        {textIn(filter.label, i18n.language)}
      </span>
      {filter.type === 'dateRange' ? (
        <DateRangeFilter filter={filter} state={state} presets={presets} labelId={labelId} />
      ) : (
        <SelectFilter filter={filter} state={state} labelId={labelId} />
      )}
    </div>
  );
}

/** The page's filters as controls; every widget that responds to a filter follows its value. */
export default observer(function FilterBarWidget({ props, filters }: WidgetRenderProps<FilterBarProps>) {
  const { t } = useTranslation('widgets');
  const shown = props.filters
    ? props.filters.flatMap((id) => filters.definitions.filter((filter) => filter.id === id))
    : filters.definitions;
  if (shown.length === 0) return <p className="filter-bar-none">{t('filterBar.none')}</p>;
  return (
    <div className="filter-bar" role="search" aria-label={t('filterBar.label')}>
      {shown.map((filter) => (
        <FilterControl key={filter.id} filter={filter} state={filters} presets={props.presets} />
      ))}
      {props.showReset ? (
        <Button icon={<UndoOutlined />} disabled={filters.atDefaults} onClick={() => filters.reset()}>
          {t('filterBar.reset')}
        </Button>
      ) : null}
    </div>
  );
});
