import { formDesignValidator } from 'virtual:plinth/form-design-validator';
import { describe, expect, it } from 'vitest';
import { checkFormDesign } from '../../../../src/core/forms/form-design-problems.ts';
import type { FormDesign, SectionDesign } from '../../../../src/core/forms/form-design.ts';
import { validateFormDesign } from '../../../../src/core/forms/validate-form-design.ts';
import { UNDO_LIMIT } from '../../../../src/web/ui/edit-history.ts';
import { DesignStore, itemKeyOfPath, nextFieldKey } from '../../../../src/web/pages/form-designer/design-store.ts';

const empty = (): FormDesign => ({ version: 1, items: [] });
const browserCheck = (design: FormDesign) => checkFormDesign(design, formDesignValidator);
const keys = (store: DesignStore) => store.design.items.map((i) => i.key);

describe('form designer store', () => {
  it('adds fields with the first free key of their type and selects each', () => {
    const store = new DesignStore(empty(), browserCheck);
    expect(store.addField('text', 'Text')).toBe('text1');
    expect(store.addField('text', 'Text')).toBe('text2');
    expect(store.addField('number', 'Number')).toBe('number1');
    expect(keys(store)).toEqual(['text1', 'text2', 'number1']);
    expect(store.selected).toBe('number1');
    store.remove('text1');
    expect(store.addField('text', 'Text', { section: null, index: 0 })).toBe('text1');
    expect(keys(store)).toEqual(['text1', 'text2', 'number1']);
    expect(nextFieldKey('select', new Set(['select1', 'select3']))).toBe('select2');
  });

  it('gives choice fields options; a sub-table without columns and a computed field without a formula are problems until fixed', () => {
    const store = new DesignStore(empty(), browserCheck);
    store.addField('select', 'Priority');
    store.addField('subtable', 'Items');
    const select = store.find('select1')!.item;
    expect(select).toMatchObject({ options: [{ value: 'option1' }, { value: 'option2' }, { value: 'option3' }] });
    expect(store.problems.map((p) => [p.itemKey, p.path])).toEqual([['subtable1', 'items[1].fields']]);
    store.update('subtable1', { fields: [{ key: 'amount', type: 'money', label: 'Amount' }] });
    expect(store.problems).toEqual([]);
    store.addField('computed', 'Total');
    expect(store.problems.map((p) => p.itemKey)).toContain('computed1');
    store.update('computed1', { formula: 'number1 * 2' });
    expect(store.problems.map((p) => p.message).join()).toContain('number1 is not a field of this form');
    store.addField('number', 'Quantity', { section: null, index: 0 });
    expect(store.problems).toEqual([]);
    // The browser's check (generated meta-schema code) and the server's (ajv at run time) agree.
    expect(validateFormDesign(store.design)).toEqual([]);
  });

  it('moves fields within the form, into a section and out again; sections stay at the top level', () => {
    const store = new DesignStore(empty(), browserCheck);
    store.addField('text', 'A');
    store.addField('text', 'B');
    store.addField('text', 'C');
    store.move('text3', { section: null, index: 0 });
    expect(keys(store)).toEqual(['text3', 'text1', 'text2']);
    store.move('text3', { section: null, index: 2 });
    expect(keys(store)).toEqual(['text1', 'text2', 'text3']);
    const section = store.addSection('Site');
    store.move('text2', { section });
    store.move('text1', { section, index: 0 });
    expect(keys(store)).toEqual(['text3', 'section1']);
    expect((store.find(section)!.item as SectionDesign).fields.map((f) => f.key)).toEqual(['text1', 'text2']);
    expect(store.find('text2')!.section?.key).toBe(section);
    store.addSection('Other');
    store.move('section1', { section: 'section2' });
    expect(keys(store)).toEqual(['text3', 'section1', 'section2']);
    store.move('text1', { section: null });
    expect(keys(store)).toEqual(['text3', 'section1', 'section2', 'text1']);
    // A key taken inside a section is taken for new fields too.
    expect(store.addField('text', 'D')).toBe('text4');
  });

  it('removes the selected item and forgets the selection', () => {
    const store = new DesignStore(empty(), browserCheck);
    store.addField('date', 'Due');
    store.remove('date1');
    expect(store.design.items).toEqual([]);
    expect(store.selected).toBeNull();
  });

  it('follows a renamed key with the selection and names problems by item', () => {
    const store = new DesignStore(empty(), browserCheck);
    store.addField('text', 'Name');
    store.update('text1', { key: 'tenantName' });
    expect(store.selected).toBe('tenantName');
    store.update('tenantName', { key: 'Bad key' });
    expect(store.problems[0]).toMatchObject({ path: 'items[0].key', itemKey: 'Bad key' });
    expect(itemKeyOfPath(store.design, 'items[3].label')).toBeNull();
  });

  it('undoes and redoes edits; typing into one property is one step', () => {
    const store = new DesignStore(empty(), browserCheck);
    store.addField('text', 'T');
    for (const label of ['N', 'Na', 'Nam', 'Name']) store.update('text1', { label });
    store.update('text1', { required: true });
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.find('text1')!.item).toMatchObject({ label: 'Name' });
    expect(store.find('text1')!.item).not.toHaveProperty('required');
    store.undo();
    expect(store.find('text1')!.item).toMatchObject({ label: 'T' });
    store.undo();
    expect(store.design.items).toEqual([]);
    expect(store.selected).toBeNull();
    expect(store.canUndo).toBe(false);
    store.redo();
    store.redo();
    expect(store.find('text1')!.item).toMatchObject({ label: 'Name' });
    store.addField('switch', 'On');
    expect(store.canRedo).toBe(false);
  });

  it('keeps at most UNDO_LIMIT steps and is clean again once saved', () => {
    const store = new DesignStore(empty(), browserCheck);
    for (let i = 0; i < UNDO_LIMIT + 5; i++) store.addField('text', 'T');
    let steps = 0;
    while (store.canUndo) {
      store.undo();
      steps++;
    }
    expect(steps).toBe(UNDO_LIMIT);
    expect(store.design.items).toHaveLength(5);
    store.markSaved();
    expect(store.dirty).toBe(false);
    store.update('text1', { placeholder: undefined, label: 'Renamed' });
    expect(store.dirty).toBe(true);
    expect(store.find('text1')!.item).not.toHaveProperty('placeholder');
  });
});
