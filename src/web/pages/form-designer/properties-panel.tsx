import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography, type FormItemProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { FormOption } from '../../../core/contracts/form.ts';
import {
  DEFAULT_IMAGE_ACCEPT,
  FIELD_KEY_PATTERN,
  FIELD_TYPE_NAMES,
  FIELD_TYPES,
  isSection,
  topLevelFields,
  type ChoiceOption,
  type FieldDesign,
  type FieldRules,
  type FieldType,
  type RuleName,
  type SectionDesign,
} from '../../../core/forms/form-design.ts';
import { ItemProblems, useProblemStatus } from './design-problems.tsx';
import { nextFieldKey, type DesignStore } from './design-store.ts';
import { ConditionBuilder, optionalGroup } from '../../forms/condition-builder/condition-builder.tsx';
import { textIn } from '../../../core/local-text.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { useTextIn } from '../../i18n/local-text.ts';

const SPANS = [24, 12, 8, 6];
const NUMERIC_RULES: readonly RuleName[] = ['min', 'max', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const PLACEHOLDER_TYPES = new Set<FieldType>(['text', 'textarea', 'number', 'money', 'percentage', 'mobile', 'email', 'idNumber', 'landline', 'postalCode', 'select', 'multiselect']);
const COLUMN_TYPES = FIELD_TYPE_NAMES.filter((type) => FIELD_TYPES[type].inSubtable);

function OptionsEditor({ options, onChange }: { options: ChoiceOption[]; onChange: (options: ChoiceOption[]) => void }) {
  const { t } = useTranslation('forms');
  const set = (i: number, patch: Partial<ChoiceOption>) => onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const swap = (i: number, j: number) => {
    const next = [...options];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <div className="designer-rows" data-testid="options-editor">
      {options.map((option, i) => (
        <Space.Compact key={i} block>
          <Input aria-label={t('designer.props.optionValue', { n: i + 1 })} value={option.value} dir="ltr" onChange={(e) => set(i, { value: e.target.value })} className="designer-option-value" />
          <LocalTextInput aria-label={t('designer.props.optionLabel', { n: i + 1 })} value={option.label} onChange={(label) => set(i, { label })} />
          <Button icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('designer.props.moveUp')} onClick={() => swap(i, i - 1)} />
          <Button icon={<ArrowDownOutlined />} disabled={i === options.length - 1} aria-label={t('designer.props.moveDown')} onClick={() => swap(i, i + 1)} />
          <Button icon={<DeleteOutlined />} danger aria-label={t('designer.props.removeOption')} onClick={() => onChange(options.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...options, { value: nextFieldKey('option' as FieldType, new Set(options.map((o) => o.value))), label: t('designer.props.newOption') }])}>
        {t('designer.props.addOption')}
      </Button>
    </div>
  );
}

function ColumnsEditor({ columns, onChange }: { columns: FieldDesign[]; onChange: (columns: FieldDesign[]) => void }) {
  const { t, i18n } = useTranslation('forms');
  const set = (i: number, patch: Partial<FieldDesign>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div className="designer-rows" data-testid="columns-editor">
      {columns.map((column, i) => (
        <Space.Compact key={i} block>
          <Input aria-label={t('designer.props.columnKey', { n: i + 1 })} value={column.key} dir="ltr" onChange={(e) => set(i, { key: e.target.value })} className="designer-option-value" />
          <LocalTextInput aria-label={t('designer.props.columnLabel', { n: i + 1 })} value={column.label} onChange={(label) => set(i, { label })} />
          <Select
            aria-label={t('designer.props.columnType', { n: i + 1 })}
            value={column.type}
            className="designer-column-type"
            options={COLUMN_TYPES.map((type) => ({ value: type, label: t(`designer.types.${type}`) }))}
            onChange={(type: FieldType) => set(i, { type, options: FIELD_TYPES[type].choice ? column.options ?? [{ value: 'option1', label: textIn(column.label, i18n.language) }] : undefined })}
          />
          <Button icon={<DeleteOutlined />} danger aria-label={t('designer.props.removeColumn')} onClick={() => onChange(columns.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="add-column"
        onClick={() => onChange([...columns, { key: nextFieldKey('column' as FieldType, new Set(columns.map((c) => c.key))), type: 'text', label: t('designer.props.newColumn') }])}
      >
        {t('designer.props.addColumn')}
      </Button>
    </div>
  );
}

interface FormulaInputProps {
  field: FieldDesign;
  operands: FieldDesign[];
  onChange: (formula: string | undefined) => void;
  /** The design's problems with the formula, shown in place of the help. */
  problem: Pick<FormItemProps, 'validateStatus' | 'help'>;
}

function FormulaInput({ field, operands, onChange, problem }: FormulaInputProps) {
  const { t, i18n } = useTranslation('forms');
  const formula = field.formula ?? '';
  return (
    <Form.Item label={t('designer.props.formula')} validateStatus={problem.validateStatus} help={problem.help ?? t('designer.props.formulaHelp')} htmlFor="designer-formula">
      <Input.TextArea id="designer-formula" dir="ltr" value={formula} autoSize={{ minRows: 2 }} onChange={(e) => onChange(e.target.value || undefined)} data-testid="formula" />
      <div className="designer-references" aria-label={t('designer.props.references')}>
        {operands.map((operand) => (
          <Tag.CheckableTag key={operand.key} checked={false} onChange={() => onChange(`${formula}${formula && !formula.endsWith(' ') ? ' ' : ''}${operand.key}`)}>
            {textIn(operand.label, i18n.language)} <bdi dir="ltr">{operand.key}</bdi>
          </Tag.CheckableTag>
        ))}
      </div>
    </Form.Item>
  );
}

function RuleInputs({ field, onChange }: { field: FieldDesign; onChange: (rules: FieldRules | undefined) => void }) {
  const { t } = useTranslation('forms');
  const rules = field.rules ?? {};
  const names = FIELD_TYPES[field.type].rules;
  if (names.length === 0) return null;
  const set = (name: RuleName, value: unknown) => {
    const next: Record<string, unknown> = { ...rules, [name]: value === null || value === '' ? undefined : value };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <>
      {names.map((name) => (
        <Form.Item key={name} label={t(`designer.rules.${name}`)} htmlFor={`rule-${name}`}>
          {NUMERIC_RULES.includes(name) ? (
            <InputNumber id={`rule-${name}`} className="designer-wide" value={(rules[name] as number | undefined) ?? null} onChange={(value) => set(name, value)} />
          ) : (
            <Input id={`rule-${name}`} dir={name === 'pattern' ? 'ltr' : 'auto'} value={(rules[name] as string | undefined) ?? ''} onChange={(e) => set(name, e.target.value)} />
          )}
        </Form.Item>
      ))}
    </>
  );
}

const FieldProperties = observer(function FieldProperties({ store, field, forms }: { store: DesignStore; field: FieldDesign; forms: FormOption[] }) {
  const textOf = useTextIn();
  const { t } = useTranslation('forms');
  const set = (patch: Partial<FieldDesign>) => store.update(field.key, patch);
  const info = FIELD_TYPES[field.type];
  const others = topLevelFields(store.design).filter((f) => f.key !== field.key && FIELD_TYPES[f.type].value !== 'none');
  const keyLocked = store.publishedKeys.has(field.key);
  const keyProblem = FIELD_KEY_PATTERN.test(field.key) ? null : t('designer.props.keyPattern');
  const status = useProblemStatus(store, field.key);
  return (
    <>
      <ItemProblems store={store} itemKey={field.key} />
      <Form.Item
        label={t('designer.props.key')}
        htmlFor="designer-key"
        {...(keyProblem ? { validateStatus: 'error', help: keyProblem } : keyLocked ? { help: t('designer.props.keyLocked') } : status('key'))}
      >
        <Input id="designer-key" dir="ltr" value={field.key} disabled={keyLocked} onChange={(e) => set({ key: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('designer.props.label')} htmlFor="designer-label" {...status('label')}>
        <LocalTextInput id="designer-label" value={field.label} onChange={(label) => set({ label })} />
      </Form.Item>
      {field.type === 'description' ? (
        <Form.Item label={t('designer.props.content')} htmlFor="designer-content" {...status('content')}>
          <Input.TextArea id="designer-content" dir="auto" autoSize={{ minRows: 3 }} value={field.content ?? ''} onChange={(e) => set({ content: e.target.value || undefined })} />
        </Form.Item>
      ) : (
        <Form.Item label={t('designer.props.description')} htmlFor="designer-description">
          <Input id="designer-description" dir="auto" value={field.description ?? ''} onChange={(e) => set({ description: e.target.value || undefined })} />
        </Form.Item>
      )}
      {PLACEHOLDER_TYPES.has(field.type) && (
        <Form.Item label={t('designer.props.placeholder')} htmlFor="designer-placeholder">
          <Input id="designer-placeholder" dir="auto" value={field.placeholder ?? ''} onChange={(e) => set({ placeholder: e.target.value || undefined })} />
        </Form.Item>
      )}
      <Form.Item label={t('designer.props.span')} htmlFor="designer-span">
        <Select id="designer-span" value={field.span ?? 24} options={SPANS.map((span) => ({ value: span, label: t(`designer.props.spans.${span}`) }))} onChange={(span: number) => set({ span: span === 24 ? undefined : span })} />
      </Form.Item>
      {info.value !== 'none' && field.type !== 'computed' && (
        <Space size="large" className="admin-block">
          <label className="designer-switch">
            <Switch size="small" checked={field.required === true} onChange={(required) => set({ required: required || undefined })} data-testid="required" /> {t('designer.props.required')}
          </label>
          <label className="designer-switch">
            <Switch size="small" checked={field.readOnly === true} onChange={(readOnly) => set({ readOnly: readOnly || undefined })} /> {t('designer.props.readOnly')}
          </label>
        </Space>
      )}
      <RuleInputs field={field} onChange={(rules) => set({ rules })} />
      {info.choice && <Form.Item label={t('designer.props.options')} {...status('options')}><OptionsEditor options={field.options ?? []} onChange={(options) => set({ options })} /></Form.Item>}
      {info.value === 'number' && (
        <Form.Item label={t('designer.props.precision')} htmlFor="designer-precision">
          <InputNumber id="designer-precision" min={0} max={8} className="designer-wide" value={field.precision ?? null} onChange={(precision) => set({ precision: precision ?? undefined })} />
        </Form.Item>
      )}
      {field.type === 'money' && (
        <Form.Item label={t('designer.props.currency')} htmlFor="designer-currency">
          <Input id="designer-currency" dir="ltr" maxLength={3} value={field.currency ?? ''} placeholder="CNY" onChange={(e) => set({ currency: e.target.value.toUpperCase() || undefined })} />
        </Form.Item>
      )}
      {field.type === 'computed' && (
        <>
          <FormulaInput field={field} operands={others.filter((f) => FIELD_TYPES[f.type].formulaOperand || f.type === 'subtable')} onChange={(formula) => set({ formula })} problem={status('formula')} />
          <Form.Item label={t('designer.props.resultType')} htmlFor="designer-result">
            <Select id="designer-result" value={field.resultType ?? 'number'} options={(['number', 'text', 'date', 'boolean'] as const).map((r) => ({ value: r, label: t(`designer.props.results.${r}`) }))} onChange={(resultType) => set({ resultType })} />
          </Form.Item>
        </>
      )}
      {field.type === 'linkedRecord' && (
        <Form.Item label={t('designer.props.linkedForm')} htmlFor="designer-linked" {...status('linkedFormId')}>
          <Select id="designer-linked" value={field.linkedFormId} options={forms.map((f) => ({ value: f.id, label: textOf(f.name) }))} onChange={(linkedFormId: number) => set({ linkedFormId })} />
        </Form.Item>
      )}
      {info.multiple && (
        <label className="designer-switch admin-block">
          <Switch size="small" checked={field.multiple === true} onChange={(multiple) => set({ multiple: multiple || undefined })} /> {t('designer.props.multiple')}
        </label>
      )}
      {info.value === 'files' && (
        <>
          <Form.Item label={t('designer.props.accept')} htmlFor="designer-accept">
            <Select id="designer-accept" mode="tags" value={field.accept ?? (field.type === 'image' ? [...DEFAULT_IMAGE_ACCEPT] : [])} onChange={(accept: string[]) => set({ accept: accept.length ? accept.map((a) => a.replace(/^\./, '').toLowerCase()) : undefined })} />
          </Form.Item>
          <Form.Item label={t('designer.props.maxSizeMb')} htmlFor="designer-size">
            <InputNumber id="designer-size" min={1} className="designer-wide" value={field.maxSizeMb ?? null} onChange={(maxSizeMb) => set({ maxSizeMb: maxSizeMb ?? undefined })} />
          </Form.Item>
        </>
      )}
      {field.type === 'subtable' && <Form.Item label={t('designer.props.columns')} {...status('fields')}><ColumnsEditor columns={field.fields ?? []} onChange={(fields) => set({ fields })} /></Form.Item>}
      <Form.Item label={t('designer.props.visibleIf')} {...status('visibleIf')}>
        <ConditionBuilder compact idPrefix="visible-if" value={optionalGroup.edit(field.visibleIf)} fields={others} onChange={(group) => set({ visibleIf: optionalGroup.store(group) })} />
      </Form.Item>
      {info.value !== 'none' && field.type !== 'computed' && (
        <Form.Item label={t('designer.props.requiredIf')} {...status('requiredIf')}>
          <ConditionBuilder compact idPrefix="required-if" value={optionalGroup.edit(field.requiredIf)} fields={others} onChange={(group) => set({ requiredIf: optionalGroup.store(group) })} />
        </Form.Item>
      )}
    </>
  );
});

const SectionProperties = observer(function SectionProperties({ store, section }: { store: DesignStore; section: SectionDesign }) {
  const { t } = useTranslation('forms');
  const set = (patch: Partial<SectionDesign>) => store.update(section.key, patch);
  const others = topLevelFields(store.design).filter((f) => !section.fields.includes(f) && FIELD_TYPES[f.type].value !== 'none');
  const status = useProblemStatus(store, section.key);
  return (
    <>
      <ItemProblems store={store} itemKey={section.key} />
      <Form.Item label={t('designer.props.key')} htmlFor="designer-key" {...status('key')}>
        <Input id="designer-key" dir="ltr" value={section.key} onChange={(e) => set({ key: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('designer.props.title')} htmlFor="designer-label" {...status('title')}>
        <LocalTextInput id="designer-label" value={section.title} onChange={(title) => set({ title })} />
      </Form.Item>
      <Form.Item label={t('designer.props.description')} htmlFor="designer-description">
        <Input id="designer-description" dir="auto" value={section.description ?? ''} onChange={(e) => set({ description: e.target.value || undefined })} />
      </Form.Item>
      <label className="designer-switch admin-block">
        <Switch size="small" checked={section.collapsible === true} onChange={(collapsible) => set({ collapsible: collapsible || undefined })} /> {t('designer.props.collapsible')}
      </label>
      <Form.Item label={t('designer.props.visibleIf')}>
        <ConditionBuilder compact idPrefix="visible-if" value={optionalGroup.edit(section.visibleIf)} fields={others} onChange={(group) => set({ visibleIf: optionalGroup.store(group) })} />
      </Form.Item>
    </>
  );
});

/** The selected item's properties; edits apply at once (and can be undone). */
export const PropertiesPanel = observer(function PropertiesPanel({ store, forms }: { store: DesignStore; forms: FormOption[] }) {
  const { t } = useTranslation('forms');
  const item = store.selectedItem;
  return (
    <aside className="designer-properties" aria-label={t('designer.props.title')} data-testid="properties">
      <Typography.Title level={5}>{item ? t('designer.props.of', { type: t(`designer.types.${item.type}`) }) : t('designer.props.title')}</Typography.Title>
      {!item ? (
        <Empty description={t('designer.props.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Form layout="vertical" size="small" component="div">
          {isSection(item) ? <SectionProperties store={store} section={item} /> : <FieldProperties store={store} field={item} forms={forms} />}
        </Form>
      )}
    </aside>
  );
});
