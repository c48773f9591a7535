import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/web/api/api-error.ts';
import { base64Of, copyName, fileKindOf, nameFromFile, problemText, wallDayOf } from '../../../../src/web/pages/schedules/list/schedule-list-rules.ts';

const words = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/schedules.json`, 'utf8')) as Record<string, unknown>;
const refused = (problem: string, params: Record<string, unknown>, message = 'English for logs') =>
  new ApiError(message, 'http', 400, 400, { problem, params });

describe('schedule list rules', () => {
  const t = i18next.createInstance();
  beforeAll(async () => {
    await t.init({ lng: 'en', ns: ['schedules'], resources: { en: { schedules: words('en') }, ar: { schedules: words('ar') } }, interpolation: { escapeValue: false } });
  });

  it('knows a file by its extension and names the schedule after it', () => {
    expect(fileKindOf('Tower.XML')).toBe('mspdi');
    expect(fileKindOf('tasks.xlsx')).toBe('xlsx');
    expect(fileKindOf('tasks.xls')).toBeNull();
    expect(nameFromFile(' Tower phase 2.xlsx')).toBe('Tower phase 2');
    expect(nameFromFile(`${'a'.repeat(300)}.xml`)).toHaveLength(200);
  });

  it('starts a schedule on the chosen calendar day and copies under a worded name', () => {
    expect(wallDayOf('2027-03-01')).toBe(Date.UTC(2027, 2, 1) / 60_000);
    expect(copyName(t.t, 'Tower')).toBe('Tower (copy)');
  });

  it('sends a workbook as the base64 of its bytes, however large', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('words where a file breaks in the reader’s language', async () => {
    const cell = refused('badCell', { sheet: 'Programme', row: 4, column: 'E', field: 'duration' });
    expect(problemText(t.t, cell)).toBe('Sheet “Programme”, cell E4: the duration cannot be read.');
    expect(problemText(t.t, refused('badFile', { line: 12, element: 'Task' }))).toContain('line 12');
    expect(problemText(t.t, refused('badFile', {}))).toBe('The file is not an Excel workbook (.xlsx).');
    expect(problemText(t.t, new ApiError('Workspace not found', 'http', 404, 404))).toBe('Workspace not found');
    await t.changeLanguage('ar');
    expect(problemText(t.t, cell)).toContain('E4');
    expect(problemText(t.t, cell)).toContain('المدة');
  });
});
