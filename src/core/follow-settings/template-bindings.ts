import { FIELD_TYPES, isSection, type ChoiceOption, type FieldDesign, type FormDesign } from '../forms/form-design.ts';
import { TEXT_LANGUAGES, textIn, type LocalText } from '../local-text.ts';
import { problem, type Problem } from '../validation/problems.ts';

/**
 * A data template's choice fields bound to a workspace list: publishing gives each the list's
 * options offered at that moment (value = the option's code, label = its label under the labels
 * above it), so follow-ups store codes the list knows. Shared by the server (save, publish) and
 * the template screen (which fields may be bound, whether the published options are behind).
 */

/** An option as a bound field offers it. */
export interface OfferedOption {
  code: string;
  label: LocalText;
  /** Labels of the options above it, top first. */
  path: LocalText[];
}

/** Fields that may be bound: top-level choices (select, multiselect, radio, checkbox). */
export const bindableFields = (design: FormDesign): FieldDesign[] =>
  design.items.flatMap((item) => (isSection(item) ? item.fields : [item])).filter((field) => FIELD_TYPES[field.type].choice === true);

/** Why bindings do not fit the design or the workspace's lists; [] when they do. Paths under `bindings.`. */
export function bindingProblems(design: FormDesign, bindings: Readonly<Record<string, string>>, sourceKeys: ReadonlySet<string>): Problem[] {
  const fields = new Set(bindableFields(design).map((f) => f.key));
  return Object.entries(bindings).flatMap(([key, source]) => [
    ...(fields.has(key) ? [] : [problem(`bindings.${key}`, 'notChoiceField', { key }, `${key} is not a choice field of the template`)]),
    ...(sourceKeys.has(source) ? [] : [problem(`bindings.${key}`, 'unknownSource', { source }, `"${source}" is not a data source of this workspace`)]),
  ]);
}

/** A choice label's longest text (form designs' label line). */
export const CHOICE_LABEL_MAX = 120;
/** Options a choice field may offer (form designs' limit). */
export const CHOICE_OPTIONS_MAX = 500;

/**
 * "Tower 1 › Level 2" in each language the parts have; one string when every part is one. An
 * option too deep for one label line is named by its own label.
 */
export function pathLabel(option: Pick<OfferedOption, 'label' | 'path'>): LocalText {
  const parts = [...option.path, option.label];
  const joined: LocalText = parts.every((part) => typeof part === 'string')
    ? parts.join(' › ')
    : Object.fromEntries(
        TEXT_LANGUAGES.filter((lng) => parts.some((part) => typeof part !== 'string' && part[lng]?.trim())).map((lng) => [lng, parts.map((part) => textIn(part, lng)).join(' › ')]),
      );
  const tooLong = typeof joined === 'string' ? joined.length > CHOICE_LABEL_MAX : Object.values(joined).some((text) => text.length > CHOICE_LABEL_MAX);
  return tooLong ? option.label : joined;
}

/** Bound fields whose list offers no option, or more than a choice field holds: `{ field, source, count }`. */
export function unfitLists(bindings: Readonly<Record<string, string>>, offered: ReadonlyMap<string, readonly OfferedOption[]>) {
  return Object.entries(bindings).flatMap(([field, source]) => {
    const count = offered.get(source)?.length ?? 0;
    return count === 0 || count > CHOICE_OPTIONS_MAX ? [{ field, source, count }] : [];
  });
}

const choicesOf = (options: readonly OfferedOption[]): ChoiceOption[] => options.map((o) => ({ value: o.code, label: pathLabel(o) }));

/** The design with each bound field's options taken from its list. */
export function withBoundOptions(design: FormDesign, bindings: Readonly<Record<string, string>>, offered: ReadonlyMap<string, readonly OfferedOption[]>): FormDesign {
  const fill = (field: FieldDesign): FieldDesign => {
    const source = bindings[field.key];
    const options = source === undefined ? undefined : offered.get(source);
    return options && FIELD_TYPES[field.type].choice ? { ...field, options: choicesOf(options) } : field;
  };
  return { ...design, items: design.items.map((item) => (isSection(item) ? { ...item, fields: item.fields.map(fill) } : fill(item))) };
}

/** JSON with object keys sorted: stored designs may come back with their keys reordered (jsonb). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether a bound field of the design offers other options than its list does now. */
export function boundOptionsBehind(design: FormDesign, bindings: Readonly<Record<string, string>>, offered: ReadonlyMap<string, readonly OfferedOption[]>): boolean {
  const now = withBoundOptions(design, bindings, offered);
  const before = bindableFields(design);
  return bindableFields(now).some((field, i) => canonical(field.options ?? []) !== canonical(before[i]?.options ?? []));
}
