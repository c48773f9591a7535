import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import {
  deepEquals,
  englishStringTranslator,
  TranslatableString,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils';
import { startTransition, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { computeFields } from '../../../core/forms/formula.ts';
import { stripHiddenValues } from '../../../core/forms/record-validation.ts';
import { placedFields, type FieldError, type FormDesign, type RecordData } from '../../../core/forms/form-design.ts';
import type { FormValidator } from '../validation-runtime.ts';
import { fieldErrorText, translateErrors } from './error-messages.ts';
import { ComputedWidget, DescriptionField, MoneyWidget, PercentageWidget } from './number-widgets.tsx';
import { FormObjectTemplate } from './object-template.tsx';
import { AddressWidget, DepartmentWidget, LinkedRecordWidget, MemberWidget } from './picker-widgets.tsx';
import { DraftInputTemplate, DraftTextareaWidget, FieldDrafts, FieldDraftsProvider } from './field-draft.tsx';
import { focusField } from './focus-field.ts';
import { serverErrorSchema, useStandingServerErrors } from './server-errors.ts';
import { SubtableProvider, SubtableRowTemplate, SubtableTemplate, withSubtableTemplates, type SubtableRegistry } from './subtable.tsx';
import { SwitchOrCheckboxWidget } from './switch-widget.tsx';
import { UploadWidget } from './upload-widget.tsx';
import './form-view.css';
import { uiSchemaInLanguage } from './labels-in-language.ts';
import { useTextLanguage } from '../../i18n/local-text.ts';

/** Input types Enter activates as buttons rather than submitting the form they stand in. */
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image']);

/** The button the browser submits a form with: its first submit button, if one may be pressed. */
function defaultButton(form: HTMLFormElement): HTMLButtonElement | HTMLInputElement | null {
  for (const element of Array.from(form.elements)) {
    if ((element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit') return element.disabled ? null : element;
  }
  return null;
}

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
  TextareaWidget: DraftTextareaWidget,
  CheckboxWidget: SwitchOrCheckboxWidget,
};
const FIELDS: RegistryFieldsType = { description: DescriptionField };
const TEMPLATES = {
  ObjectFieldTemplate: FormObjectTemplate,
  ArrayFieldTemplate: SubtableTemplate,
  ArrayFieldItemTemplate: SubtableRowTemplate,
  BaseInputTemplate: DraftInputTemplate,
};

/** The parts of rjsf's Form this renderer reaches through its ref. */
interface RjsfForm {
  formElement: { current: HTMLFormElement | null };
  state: { formData?: RecordData; errors: RJSFValidationError[] };
  validateForm(): boolean;
}

const NONE: readonly string[] = [];
const NO_ERRORS: readonly FieldError[] = [];

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

export interface FormRendererHandle {
  /** Checks the form as a submit would (errors shown, the first focused): the data to send, or null while an error stands. */
  checkedData(): RecordData | null;
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
  /** The server's refusal of the last save, shown beside each field until its value changes. */
  serverErrors?: readonly FieldError[];
  /** What a screen may ask of the form outside its own submit (an approval that carries edits). */
  ref?: Ref<FormRendererHandle>;
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
export function FormRenderer({ version, value, onChange, validator, onSubmit, disabled, hiddenFields = NONE, readOnlyFields = NONE, serverErrors = NO_ERRORS, ref, children }: FormRendererProps) {
  const { t } = useTranslation('forms');
  const lng = useTextLanguage();
  const { design, schema } = version;
  const uiSchema = useMemo(
    () => withSubtableTemplates(withPermissions(uiSchemaInLanguage(version.uiSchema, design, lng), hiddenFields, readOnlyFields), schema) as UiSchema,
    [version.uiSchema, design, lng, schema, hiddenFields, readOnlyFields],
  );
  // What the form last handed to the screen to send: the server's errors are about those values.
  const sent = useRef<RecordData | null>(null);
  const standing = useStandingServerErrors(serverErrors, value, sent.current);

  const [subtables] = useState<SubtableRegistry>(() => new Map());
  const [drafts] = useState(() => new FieldDrafts());
  const form = useRef<RjsfForm | null>(null);
  const focusError = (error: Pick<RJSFValidationError, 'property'>) => focusField(form.current?.formElement.current ?? null, subtables, error.property);
  // A refused save: the first field the server named takes the focus, as a refused submit in the browser does.
  const focusedErrors = useRef(serverErrors);
  useEffect(() => {
    if (focusedErrors.current === serverErrors) return;
    focusedErrors.current = serverErrors;
    const first = serverErrors.find((e) => e.field);
    if (first) focusField(form.current?.formElement.current ?? null, subtables, `.${first.field}`);
  }, [serverErrors, subtables]);
  const messages = useMemo(() => patternMessages(version.uiSchema), [version.uiSchema]);
  const extraErrors = useMemo(() => serverErrorSchema(standing, (error) => fieldErrorText(error, t, messages)), [standing, t, messages]);
  const hasComputed = useMemo(() => placedFields(design).some((p) => p.field.type === 'computed' || p.field.fields?.some((c) => c.type === 'computed')), [design]);
  const latest = useRef(value);
  latest.current = value;
  useImperativeHandle(
    ref,
    () => ({
      checkedData() {
        const rjsf = form.current;
        if (!rjsf) return null;
        drafts.flushAll();
        if (!rjsf.validateForm()) {
          focusError(rjsf.state.errors[0] ?? {});
          return null;
        }
        sent.current = recordToSend(design, rjsf.state.formData ?? {});
        return sent.current;
      },
    }),
  );
  // rjsf holds the data while the user edits and takes formData as the reply to the change it
  // reported last: whenever Form renders, formData must be that data (with the formulas' new
  // values, which rjsf does not work out), or the screen's own value when the screen changed it
  // itself (a reload, a reset). Data older than the last report, passed while another prop
  // changes (the submit button turning busy, the server's errors arriving), would be taken as
  // the screen's new data and undo what was typed since. The reply is read when Form renders,
  // so a render that comes before the screen's own (a submit's) still carries it.
  const [reported] = useState(() => new WeakSet<RecordData>());
  const formData = useRef(value);
  if (value !== formData.current && !reported.has(value)) formData.current = value;
  const change = (event: IChangeEvent<RecordData>) => {
    const data = event.formData ?? {};
    const next = hasComputed ? computeFields(design, data, new Date()) : data;
    reported.add(next);
    formData.current = next !== data && !deepEquals(next, data) ? next : data;
    // The screen's and the formulas' renders are work for a transition, never for a keystroke's frame.
    startTransition(() => onChange(next));
  };
  return (
    <FieldDraftsProvider drafts={drafts}>
    <SubtableProvider registry={subtables}>
    {/* What is still typed in a field's draft reaches the form before rjsf reads its data for the submit. */}
    {/* Enter in a field confirms that field and never submits: the submit button (clicked, or
        Enter or Space on it) or Ctrl+Enter (Cmd+Enter on a Mac) anywhere in the form does. */}
    <div
      onSubmitCapture={() => drafts.flushAll()}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
        const element = form.current?.formElement.current;
        if (!element || !(event.target instanceof Node) || !element.contains(event.target)) return;
        // Taken before the field sees it, so a date picker confirms what was typed without opening.
        event.preventDefault();
        const button = defaultButton(element);
        // Pressed once the field's own Enter has reached the form's data, as the browser's own submit would be.
        if (button) window.setTimeout(() => button.click(), 0);
      }}
      onKeyDown={(event) => {
        // After the field's own handling (a date picker's confirm, a select's choice): the browser's submit is stopped.
        const target = event.target;
        if (event.key === 'Enter' && target instanceof HTMLInputElement && target.form && !BUTTON_INPUTS.has(target.type)) event.preventDefault();
      }}
    >
    <Form
      ref={form as never}
      className="form-view"
      schema={schema}
      uiSchema={uiSchema}
      formData={formData.current}
      validator={validator}
      widgets={WIDGETS}
      fields={FIELDS}
      templates={TEMPLATES}
      disabled={disabled}
      liveValidate="onBlur"
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError={focusError}
      extraErrors={extraErrors}
      transformErrors={(errors) => translateErrors(errors, t, messages)}
      translateString={(name, params) => (RJSF_STRINGS[name] ? t(RJSF_STRINGS[name]) : englishStringTranslator(name, params))}
      onChange={change}
      // The errors show beside their fields; rjsf would also log them to the console.
      onError={() => undefined}
      onSubmit={(event: IChangeEvent<RecordData>) => {
        sent.current = recordToSend(design, event.formData ?? latest.current);
        onSubmit?.(sent.current);
      }}
    >
      {children ?? <></>}
    </Form>
    </div>
    </SubtableProvider>
    </FieldDraftsProvider>
  );
}
