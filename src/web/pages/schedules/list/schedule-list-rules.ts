import type { TFunction } from 'i18next';
import type { WallTime } from '../../../../core/schedule/model.ts';
import { ApiError } from '../../../api/api-error.ts';

/** The files a schedule is read from. */
export type ScheduleFileKind = 'mspdi' | 'xlsx';

/** The kind of a chosen file by its name; null for one the list cannot import. */
export function fileKindOf(fileName: string): ScheduleFileKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xml')) return 'mspdi';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** A new schedule's name from its file: the name without its extension, at most 200 characters. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.(xml|xlsx)$/i, '').trim().slice(0, 200);
}

/** The default name of a copy: "Name (copy)" in the reader's words. */
export function copyName(t: TFunction, name: string): string {
  return t('schedules:list.copyOf', { name }).slice(0, 200);
}

/** A calendar day (YYYY-MM-DD) as the wall minutes of its midnight, as the create call takes it. */
export function wallDayOf(day: string): WallTime {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 60_000);
}

/** Bytes as base64, in slices so a large workbook does not overflow the argument list. */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/**
 * A refused call in the reader's words: the place in the file for a broken one (the sheet,
 * cell or line), the loop or limit for an unsound one, else the server's message.
 */
export function problemText(t: TFunction, failure: unknown): string {
  if (failure instanceof ApiError && failure.data && typeof failure.data === 'object') {
    const { problem, params = {} } = failure.data as { problem?: string; params?: Record<string, unknown> };
    if (problem === 'badCell') {
      const field = typeof params.field === 'string' ? t(`schedules:list.field.${params.field}`, { defaultValue: String(params.field) }) : '';
      return t('schedules:list.problem.badCell', { sheet: params.sheet, cell: `${String(params.column)}${String(params.row)}`, field });
    }
    if (problem === 'badFile') {
      if (typeof params.line === 'number') return t('schedules:list.problem.badXmlAt', { line: params.line, element: params.element ?? '' });
      if (typeof params.sheet === 'string') return t('schedules:list.problem.emptySheet', { sheet: params.sheet });
      return t('schedules:list.problem.badFile');
    }
    if (problem === 'badRange') return t('schedules:list.problem.badRange');
    if (problem === 'loop') return t('schedules:list.problem.loop', { message: failure.message });
    if (problem === 'badModel') return t('schedules:list.problem.badModel', { reason: typeof params.reason === 'string' ? params.reason : failure.message });
  }
  if (failure instanceof ApiError && failure.message) return failure.message;
  return t('schedules:list.failed');
}
