import { Cascader, DatePicker, Input, InputNumber, Select, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../core/local-text.ts';
import { RECORD_STATUSES } from '../../../core/contracts/record.ts';
import type { Department } from '../../../core/contracts/org.ts';
import type { RecordFilter } from '../../../core/contracts/record-query.ts';
import type { AddressNode } from '../../../core/entities.ts';
import type { Directory } from './directory.ts';
import type { ListColumn } from './list-columns.ts';
import { BAR_OP_BY_KIND } from './list-filters.ts';

interface FilterControlProps {
  column: ListColumn;
  label: string;
  value: RecordFilter | undefined;
  directory: Directory;
  onChange: (filter: RecordFilter | null) => void;
}

interface RegionOption {
  value: string;
  label: string;
  id: number;
  isLeaf: boolean;
  children?: RegionOption[];
}

const DAY = 'YYYY-MM-DD';
const regionOption = (node: AddressNode, depth: number): RegionOption => ({ value: node.code, label: node.name, id: node.id, isLeaf: depth >= 2 });
interface DepartmentNode {
  value: number;
  title: string;
  children: DepartmentNode[];
}
const departmentTree = (list: readonly Department[]): DepartmentNode[] =>
  list.map((each) => ({ value: each.id, title: each.name, children: departmentTree(each.children) }));

/** Region cascader: provinces first, cities and districts read when a level opens; the filter takes the deepest code chosen. */
const RegionFilter = observer(function RegionFilter({ label, value, directory, onChange, field }: Omit<FilterControlProps, 'column'> & { field: string }) {
  const [options, setOptions] = useState<RegionOption[]>([]);
  useEffect(() => {
    void directory.provinces().then(() => setOptions(directory.provinceNodes.map((node) => regionOption(node, 0))));
  }, [directory]);
  const load = async (path: RegionOption[]) => {
    const target = path[path.length - 1];
    if (!target) return;
    const nodes = await directory.children(target.id);
    target.children = nodes.map((node) => regionOption(node, path.length));
    setOptions((current) => [...current]);
  };
  const chosen = typeof value?.value === 'string' ? value.value : undefined;
  const node = chosen ? directory.regions.get(chosen) : undefined;
  return (
    <Cascader<RegionOption>
      aria-label={label}
      placeholder={node?.name ?? chosen ?? label}
      options={options}
      loadData={(path) => void load(path)}
      changeOnSelect
      onChange={(path) => {
        const code = Array.isArray(path) ? path[path.length - 1] : undefined;
        onChange(code ? { field, op: 'prefix', value: String(code) } : null);
      }}
      className="form-data-filter-input"
    />
  );
});

/** The control of one shown filter, fitting its field family. */
export const FilterControl = observer(function FilterControl({ column, label, value, directory, onChange }: FilterControlProps) {
  const { t, i18n } = useTranslation('forms');
  const field = column.key;
  const kind = column.kind;
  if (!kind) return null;
  const op = BAR_OP_BY_KIND[kind];
  const current = value?.value;
  const set = (next: RecordFilter['value'] | undefined) => onChange(next === undefined ? null : { field, op, value: next });
  const list = Array.isArray(current) ? current : [];
  const texts = list.filter((entry): entry is string => typeof entry === 'string');
  const ids = list.filter((entry): entry is number => typeof entry === 'number');

  switch (kind) {
    case 'text':
      return <Input allowClear aria-label={label} placeholder={t('list.filter.contains')} value={typeof current === 'string' ? current : ''} onChange={(event) => set(event.target.value || undefined)} className="form-data-filter-input" />;
    case 'number': {
      const [from, to] = list;
      return (
        <Space.Compact className="form-data-filter-input">
          <InputNumber aria-label={t('list.filter.from', { label })} placeholder={t('list.filter.min')} value={typeof from === 'number' ? from : null} onChange={(next) => set([next ?? null, typeof to === 'number' ? to : null])} />
          <InputNumber aria-label={t('list.filter.to', { label })} placeholder={t('list.filter.max')} value={typeof to === 'number' ? to : null} onChange={(next) => set([typeof from === 'number' ? from : null, next ?? null])} />
        </Space.Compact>
      );
    }
    case 'date':
    case 'datetime': {
      const [from, to] = list.map((end) => (typeof end === 'string' ? dayjs(end) : null));
      return (
        <DatePicker.RangePicker
          aria-label={label}
          allowEmpty={[true, true]}
          value={[from ?? null, to ?? null]}
          onChange={(range) => {
            const ends = (range ?? [null, null]).map((end: Dayjs | null) => (end ? end.format(DAY) : null));
            set(ends.some((end) => end !== null) ? ends : undefined);
          }}
          className="form-data-filter-input"
        />
      );
    }
    case 'choice':
    case 'choices': {
      const options =
        field === 'status'
          ? RECORD_STATUSES.map((status) => ({ value: status, label: t(`list.status.${status}`) }))
          : (column.field?.options ?? []).map((option) => ({ value: option.value, label: textIn(option.label, i18n.language) || option.value }));
      return <Select mode="multiple" allowClear aria-label={label} placeholder={t('list.filter.any')} options={options} value={texts} onChange={(next: string[]) => set(next.length ? next : undefined)} maxTagCount="responsive" className="form-data-filter-input" />;
    }
    case 'boolean':
      return (
        <Select
          allowClear
          aria-label={label}
          placeholder={t('list.filter.any')}
          options={[
            { value: 'true', label: t('list.yes') },
            { value: 'false', label: t('list.no') },
          ]}
          value={typeof current === 'boolean' ? String(current) : undefined}
          onChange={(next?: string) => set(next === undefined ? undefined : next === 'true')}
          className="form-data-filter-input"
        />
      );
    case 'address':
      return <RegionFilter field={field} label={label} value={value} directory={directory} onChange={onChange} />;
    case 'id':
    case 'ids':
      if (column.field?.type === 'department') {
        return <TreeSelect multiple allowClear aria-label={label} placeholder={t('list.filter.any')} treeData={departmentTree(directory.departments)} value={ids} onChange={(next: number[]) => set(next.length ? next : undefined)} treeDefaultExpandAll className="form-data-filter-input" />;
      }
      return (
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={label}
          placeholder={t('list.filter.anyone')}
          options={[...directory.members].map(([id, name]) => ({ value: id, label: name }))}
          value={ids}
          onChange={(next: number[]) => set(next.length ? next : undefined)}
          maxTagCount="responsive"
          className="form-data-filter-input"
        />
      );
    case 'presence':
      return (
        <Select
          allowClear
          aria-label={label}
          placeholder={t('list.filter.any')}
          options={[
            { value: 'notEmpty', label: t('list.filter.filled') },
            { value: 'empty', label: t('list.filter.blank') },
          ]}
          value={value?.op === 'empty' || value?.op === 'notEmpty' ? value.op : undefined}
          onChange={(next?: 'empty' | 'notEmpty') => onChange(next ? { field, op: next } : null)}
          className="form-data-filter-input"
        />
      );
  }
});
