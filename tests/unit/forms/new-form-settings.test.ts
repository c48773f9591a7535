import { describe, expect, it } from 'vitest';
import { formSettingsSchema } from '../../../src/core/contracts/form.ts';
import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import type { FieldDesign, FormDesign } from '../../../src/core/forms/form-design.ts';
import { DEFAULT_NUMBERING_RULE, newFormSettings, proposedTitleField, titleFieldAfter } from '../../../src/core/forms/new-form-settings.ts';
import { formatNumber, parseNumberingRule } from '../../../src/core/forms/numbering.ts';
import { createAjv } from '../../../src/core/validation/ajv.ts';
import { settingsProblems } from '../../../src/server/modules/form/settings-check.ts';

const design = (...items: FieldDesign[]): FormDesign => ({ version: 1, items });
const field = (key: string, type: FieldDesign['type'], extra: Partial<FieldDesign> = {}): FieldDesign => ({ key, type, label: key, ...extra });
const VISIT = design(field('photo', 'image'), field('arrival', 'date'), field('visitor', 'text'), field('host', 'text'));

describe('a new form’s settings', () => {
  it('number records by day with a four-digit sequence: 20261127-0001', () => {
    expect(parseNumberingRule(DEFAULT_NUMBERING_RULE)).toMatchObject({ period: 'day' });
    // 27 Nov 2026 18:00 UTC is already the 28th in the UTC+8 calendar numbers count in.
    expect(formatNumber(DEFAULT_NUMBERING_RULE, new Date('2026-11-27T18:00:00Z'), 1)).toBe('20261128-0001');
    expect(formatNumber(DEFAULT_NUMBERING_RULE, new Date('2026-11-27T09:00:00Z'), 12)).toBe('20261127-0012');
  });

  it('pass the settings schema and the checks against their design, as a sent form would', () => {
    const settings = newFormSettings(VISIT);
    expect(settings).toMatchObject({ numbering: { rule: DEFAULT_NUMBERING_RULE }, titleField: 'visitor' });
    expect(createAjv().validate(formSettingsSchema, settings)).toBe(true);
    expect(settingsProblems(VISIT, compileFormDesign(VISIT).schema, settings, new Set())).toEqual([]);
    expect(settingsProblems(design(), compileFormDesign(design()).schema, newFormSettings(design()), new Set())).toEqual([]);
  });

  it('propose the first single-line text field as the title, else the first field that reads as a short text', () => {
    expect(proposedTitleField(VISIT)).toBe('visitor');
    expect(proposedTitleField(design(field('notes', 'textarea'), field('kind', 'select', { options: [{ value: 'a', label: 'A' }] })))).toBe('notes');
    expect(proposedTitleField(design(field('files', 'attachment'), field('when', 'date')))).toBe('when');
    expect(proposedTitleField(design(field('files', 'attachment'), field('ok', 'switch')))).toBeNull();
    // Inside a section too; a sub-table's columns are not record values.
    expect(proposedTitleField({ version: 1, items: [{ key: 's', type: 'section', title: 'S', fields: [field('name', 'text')] }] })).toBe('name');
  });

  it('keep a chosen or cleared title when the design changes, and fill an empty one when the first candidate arrives', () => {
    const none = { ...newFormSettings(design()), titleField: null };
    expect(titleFieldAfter(design(), VISIT, none)).toBe('visitor');
    expect(titleFieldAfter(design(field('files', 'attachment')), design(field('files', 'attachment')), none)).toBeNull();
    expect(titleFieldAfter(VISIT, VISIT, { ...none, titleField: 'host' })).toBe('host');
    // The design already had a candidate and no title: the title was cleared on purpose.
    expect(titleFieldAfter(VISIT, design(...VISIT.items as FieldDesign[], field('badge', 'text')), none)).toBeNull();
  });
});
