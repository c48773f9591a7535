import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Input, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { everyText, textIn } from '../../../../core/local-text.ts';
import { DATE_BUCKETS, isDateField } from '../../../../core/query/check-query.ts';
import type { Aggregate, DatasetField, DatasetInfo, DatasetQuery, FilterOp, QueryMeasure } from '../../../../core/query/query-spec.ts';
import { fieldLabel } from './field-label.ts';
import { FilterValueInput } from './filter-value-input.tsx';
import { dimensionRef, removeAt, replaceDimension, replaceMeasure, resultColumns, splitRef, tidyQuery } from './query-edits.ts';
import { sortColumnOptions } from './sort-options.ts';

const AGGREGATES: readonly Aggregate[] = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'];
const OPS: readonly FilterOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'between', 'contains', 'isNull'];
const NUMERIC = new Set(['number', 'integer']);
const MAX_DIMENSIONS = 4;

export interface DataSettingsProps {
  query: DatasetQuery;
  datasets: readonly DatasetInfo[];
  /** Whether the component shows rows (a table may) rather than groups. */
  rowsAllowed: boolean;
  /** The most dimensions the component draws. */
  maxDimensions?: number;
  onChange: (query: DatasetQuery, tag?: string) => void;
  /** Another source: the component starts over on it. */
  onSourceChange: (dataset: DatasetInfo) => void;
}


/**
 * A component's data: its source (a form's records or a registered view), the dimensions it is
 * grouped by (dates in day to year buckets), its measures, filters, sort and top N.
 */
export function DataSettings({ query, datasets, rowsAllowed, maxDimensions = MAX_DIMENSIONS, onChange, onSourceChange }: DataSettingsProps) {
  const { t, i18n } = useTranslation('widgets');
  const dataset = datasets.find((d) => d.code === query.dataset);
  const fields = dataset?.fields ?? [];
  const fieldOptions = (filter: (f: DatasetField) => boolean = () => true) =>
    fields.filter(filter).map((f) => ({ value: f.name, label: fieldLabel(f, i18n.language) }));
  const fieldNamed = (name: string | undefined) => fields.find((f) => f.name === name);
  const aggregate = (query.measures?.length ?? 0) > 0;
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const filters = query.filters ?? [];
  const sort = query.sort ?? [];
  const change = (next: DatasetQuery, tag?: string) => onChange(tidyQuery(next), tag);
  const sortOptions = aggregate
    ? sortColumnOptions(query, fields, {
        language: i18n.language,
        bucket: (bucket) => t(`plates.settings.bucket.${bucket}`),
        measure: (agg, field) => t(`chart.aggregates.${agg}`, { field }),
      })
    : fieldOptions();

  return (
    <Form layout="vertical" size="small" className="component-set-form">
      <Form.Item label={t('plates.settings.source')} htmlFor="component-source">
        <Select
          id="component-source"
          showSearch
          optionFilterProp="search"
          value={dataset ? dataset.code : query.dataset}
          onChange={(code: string) => {
            const next = datasets.find((d) => d.code === code);
            if (next) onSourceChange(next);
          }}
          // A source is named as its form is; its technical name (what a view's SQL reads) is the hint under it.
          options={datasets.map((d) => ({
            value: d.code,
            label: textIn(d.name, i18n.language),
            // Found by its name in any language or by its technical name.
            search: [...everyText(d.name), d.code].join(' '),
            hint: `${d.code} · ${d.rowCount === null ? t('bi.views.sqlView') : t('plates.settings.rows', { count: d.rowCount })}`,
          }))}
          optionRender={(option) => (
            <span className="component-set-source-option" title={`${String(option.data.label)} (${option.data.hint})`}>
              <span className="component-set-source-name">{option.data.label}</span>
              <span className="component-set-source-hint" dir="ltr">
                {option.data.hint}
              </span>
            </span>
          )}
          data-testid="component-source"
        />
      </Form.Item>
      {rowsAllowed ? (
        <Form.Item label={t('plates.settings.shows')}>
          <Segmented
            value={aggregate ? 'groups' : 'rows'}
            onChange={(value) =>
              change(
                value === 'rows'
                  ? { dataset: query.dataset, filters: query.filters, pageSize: 100 }
                  : { ...query, dimensions: dimensions.length ? dimensions : fieldOptions().slice(0, 1).map((o) => o.value), measures: [{ agg: 'count', as: 'count' }] },
              )
            }
            options={[
              { value: 'rows', label: t('plates.settings.showsRows') },
              { value: 'groups', label: t('plates.settings.showsGroups') },
            ]}
          />
        </Form.Item>
      ) : null}

      {aggregate || !rowsAllowed ? (
        <>
          <fieldset className="component-set-group">
            <legend>{t('plates.settings.dimensions')}</legend>
            {dimensions.map((ref, i) => {
              const { field, bucket } = splitRef(ref);
              const isDate = (() => {
                const found = fieldNamed(field);
                return found ? isDateField(found) : false;
              })();
              return (
                <Space.Compact key={i} block className="component-set-row" data-testid={`dimension-${i}`}>
                  <Select
                    size="small"
                    showSearch
                    optionFilterProp="label"
                    value={field}
                    className="component-set-field"
                    aria-label={t('plates.settings.dimensionN', { n: i + 1 })}
                    onChange={(name: string) => {
                      const found = fieldNamed(name);
                      change(replaceDimension(query, i, dimensionRef(name, found && isDateField(found) ? (bucket ?? 'month') : undefined)));
                    }}
                    options={fieldOptions()}
                  />
                  {isDate ? (
                    <Select
                      size="small"
                      value={bucket ?? ''}
                      aria-label={t('plates.settings.bucketOf', { n: i + 1 })}
                      className="component-set-bucket"
                      onChange={(value: string) => change(replaceDimension(query, i, dimensionRef(field, value ? (value as never) : undefined)))}
                      options={[{ value: '', label: t('plates.settings.bucket.none') }, ...DATE_BUCKETS.map((b) => ({ value: b, label: t(`plates.settings.bucket.${b}`) }))]}
                    />
                  ) : null}
                  <Button
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('plates.settings.removeDimension', { n: i + 1 })}
                    onClick={() => change({ ...query, dimensions: removeAt(dimensions, i) })}
                  />
                </Space.Compact>
              );
            })}
            {dimensions.length < Math.min(maxDimensions, MAX_DIMENSIONS) && fields.length > 0 ? (
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  const free = fields.find((f) => !dimensions.some((d) => splitRef(d).field === f.name)) ?? fields[0]!;
                  change({ ...query, dimensions: [...dimensions, dimensionRef(free.name, isDateField(free) ? 'month' : undefined)] });
                }}
                data-testid="add-dimension"
              >
                {t('plates.settings.addDimension')}
              </Button>
            ) : null}
          </fieldset>

          <fieldset className="component-set-group">
            <legend>{t('plates.settings.measures')}</legend>
            {measures.map((measure, i) => (
              <MeasureRow
                key={i}
                index={i}
                measure={measure}
                fieldOptions={fieldOptions}
                onChange={(next, tag) => change(replaceMeasure(query, i, next), tag)}
                onRemove={measures.length > 1 ? () => change({ ...query, measures: removeAt(measures, i) }) : undefined}
              />
            ))}
            {measures.length < 12 ? (
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  const numeric = fields.find((f) => NUMERIC.has(f.type));
                  const taken = new Set(resultColumns(query));
                  const next: QueryMeasure = numeric ? { agg: 'sum', field: numeric.name } : { agg: 'count' };
                  let as = numeric ? `sum_${numeric.name}` : 'count';
                  for (let n = 2; taken.has(as); n++) as = `${numeric ? `sum_${numeric.name}` : 'count'}_${n}`;
                  change({ ...query, measures: [...measures, { ...next, as }] });
                }}
                data-testid="add-measure"
              >
                {t('plates.settings.addMeasure')}
              </Button>
            ) : null}
          </fieldset>
        </>
      ) : null}

      <fieldset className="component-set-group">
        <legend>{t('plates.settings.filters')}</legend>
        {filters.map((filter, i) => (
          <Space key={i} wrap className="component-set-row" data-testid={`filter-${i}`}>
            <Select
              size="small"
              showSearch
              optionFilterProp="label"
              value={filter.field}
              className="component-set-field"
              aria-label={t('plates.settings.filterField', { n: i + 1 })}
              onChange={(field: string) => change({ ...query, filters: filters.map((f, j) => (j === i ? { field, op: 'eq', value: undefined } : f)) })}
              options={fieldOptions()}
            />
            <Select
              size="small"
              value={filter.op}
              className="component-set-op"
              aria-label={t('plates.settings.filterOp', { n: i + 1 })}
              onChange={(op: FilterOp) => change({ ...query, filters: filters.map((f, j) => (j === i ? { field: f.field, op } : f)) })}
              options={OPS.map((op) => ({ value: op, label: t(`plates.settings.op.${op}`) }))}
            />
            <FilterValueInput
              field={fieldNamed(filter.field)}
              op={filter.op}
              value={filter.value}
              label={t('plates.settings.filterValue', { n: i + 1 })}
              onChange={(value) => change({ ...query, filters: filters.map((f, j) => (j === i ? { ...f, value } : f)) }, `filter${i}`)}
            />
            <Button size="small" icon={<DeleteOutlined />} aria-label={t('plates.settings.removeFilter', { n: i + 1 })} onClick={() => change({ ...query, filters: removeAt(filters, i) })} />
          </Space>
        ))}
        {fields.length > 0 && filters.length < 32 ? (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => change({ ...query, filters: [...filters, { field: fields[0]!.name, op: 'isNull', value: false }] })}
            data-testid="add-filter"
          >
            {t('plates.settings.addFilter')}
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="component-set-group">
        <legend>{t('plates.settings.sortAndTop')}</legend>
        {sort.map((entry, i) => (
          <Space.Compact key={i} block className="component-set-row" data-testid={`sort-${i}`}>
            <Select
              size="small"
              value={entry.field}
              className="component-set-field"
              aria-label={t('plates.settings.sortField', { n: i + 1 })}
              onChange={(field: string) => change({ ...query, sort: sort.map((s, j) => (j === i ? { ...s, field } : s)) })}
              options={sortOptions}
            />
            <Select
              size="small"
              value={entry.order ?? 'asc'}
              className="component-set-op"
              aria-label={t('plates.settings.sortOrder', { n: i + 1 })}
              onChange={(order: 'asc' | 'desc') => change({ ...query, sort: sort.map((s, j) => (j === i ? { ...s, order } : s)) })}
              options={[
                { value: 'asc', label: t('plates.settings.ascending') },
                { value: 'desc', label: t('plates.settings.descending') },
              ]}
            />
            <Button size="small" icon={<DeleteOutlined />} aria-label={t('plates.settings.removeSort', { n: i + 1 })} onClick={() => change({ ...query, sort: removeAt(sort, i) })} />
          </Space.Compact>
        ))}
        {sortOptions.length > 0 && sort.length < 4 ? (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => change({ ...query, sort: [...sort, { field: sortOptions.find((o) => !sort.some((s) => s.field === o.value))?.value ?? sortOptions[0]!.value, order: 'desc' }] })}
            data-testid="add-sort"
          >
            {t('plates.settings.addSort')}
          </Button>
        ) : null}
        {aggregate ? (
          <Form.Item label={t('plates.settings.topN')} htmlFor="component-limit" className="component-set-top">
            <InputNumber
              id="component-limit"
              size="small"
              min={1}
              max={10000}
              value={query.limit ?? null}
              placeholder={t('plates.settings.topNAll')}
              onChange={(value) => change({ ...query, limit: value === null ? undefined : Number(value) }, 'limit')}
              data-testid="component-limit"
            />
          </Form.Item>
        ) : null}
      </fieldset>
    </Form>
  );
}

function MeasureRow({
  index,
  measure,
  fieldOptions,
  onChange,
  onRemove,
}: {
  index: number;
  measure: QueryMeasure;
  fieldOptions: (filter?: (f: DatasetField) => boolean) => { value: string; label: string }[];
  onChange: (measure: QueryMeasure, tag?: string) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('widgets');
  const needsNumber = measure.agg === 'sum' || measure.agg === 'avg';
  const options = fieldOptions(needsNumber ? (f) => NUMERIC.has(f.type) : undefined);
  return (
    <Space wrap className="component-set-row" data-testid={`measure-${index}`}>
      <Select
        size="small"
        value={measure.agg}
        className="component-set-op"
        aria-label={t('plates.settings.aggregateN', { n: index + 1 })}
        onChange={(agg: Aggregate) => {
          const numericOnly = agg === 'sum' || agg === 'avg';
          const keeps = measure.field && (!numericOnly || fieldOptions((f) => NUMERIC.has(f.type)).some((o) => o.value === measure.field));
          const field = agg === 'count' ? undefined : keeps ? measure.field : fieldOptions(numericOnly ? (f) => NUMERIC.has(f.type) : undefined)[0]?.value;
          onChange({ agg, field, as: measure.as });
        }}
        options={AGGREGATES.map((agg) => ({ value: agg, label: t(`plates.settings.agg.${agg}`) }))}
      />
      {measure.agg !== 'count' ? (
        <Select
          size="small"
          showSearch
          optionFilterProp="label"
          value={measure.field}
          className="component-set-field"
          aria-label={t('plates.settings.measureField', { n: index + 1 })}
          onChange={(field: string) => onChange({ ...measure, field })}
          options={options}
        />
      ) : null}
      <Input
        size="small"
        value={measure.as ?? ''}
        placeholder={t('plates.settings.columnName')}
        className="component-set-as"
        aria-label={t('plates.settings.columnNameN', { n: index + 1 })}
        onChange={(event) => onChange({ ...measure, as: event.target.value.replace(/[^A-Za-z0-9_]/g, '') || undefined }, `measure${index}`)}
      />
      {onRemove ? <Button size="small" icon={<DeleteOutlined />} aria-label={t('plates.settings.removeMeasure', { n: index + 1 })} onClick={onRemove} /> : null}
    </Space>
  );
}
