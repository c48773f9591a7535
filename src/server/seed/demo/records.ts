import { datePartsAt, formatIsoDate, addDays as addCalendarDays, DEFAULT_UTC_OFFSET_MINUTES } from '../../../core/forms/calendar.ts';
import { fieldPrecision } from '../../../core/forms/compile-form-design.ts';
import { valueFields, type FieldDesign, type FormDesign, type RecordData } from '../../../core/forms/form-design.ts';
import { textIn } from '../../../core/local-text.ts';
import { isNationalIdNumber } from '../../../core/validation/formats.ts';
import type { SeededRandom } from './random.ts';
import type { AddressValue } from '../../modules/record/directory.ts';

/**
 * Plausible values for a demo record, field by field, from the hints of a seed form file
 * (`demo`: sample texts, number ranges, day offsets, regions, chances). Deterministic for a
 * given random source. The record then goes through prepareRecord like any other, which
 * drops the values of hidden fields and computes the computed ones.
 */

export interface DemoHints {
  records: number;
  workspaces?: string[];
  creators?: string[];
  text?: Record<string, string[]>;
  numbers?: Record<string, [number, number]>;
  atMost?: Record<string, string>;
  days?: Record<string, [number, number]>;
  addresses?: string[];
  chance?: Record<string, number>;
  rows?: [number, number];
  statuses?: Partial<Record<'approved' | 'rejected' | 'withdrawn' | 'running', number>>;
}

export interface DemoContext {
  random: SeededRandom;
  hints: DemoHints;
  /** When the record is created. */
  at: Date;
  memberIds: number[];
  departmentIds: number[];
  /** Region code -> address value (from the address table). */
  address(code: string): AddressValue | null;
}

const OPTIONAL_CHANCE = 0.85;
const SWITCH_CHANCE = 0.5;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function digits(ctx: DemoContext, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += String(ctx.random.int(0, 9));
  return text;
}

/** A national id number with a valid birth date and check digit (GB 11643). */
function nationalId(ctx: DemoContext): string {
  const region = ctx.random.pick(ctx.hints.addresses ?? ['440305', '310115', '110105']);
  const year = ctx.random.int(1962, 2001);
  const body = `${region}${year}${pad(ctx.random.int(1, 12))}${pad(ctx.random.int(1, 28))}${digits(ctx, 3)}`;
  const sum = [...body].reduce((total, c, i) => total + Number(c) * ID_WEIGHTS[i]!, 0);
  const id = `${body}${'10X98765432'[sum % 11]}`;
  if (!isNationalIdNumber(id)) throw new Error(`demo id number ${id} is invalid`);
  return id;
}

/** A day in the tenant's calendar, `days` from the record's creation day. */
function dayFrom(ctx: DemoContext, days: number): string {
  return formatIsoDate(addCalendarDays(datePartsAt(ctx.at), days));
}

/** An ISO date-time with the tenant's offset, `days` after creation (0: the creation time itself). */
function dateTimeFrom(ctx: DemoContext, days: number): string {
  const offset = DEFAULT_UTC_OFFSET_MINUTES * 60_000;
  const local = new Date(ctx.at.getTime() + days * 86_400_000 + offset - (days ? ctx.random.int(0, 6) * 3_600_000 : 0));
  const sign = DEFAULT_UTC_OFFSET_MINUTES < 0 ? '-' : '+';
  const minutes = Math.abs(DEFAULT_UTC_OFFSET_MINUTES);
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function numberIn(ctx: DemoContext, field: FieldDesign, path: string): number {
  const [min, max] = ctx.hints.numbers?.[path] ?? [field.rules?.min ?? 0, field.rules?.max ?? (field.type === 'percentage' ? 100 : 1000)];
  const precision = fieldPrecision(field) ?? 0;
  const factor = 10 ** precision;
  return Math.round(ctx.random.between(min, max) * factor) / factor;
}

const EMAIL_NAMES = ['service', 'contact', 'office', 'ops', 'leasing', 'site', 'li.wei', 'zhang.min', 'chen.jie', 'sarah.kim'];
const EMAIL_DOMAINS = ['mail.example', 'corp.example', 'northwind.example', 'harbor.example'];
const AREA_CODES = ['010', '020', '021', '0755', '0571', '028'];

function pickSome<T>(ctx: DemoContext, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const count = Math.min(pool.length, ctx.random.int(min, max));
  const chosen: T[] = [];
  for (let i = 0; i < count; i++) chosen.push(pool.splice(ctx.random.int(0, pool.length - 1), 1)[0]!);
  return chosen;
}

/** A value for the field, or undefined to leave it empty. `path` is `key` or `table.column`. */
function valueFor(ctx: DemoContext, field: FieldDesign, path: string): unknown {
  const { random, hints } = ctx;
  const texts = hints.text?.[path];
  switch (field.type) {
    case 'text':
    case 'textarea':
      return texts ? random.pick(texts) : `${textIn(field.label, 'en')} ${random.int(1, 999)}`;
    case 'number':
    case 'money':
    case 'percentage':
      return numberIn(ctx, field, path);
    case 'date': {
      const [from, to] = hints.days?.[path] ?? [0, 30];
      return dayFrom(ctx, random.int(from, to));
    }
    case 'datetime': {
      const [from, to] = hints.days?.[path] ?? [0, 0];
      return dateTimeFrom(ctx, random.int(from, to));
    }
    case 'select':
    case 'radio':
      return random.pick(field.options ?? []).value;
    case 'multiselect':
    case 'checkbox':
      return pickSome(ctx, (field.options ?? []).map((o) => o.value), Math.max(1, field.rules?.minItems ?? 1), Math.min(3, field.rules?.maxItems ?? 3));
    case 'switch':
      return random.next() < (hints.chance?.[path] ?? SWITCH_CHANCE);
    case 'address':
      return hints.addresses?.length ? (ctx.address(random.pick(hints.addresses)) ?? undefined) : undefined;
    case 'mobile':
      return `1${random.pick(['3', '5', '7', '8', '9'])}${digits(ctx, 9)}`;
    case 'email':
      return `${random.pick(EMAIL_NAMES)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`;
    case 'idNumber':
      return nationalId(ctx);
    case 'landline':
      return `${random.pick(AREA_CODES)}-${random.int(2, 8)}${digits(ctx, 7)}`;
    case 'postalCode':
      return `${random.int(1, 8)}${digits(ctx, 5)}`;
    case 'member':
      if (!ctx.memberIds.length) return undefined;
      return field.multiple ? pickSome(ctx, ctx.memberIds, 1, 2) : random.pick(ctx.memberIds);
    case 'department':
      if (!ctx.departmentIds.length) return undefined;
      return field.multiple ? pickSome(ctx, ctx.departmentIds, 1, 2) : random.pick(ctx.departmentIds);
    default:
      // Files (nothing in the file store), linked records, computed values and descriptions stay empty.
      return undefined;
  }
}

/** Fields decided by another field's value always get one (prepareRecord drops it when hidden). */
const alwaysFilled = (field: FieldDesign) => field.required === true || field.requiredIf !== undefined;

function fill(ctx: DemoContext, fields: FieldDesign[], prefix: string): RecordData {
  const data: RecordData = {};
  for (const field of fields) {
    const path = `${prefix}${field.key}`;
    if (field.type === 'subtable') {
      const [min, max] = ctx.hints.rows ?? [0, 3];
      const floor = Math.max(min, field.rules?.minItems ?? 0, field.required ? 1 : 0);
      const count = ctx.random.int(floor, Math.max(floor, max));
      if (count) data[field.key] = Array.from({ length: count }, () => fill(ctx, field.fields ?? [], `${field.key}.`));
      continue;
    }
    const chance = field.type === 'switch' ? 1 : (ctx.hints.chance?.[path] ?? OPTIONAL_CHANCE);
    if (!alwaysFilled(field) && ctx.random.next() >= chance) continue;
    const value = valueFor(ctx, field, path);
    if (value !== undefined) data[field.key] = value;
  }
  for (const [key, cap] of Object.entries(ctx.hints.atMost ?? {})) {
    const [table, column] = key.includes('.') ? key.split('.') : [null, key];
    if (table === null && typeof data[column] === 'number' && typeof data[cap] === 'number') {
      data[column] = Math.min(data[column], data[cap]);
    }
  }
  return data;
}

/** The data of one demo record of the design. */
export function demoRecordData(design: FormDesign, ctx: DemoContext): RecordData {
  return fill(ctx, valueFields(design), '');
}
