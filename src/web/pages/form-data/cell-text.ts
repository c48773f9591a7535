import { fieldPrecision } from '../../../core/forms/compile-form-design.ts';
import type { FieldDesign } from '../../../core/forms/form-design.ts';
import { formatServerDate } from '../../../core/format.ts';
import { valueText } from '../../../core/value-text.ts';
import { textIn } from '../../../core/local-text.ts';

/** What a cell needs to turn ids and codes into words. */
export interface CellContext {
  language: string;
  yes: string;
  no: string;
  rows: (count: number) => string;
  memberName: (id: number) => string | undefined;
  departmentName: (id: number) => string | undefined;
  regionName: (code: string) => string | undefined;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

function numberText(field: FieldDesign, value: number, language: string): string {
  const digits = fieldPrecision(field);
  const options: Intl.NumberFormatOptions = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (field.type === 'money') return new Intl.NumberFormat(language, { ...options, style: 'currency', currency: field.currency ?? 'CNY' }).format(value);
  const text = new Intl.NumberFormat(language, options).format(value);
  return field.type === 'percentage' ? `${text}%` : text;
}

const optionLabel = (field: FieldDesign, value: unknown, language: string) => {
  const option = field.options?.find((each) => each.value === value);
  return option ? textIn(option.label, language) || option.value : String(value);
};

/** A record value as the list shows it: labels for choices, names for people and regions, numbers and dates in the user's language. */
export function cellText(field: FieldDesign, value: unknown, context: CellContext): string {
  if (value === undefined || value === null || value === '') return '';
  switch (field.type) {
    case 'number':
    case 'money':
    case 'percentage':
      return typeof value === 'number' ? numberText(field, value, context.language) : valueText(value);
    case 'date':
    case 'datetime':
      return typeof value === 'string' ? formatServerDate(value, context.language) : valueText(value);
    case 'select':
    case 'radio':
    case 'multiselect':
    case 'checkbox':
      return list(value).map((each) => optionLabel(field, each, context.language)).join(', ');
    case 'switch':
      return value === true ? context.yes : context.no;
    case 'member':
      return list(value).map((id) => context.memberName(Number(id)) ?? `#${String(id)}`).join(', ');
    case 'department':
      return list(value).map((id) => context.departmentName(Number(id)) ?? `#${String(id)}`).join(', ');
    case 'address': {
      const address = value as { province?: string; city?: string; district?: string };
      return [address.province, address.city, address.district]
        .filter((code): code is string => typeof code === 'string')
        .map((code) => context.regionName(code) ?? code)
        .join(' / ');
    }
    case 'attachment':
    case 'image':
      return list(value).map((file) => (file as { name?: string }).name ?? '').join(', ');
    case 'linkedRecord':
      return list(value).map((entry) => (entry as { title?: string }).title ?? '').join(', ');
    case 'subtable':
      return context.rows(list(value).length);
    case 'computed':
      if (typeof value === 'number') return numberText(field, value, context.language);
      if (typeof value === 'boolean') return value ? context.yes : context.no;
      return field.resultType === 'date' && typeof value === 'string' ? formatServerDate(value, context.language) : valueText(value);
    default:
      return valueText(value);
  }
}
