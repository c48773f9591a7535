import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type RegistryFieldsType, type RegistryWidgetsType, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { computeFields } from '../../../core/forms/formula.ts';
import { stripHiddenValues } from '../../../core/forms/record-validation.ts';
import { placedFields, type FormDesign, type RecordData } from '../../../core/forms/form-design.ts';
import type { FormValidator } from '../validation-runtime.ts';
import { translateErrors } from './error-messages.ts';
import { ComputedWidget, DescriptionField, MoneyWidget, PercentageWidget } from './number-widgets.tsx';
import { FormObjectTemplate } from './object-template.tsx';
import { AddressWidget, DepartmentWidget, LinkedRecordWidget, MemberWidget } from './picker-widgets.tsx';
import { UploadWidget } from './upload-widget.tsx';
import './form-view.css';

/** The widgets compileFormDesign names in `ui:widget` (rjsf's own cover the rest). */
const WIDGETS: RegistryWidgetsType = {
  money: MoneyWidget,
  percentage: PercentageWidget,
  computed: ComputedWidget,
  address: AddressWidget,
  member: MemberWidget,
  department: DepartmentWidget,
  linkedRecord: LinkedRecordWidget,
  upload: UploadWidget,
};
const FIELDS: RegistryFieldsType = { description: DescriptionField };
const TEMPLATES = { ObjectFieldTemplate: FormObjectTemplate };

/** rjsf's own words our forms show (the sub-table's row buttons), as keys of the forms namespace. */
const RJSF_STRINGS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: 'view.rows.add',
  [TranslatableString.AddItemButton]: 'view.rows.add',
  [TranslatableString.CopyButton]: 'view.rows.copy',
  [TranslatableString.MoveUpButton]: 'view.rows.up',
  [TranslatableString.MoveDownButton]: 'view.rows.down',
  [TranslatableString.RemoveButton]: 'view.rows.remove',
};

export interface RenderedVersion {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  design: FormDesign;
}

export interface FormRendererProps {
  version: RenderedVersion;
  value: RecordData;
  onChange: (value: RecordData) => void;
  validator: FormValidator;
  /** Called with the data to send once the browser's validation passes: hidden values dropped, computed fields filled. */
  onSubmit?: (value: RecordData) => void;
  disabled?: boolean;
  /** Fields the viewer may not see (a flow node's permissions). */
  hiddenFields?: readonly string[];
  /** Fields the viewer sees but may not change. */
  readOnlyFields?: readonly string[];
  /** Buttons under the form; a submit button there submits it. */
  children?: ReactNode;
}

/** The data a screen sends: what the design shows for these values, with computed fields worked out. */
export function recordToSend(design: FormDesign, value: RecordData): RecordData {
  return computeFields(design, stripHiddenValues(design, value), new Date());
}

/** Pattern messages the designer wrote, by field key. */
function patternMessages(uiSchema: Record<string, unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, ui] of Object.entries(uiSchema)) {
    const message = ((ui as Record<string, unknown> | null)?.['ui:options'] as { patternMessage?: string } | undefined)?.patternMessage;
    if (message) messages[key] = message;
  }
  return messages;
}

function withPermissions(uiSchema: Record<string, unknown>, hidden: readonly string[], readOnly: readonly string[]): UiSchema {
  if (!hidden.length && !readOnly.length) return uiSchema as UiSchema;
  const next: Record<string, unknown> = { ...uiSchema };
  for (const key of readOnly) next[key] = { ...(next[key] as object), 'ui:readonly': true };
  for (const key of hidden) next[key] = { ...(next[key] as object), 'ui:widget': 'hidden', 'ui:field': undefined };
  return next as UiSchema;
}

/**
 * A form version drawn from its schema and uiSchema with rjsf (antd theme) and our widgets.
 * Validation runs the version's precompiled validator in the browser as fields lose focus and
 * on submit; nothing reaches onSubmit while an error stands.
 */
export function FormRenderer({ version, value, onChange, validator, onSubmit, disabled, hiddenFields = [], readOnlyFields = [], children }: FormRendererProps) {
  const { t } = useTranslation('forms');
  const { design, schema } = version;
  const uiSchema = useMemo(() => withPermissions(version.uiSchema, hiddenFields, readOnlyFields), [version.uiSchema, hiddenFields, readOnlyFields]);
  const messages = useMemo(() => patternMessages(version.uiSchema), [version.uiSchema]);
  const hasComputed = useMemo(() => placedFields(design).some((p) => p.field.type === 'computed' || p.field.fields?.some((c) => c.type === 'computed')), [design]);
  // rjsf reports each change with the whole data; computed values follow their inputs at once.
  const latest = useRef(value);
  latest.current = value;
  const change = (event: IChangeEvent<RecordData>) => {
    const data = event.formData ?? {};
    onChange(hasComputed ? computeFields(design, data, new Date()) : data);
  };
  return (
    <Form
      className="form-view"
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      widgets={WIDGETS}
      fields={FIELDS}
      templates={TEMPLATES}
      disabled={disabled}
      liveValidate="onBlur"
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      transformErrors={(errors) => translateErrors(errors, t, messages)}
      translateString={(name, params) => (RJSF_STRINGS[name] ? t(RJSF_STRINGS[name]) : englishStringTranslator(name, params))}
      onChange={change}
      // The errors show beside their fields; rjsf would also log them to the console.
      onError={() => undefined}
      onSubmit={(event) => onSubmit?.(recordToSend(design, event.formData ?? latest.current))}
    >
      {children ?? <></>}
    </Form>
  );
}
