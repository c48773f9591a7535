import type { WidgetProps } from '@rjsf/utils';
import { Cascader, Select, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../../../core/contracts/org.ts';
import type { AddressNode } from '../../../core/entities.ts';
import {
  addressToPath,
  idsOf,
  idsToValue,
  linkedRecordsOf,
  linkedRecordsToValue,
  pathToAddress,
  type LinkedRecordValue,
} from './field-values.ts';
import { useFormViewApi } from './form-view-api.ts';

interface PickerOptions {
  multiple?: boolean;
  linkedFormId?: number;
}

/** Waits this long after the last keystroke before asking the server for matches. */
const SEARCH_DELAY_MS = 250;

function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

interface MemberSelectProps {
  id: string;
  value: unknown;
  onChange: (value: number | number[] | undefined) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** Members by name: the org directory narrowed by what the user types. */
export function MemberSelect({ id, value, onChange, multiple = false, disabled, placeholder }: MemberSelectProps) {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search);
  const [members, setMembers] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .members(keyword)
      .then((list) => current && setMembers(list.map((m) => ({ value: m.id, label: m.departmentName ? `${m.name} · ${m.departmentName}` : m.name }))))
      .catch(() => current && setMembers([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, keyword]);
  return (
    <Select<number | number[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={loading}
      placeholder={placeholder || t('view.pickMember')}
      notFoundContent={loading ? t('view.loading') : t('view.noMatches')}
      value={multiple ? idsOf(value) : idsOf(value)[0]}
      options={members}
      disabled={disabled}
      onChange={(next) => onChange(idsToValue(idsOf(next), multiple))}
    />
  );
}

export function MemberWidget({ id, value, onChange, options, disabled, readonly, placeholder }: WidgetProps) {
  const multiple = !!(options as PickerOptions).multiple;
  return <MemberSelect id={id} value={value as unknown} onChange={onChange} multiple={multiple} disabled={disabled || readonly} placeholder={placeholder} />;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const treeOptions = (departments: Department[]): TreeOption[] =>
  departments.map((d) => ({ value: d.id, title: d.name, children: treeOptions(d.children) }));

/** Departments from the org tree. */
export function DepartmentWidget({ id, value, onChange, options, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const multiple = !!(options as PickerOptions).multiple;
  const [tree, setTree] = useState<TreeOption[] | null>(null);
  useEffect(() => {
    let current = true;
    api
      .departments()
      .then((list) => current && setTree(treeOptions(list)))
      .catch(() => current && setTree([]));
    return () => {
      current = false;
    };
  }, [api]);
  return (
    <TreeSelect<number | number[]>
      id={id}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree === null}
      placeholder={placeholder || t('view.pickDepartment')}
      value={multiple ? idsOf(value) : idsOf(value)[0]}
      treeData={tree ?? []}
      disabled={disabled || readonly}
      onChange={(next) => onChange(idsToValue(idsOf(next), multiple))}
    />
  );
}

/** A record of another form, found by title or number. */
export function LinkedRecordWidget({ id, value, onChange, options, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const { multiple = false, linkedFormId } = options as PickerOptions;
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search);
  const [found, setFound] = useState<LinkedRecordValue[]>([]);
  const chosen = linkedRecordsOf(value);
  useEffect(() => {
    if (linkedFormId === undefined) return;
    let current = true;
    api
      .recordOptions(linkedFormId, keyword)
      .then((list) => current && setFound(list.map((r) => ({ formId: r.formId, recordId: r.recordId, title: r.number ? `${r.number} ${r.title}` : r.title }))))
      .catch(() => current && setFound([]));
    return () => {
      current = false;
    };
  }, [api, keyword, linkedFormId]);
  const known = useMemo(() => {
    const byId = new Map<number, LinkedRecordValue>();
    for (const record of [...chosen, ...found]) byId.set(record.recordId, record);
    return byId;
  }, [chosen, found]);
  const pick = (ids: number[]) =>
    onChange(
      linkedRecordsToValue(
        ids.map((recordId) => known.get(recordId)).filter((r): r is LinkedRecordValue => !!r),
        multiple,
      ),
    );
  return (
    <Select<number | number[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      placeholder={placeholder || t('view.pickRecord')}
      notFoundContent={t('view.noMatches')}
      value={multiple ? chosen.map((r) => r.recordId) : chosen[0]?.recordId}
      options={[...known.values()].map((r) => ({ value: r.recordId, label: r.title }))}
      disabled={disabled || readonly}
      onChange={(next) => pick(idsOf(next))}
    />
  );
}

interface AddressOption {
  value: string;
  label: string;
  id: number;
  isLeaf: boolean;
  children?: AddressOption[];
}

const addressOption = (node: AddressNode, depth: number): AddressOption => ({ value: node.code, label: node.name, id: node.id, isLeaf: depth >= 2 });

/** Province / city / district, each level read from the address API when opened. */
export function AddressWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation('forms');
  const api = useFormViewApi();
  const [tree, setTree] = useState<AddressOption[]>([]);
  const path = addressToPath(value);
  useEffect(() => {
    let current = true;
    void (async () => {
      const provinces = (await api.provinces()).map((p) => addressOption(p, 0));
      // A saved address shows its names: load the levels on its path.
      let level = provinces;
      for (let depth = 0; depth < path.length - 1; depth++) {
        const node = level.find((o) => o.value === path[depth]);
        if (!node) break;
        node.children = (await api.addressChildren(node.id)).map((c) => addressOption(c, depth + 1));
        level = node.children;
      }
      if (current) setTree(provinces);
    })().catch(() => undefined);
    return () => {
      current = false;
    };
    // The saved path only seeds the first load; later choices load their own levels.
  }, [api]);
  const loadData = (selected: AddressOption[]) => {
    const target = selected[selected.length - 1];
    if (!target) return;
    void api.addressChildren(target.id).then((children) => {
      target.children = children.map((c) => addressOption(c, selected.length));
      if (!target.children.length) target.isLeaf = true;
      setTree((old) => [...old]);
    });
  };
  return (
    <Cascader<AddressOption>
      id={id}
      style={{ width: '100%' }}
      options={tree}
      loadData={loadData}
      changeOnSelect
      allowClear
      placeholder={placeholder || t('view.pickAddress')}
      value={path}
      disabled={disabled || readonly}
      onChange={(next) => onChange(pathToAddress(next))}
    />
  );
}
