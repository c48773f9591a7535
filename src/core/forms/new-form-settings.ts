/**
 * What a new form starts with, so its records get a number and a title from the first one
 * on: the default numbering rule and a title field proposed from the design. Both sides use
 * it: the server when a form is created or its design saved, the designer to show it.
 */
import { filterKindOf } from '../contracts/record-query.ts';
import { DEFAULT_FORM_SETTINGS, valueFields, type FieldDesign, type FormDesign, type FormSettings } from './form-design.ts';

/** Day-stamped and restarting daily, like the demo forms' rules, without a prefix only its author can choose: `20261127-0001`. */
export const DEFAULT_NUMBERING_RULE = '{YYYYMMDD}-{####}';

/** Fields whose value reads as a short text: text-like, numbers, dates and single choices. */
export function isTitleCapable(field: FieldDesign): boolean {
  const kind = filterKindOf(field);
  return kind === 'text' || kind === 'number' || kind === 'date' || kind === 'datetime' || kind === 'choice';
}

/** The field records are best titled by: the first single-line text field, else the first field that can be a title. */
export function proposedTitleField(design: FormDesign): string | null {
  const fields = valueFields(design);
  return (fields.find((f) => f.type === 'text') ?? fields.find(isTitleCapable))?.key ?? null;
}

/** The settings of a form just created with this design. */
export function newFormSettings(design: FormDesign): FormSettings {
  return { ...DEFAULT_FORM_SETTINGS, numbering: { rule: DEFAULT_NUMBERING_RULE }, titleField: proposedTitleField(design) };
}

/**
 * The title field after a design change: the one chosen stays; a form without one gets the
 * proposal when its design gains its first candidate. A title cleared on purpose (the design
 * already had a candidate) stays cleared.
 */
export function titleFieldAfter(before: FormDesign, after: FormDesign, settings: FormSettings): string | null {
  if (settings.titleField !== null || proposedTitleField(before) !== null) return settings.titleField;
  return proposedTitleField(after);
}
