import { isSection, type FieldDesign, type FormDesign } from '../../../core/forms/form-design.ts';
import { textIn, type LocalText } from '../../../core/local-text.ts';

type Ui = Record<string, unknown>;

/**
 * A compiled form's uiSchema with the field labels, option labels and section titles in the reader's
 * language, as `ui:title` (which rjsf shows over the schema's title). The JSON Schema keeps
 * its one-string titles (the English labels, src/core/forms/compile-form-design.ts): the
 * precompiled validator belongs to that very schema.
 */
export function uiSchemaInLanguage(uiSchema: Ui, design: FormDesign, lng: string): Ui {
  const titled = (ui: Ui, fields: readonly FieldDesign[]): Ui => {
    const next = { ...ui };
    for (const field of fields) {
      const own: Ui = { ...((next[field.key] as Ui | undefined) ?? {}), 'ui:title': textIn(field.label, lng) || field.key };
      if (field.options) own['ui:enumNames'] = field.options.map((option) => textIn(option.label, lng) || option.value);
      if (field.type === 'subtable') own.items = titled((own.items as Ui | undefined) ?? {}, field.fields ?? []);
      next[field.key] = own;
    }
    return next;
  };
  const next = titled(uiSchema, design.items.flatMap((item) => (isSection(item) ? item.fields : [item])));
  const options = uiSchema['ui:options'] as { sections?: { title: LocalText }[] } | undefined;
  if (options?.sections) {
    next['ui:options'] = { ...options, sections: options.sections.map((section) => ({ ...section, title: textIn(section.title, lng) })) };
  }
  return next;
}
