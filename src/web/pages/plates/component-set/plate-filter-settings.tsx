import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageFilter } from '../../../../core/pages/page-config.ts';
import { RELATIVE_RANGES } from '../../../../core/pages/relative-range.ts';
import { isDateField } from '../../../../core/query/check-query.ts';
import type { DatasetInfo } from '../../../../core/query/query-spec.ts';
import { textIn } from '../../../../core/local-text.ts';
import { fieldLabel } from './field-label.ts';
import { LocalTextInput } from '../../../ui/local-text-input.tsx';

export interface PlateFilterSettingsProps {
  filters: readonly PageFilter[];
  datasets: readonly DatasetInfo[];
  /** The sources the plate's components read: their fields come first. */
  usedDatasets: readonly string[];
  onChange: (filters: PageFilter[], tag?: string) => void;
}

const nextFilterId = (filters: readonly PageFilter[]) => {
  for (let n = 1; ; n++) if (!filters.some((f) => f.id === `filter${n}`)) return `filter${n}`;
};

/**
 * The plate's filter controls: each narrows every component whose source has its field. A
 * date range starts from a relative period; a choice list takes its choices from a source.
 */
export function PlateFilterSettings({ filters, datasets, usedDatasets, onChange }: PlateFilterSettingsProps) {
  const { t, i18n } = useTranslation('widgets');
  const sources = [...datasets].sort((a, b) => Number(usedDatasets.includes(b.code)) - Number(usedDatasets.includes(a.code)));
  const update = (index: number, patch: Partial<PageFilter>, tag?: string) => {
    const next = filters.map((f, i) => {
      if (i !== index) return f;
      const merged: PageFilter = { ...f, ...patch };
      for (const [name, value] of Object.entries(merged)) if (value === undefined) delete (merged as unknown as Record<string, unknown>)[name];
      return merged;
    });
    onChange(next, tag);
  };
  const first = sources[0];
  const firstDate = first?.fields.find(isDateField);

  return (
    <Form layout="vertical" size="small" className="component-set-form">
      <p className="component-set-hint">{t('plates.settings.plateFiltersHint')}</p>
      {filters.map((filter, i) => {
        const source = sources.find((d) => d.code === filter.optionsDataset) ?? sources.find((d) => d.fields.some((f) => f.name === filter.field)) ?? first;
        const fieldOptions = (source?.fields ?? [])
          .filter((f) => (filter.type === 'dateRange' ? isDateField(f) : !isDateField(f)))
          .map((f) => ({ value: f.name, label: fieldLabel(f, i18n.language) }));
        return (
          <fieldset key={filter.id} className="component-set-group" data-testid={`plate-filter-${i}`}>
            <legend dir="auto">{textIn(filter.label, i18n.language) || filter.id}</legend>
            <Form.Item label={t('plates.settings.filterLabel')} htmlFor={`plate-filter-label-${i}`}>
              <LocalTextInput id={`plate-filter-label-${i}`} maxLength={60} value={filter.label} onChange={(label) => update(i, { label }, `label${i}`)} />
            </Form.Item>
            <Form.Item label={t('plates.settings.filterKind')} htmlFor={`plate-filter-kind-${i}`}>
              <Select
                id={`plate-filter-kind-${i}`}
                value={filter.type}
                onChange={(type: PageFilter['type']) => {
                  const field = source?.fields.find((f) => (type === 'dateRange' ? isDateField(f) : !isDateField(f)));
                  update(i, { type, field: field?.name ?? filter.field, default: undefined, multiple: undefined, optionsDataset: type === 'select' ? source?.code : undefined });
                }}
                options={[
                  { value: 'dateRange', label: t('plates.settings.filterDateRange') },
                  { value: 'select', label: t('plates.settings.filterSelect') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('plates.settings.source')} htmlFor={`plate-filter-source-${i}`}>
              <Select
                id={`plate-filter-source-${i}`}
                value={source?.code}
                onChange={(code: string) => {
                  const next = sources.find((d) => d.code === code);
                  const field = next?.fields.find((f) => (filter.type === 'dateRange' ? isDateField(f) : !isDateField(f)));
                  update(i, { field: field?.name ?? filter.field, optionsDataset: filter.type === 'select' ? code : undefined });
                }}
                options={sources.map((d) => ({ value: d.code, label: textIn(d.name, i18n.language) }))}
              />
            </Form.Item>
            <Form.Item label={t('plates.settings.filterField')} htmlFor={`plate-filter-field-${i}`}>
              <Select id={`plate-filter-field-${i}`} value={filter.field} onChange={(field: string) => update(i, { field })} options={fieldOptions} />
            </Form.Item>
            {filter.type === 'dateRange' ? (
              <Form.Item label={t('plates.settings.filterDefault')} htmlFor={`plate-filter-default-${i}`}>
                <Select
                  id={`plate-filter-default-${i}`}
                  value={typeof filter.default === 'string' ? filter.default : ''}
                  onChange={(value: string) => update(i, { default: value || undefined })}
                  options={[{ value: '', label: t('plates.settings.filterNoDefault') }, ...RELATIVE_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))]}
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('plates.settings.filterMultiple')} htmlFor={`plate-filter-multiple-${i}`} className="component-set-switch">
                <Switch id={`plate-filter-multiple-${i}`} size="small" checked={filter.multiple ?? false} onChange={(multiple) => update(i, { multiple: multiple || undefined, default: undefined })} />
              </Form.Item>
            )}
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange(filters.filter((_, j) => j !== i))}>
              {t('plates.settings.removePlateFilter')}
            </Button>
          </fieldset>
        );
      })}
      {first && filters.length < 12 ? (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          data-testid="add-plate-filter"
          onClick={() => {
            const id = nextFilterId(filters);
            const filter: PageFilter = firstDate
              ? { id, type: 'dateRange', label: textIn(firstDate.title, i18n.language) || firstDate.name, field: firstDate.name, default: 'last12months' }
              : { id, type: 'select', label: textIn(first.fields[0]?.title, i18n.language) || id, field: first.fields[0]?.name ?? 'id', optionsDataset: first.code, multiple: true };
            onChange([...filters, filter]);
          }}
        >
          {t('plates.settings.addPlateFilter')}
        </Button>
      ) : null}
    </Form>
  );
}
