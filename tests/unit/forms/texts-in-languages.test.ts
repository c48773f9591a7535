import { describe, expect, it } from 'vitest';
import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { recordTitle } from '../../../src/core/forms/record-validation.ts';
import { validateFormDesign } from '../../../src/core/forms/validate-form-design.ts';
import type { FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { validateFlowDefinition } from '../../../src/core/flows/validate-flow-definition.ts';
import { uiSchemaInLanguage } from '../../../src/web/forms/form-view/labels-in-language.ts';

/* Option labels and flow step names are stored texts: one string, or the text per language. */

const APPROVED = { en: 'Approved', 'zh-CN': '已批准', ar: 'معتمد' };

const design = (label: unknown): FormDesign =>
  ({
    version: 1,
    items: [
      {
        key: 'outcome',
        type: 'select',
        label: { en: 'Outcome', 'zh-CN': '结果', ar: 'النتيجة' },
        options: [
          { value: 'approved', label },
          { value: 'open', label: 'Open' },
        ],
      },
    ],
  }) as FormDesign;

const flow = (name: unknown): FlowDefinition =>
  ({
    version: 1,
    nodes: [
      { id: 'review', type: 'approval', name, assignees: [{ kind: 'manager' }], mode: 'any' },
      {
        id: 'byOutcome',
        type: 'branch',
        name: 'By outcome',
        branches: [
          { id: 'approved', name: { en: 'Approved', 'zh-CN': '已批准' }, condition: { all: [{ field: 'outcome', op: 'eq', value: 'approved' }] }, nodes: [] },
          { id: 'otherwise', name: { en: 'Otherwise', ar: 'خلاف ذلك' }, condition: null, nodes: [] },
        ],
      },
    ],
  }) as FlowDefinition;

describe('option labels in several languages', () => {
  it('are accepted by the design rules, as a plain label is', () => {
    expect(validateFormDesign(design(APPROVED))).toEqual([]);
    expect(validateFormDesign(design('Approved'))).toEqual([]);
  });

  it('are refused when a language is blank or unknown', () => {
    expect(validateFormDesign(design({ en: 'Approved', ar: '  ' })).map((p) => p.path)).toContain('items[0].options[0].label');
    expect(validateFormDesign(design({ fr: 'Approuvé' })).map((p) => p.path)).toContain('items[0].options[0].label');
  });

  it('read in the reader\'s language on the fill screen, in English in the compiled form', () => {
    const compiled = compileFormDesign(design(APPROVED));
    const ui = compiled.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.outcome!['ui:enumNames']).toEqual(['Approved', 'Open']);
    const arabic = uiSchemaInLanguage(compiled.uiSchema, design(APPROVED), 'ar') as Record<string, Record<string, unknown>>;
    expect(arabic.outcome!['ui:enumNames']).toEqual(['معتمد', 'Open']);
    expect(arabic.outcome!['ui:title']).toBe('النتيجة');
  });

  it('name a record by its English label when the choice is its title', () => {
    expect(recordTitle(design(APPROVED), { titleField: 'outcome' } as never, { outcome: 'approved' })).toBe('Approved');
  });
});

describe('flow step and branch names in several languages', () => {
  const form = design('Approved');

  it('are accepted by the flow rules, as a plain name is', () => {
    expect(validateFlowDefinition(flow({ en: 'Manager review', 'zh-CN': '经理审核' }), form)).toEqual([]);
    expect(validateFlowDefinition(flow('Manager review'), form)).toEqual([]);
  });

  it('are refused when a language is blank or the text has none', () => {
    expect(validateFlowDefinition(flow({ en: ' ' }), form).map((p) => p.path)).toContain('nodes[0].name');
    expect(validateFlowDefinition(flow({}), form).map((p) => p.path)).toContain('nodes[0].name');
  });
});
