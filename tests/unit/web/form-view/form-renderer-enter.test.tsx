// @vitest-environment happy-dom
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileFormDesign } from '../../../../src/core/forms/compile-form-design.ts';
import type { FormDesign, RecordData } from '../../../../src/core/forms/form-design.ts';
import { RECORD_AJV_OPTIONS } from '../../../../src/core/forms/record-validation.ts';
import { FormRenderer } from '../../../../src/web/forms/form-view/form-renderer.tsx';
import type { FormValidator } from '../../../../src/web/forms/validation-runtime.ts';
import { createI18n } from '../../../../src/web/i18n/i18n.ts';
import { fileBackend } from '../../../helpers/locales.ts';
import { stubMatchMedia } from '../../../helpers/render-screen.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  stubMatchMedia();
});
afterEach(cleanup);

const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'visit', type: 'date', label: 'Visit date' },
    { key: 'qty', type: 'number', label: 'Quantity' },
    { key: 'notes', type: 'textarea', label: 'Notes' },
  ],
};

function Screen({ onSubmit }: { onSubmit: (value: RecordData) => void }) {
  const [value, setValue] = useState<RecordData>({ summary: 'Boiler check' });
  const version = { ...compileFormDesign(DESIGN), design: DESIGN } as never;
  const [validator] = useState(() => customizeValidator({ ajvOptionsOverrides: RECORD_AJV_OPTIONS }) as unknown as FormValidator);
  return (
    <FormRenderer version={version} value={value} onChange={setValue} validator={validator} onSubmit={onSubmit}>
      <button type="submit">Submit</button>
      <button type="button">Other</button>
    </FormRenderer>
  );
}

async function draw() {
  const onSubmit = vi.fn();
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Screen onSubmit={onSubmit} />
      </I18nextProvider>,
    );
  });
  await screen.findByDisplayValue('Boiler check');
  return onSubmit;
}

const field = (id: string) => document.getElementById(id)!;
/** Whether the browser's own handling of the key (a form's implicit submission, a new line) goes ahead. */
const keyGoesAhead = (element: Element, init: KeyboardEventInit) => fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', ...init });

describe('Enter in the form renderer', () => {
  it('never submits from a field: a text, number or date input keeps the browser from submitting; a textarea still takes its new line', async () => {
    const onSubmit = await draw();
    for (const id of ['root_summary', 'root_qty', 'root_visit']) {
      expect(field(id).tagName).toBe('INPUT');
      expect(keyGoesAhead(field(id), {}), id).toBe(false);
      expect(keyGoesAhead(field(id), { shiftKey: true }), id).toBe(false);
    }
    expect(keyGoesAhead(field('root_notes'), {}), 'textarea').toBe(true);
    // A button still acts on Enter, the submit button among them.
    expect(keyGoesAhead(screen.getByRole('button', { name: 'Submit' }), {})).toBe(true);
    expect(keyGoesAhead(screen.getByRole('button', { name: 'Other' }), {})).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits with Ctrl+Enter from a field, and Cmd+Enter from the textarea', async () => {
    const onSubmit = await draw();
    expect(keyGoesAhead(field('root_summary'), { ctrlKey: true })).toBe(false);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ summary: 'Boiler check' });
    expect(keyGoesAhead(field('root_notes'), { metaKey: true })).toBe(false);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('submits with the submit button', async () => {
    const onSubmit = await draw();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
