// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageConfig, WidgetConfig } from '../../../src/core/pages/page-config.ts';
import { widgetReferenceProblems } from '../../../src/core/pages/widget-refs.ts';
import { validatePageConfig, widgetRefs } from '../../../src/server/modules/page/widget-schemas.ts';
import { ApiError } from '../../../src/web/api/api-error.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import { PageFilterStore } from '../../../src/web/renderer/page-filter-store.ts';
import { checkWidgetProps } from '../../../src/web/renderer/widget-props.ts';
import type { RootStore } from '../../../src/web/stores/root-store.ts';
import FormSettings from '../../../widgets/form/form-settings.tsx';
import FormWidget, { type FormWidgetProps } from '../../../widgets/form/form-widget.tsx';
import { widgetRegistry } from '../../../widgets/registry.ts';
import { fileBackend } from '../../helpers/locales.ts';
import { renderScreen, stubMatchMedia } from '../../helpers/render-screen.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  stubMatchMedia();
});
afterEach(cleanup);

const form = widgetRegistry.definition('form')!;
const widget = (props: Record<string, unknown>): WidgetConfig => ({ id: 'visitors', type: 'form', grid: { x: 0, y: 0, w: 12, h: 10 }, props });
const page = (...widgets: WidgetConfig[]): PageConfig => ({ title: 'Visitor desk', widgets });

describe('form widget config', () => {
  it('names a form, is filled in unless it lists the records, ten a page', () => {
    expect(checkWidgetProps(form.propsSchema, { form: 7 })).toEqual({ ok: true, props: { form: 7, show: 'fill', pageSize: 10 } });
    expect(checkWidgetProps(form.propsSchema, { form: 7, show: 'records', pageSize: 50 })).toEqual({ ok: true, props: { form: 7, show: 'records', pageSize: 50 } });
    expect(checkWidgetProps(form.propsSchema, {})).toEqual({ ok: false, problems: [{ path: 'props.form', message: 'is required' }] });
    expect(checkWidgetProps(form.propsSchema, { form: '7', show: 'list', pageSize: 7, columns: [] })).toEqual({
      ok: false,
      problems: [
        { path: 'props.columns', message: 'is not an allowed property' },
        { path: 'props.form', message: 'must be integer' },
        { path: 'props.show', message: 'must be one of "fill", "records"' },
        { path: 'props.pageSize', message: 'must be one of 10, 20, 50, 100' },
      ],
    });
  });

  it('takes no data query and names a form, which the server checks the page may show', () => {
    expect(form.data).toEqual({ query: 'none', maxDimensions: 2, refs: { form: 'form' } });
    expect(widgetRefs().form).toEqual({ form: 'form' });
    const config = page(widget({ form: 7 }), widget({ form: 8, show: 'records' }));
    config.widgets[1]!.id = 'list';
    expect(validatePageConfig(config)).toEqual([]);
    // A page's datasets hold the published forms' records; a public website's never do.
    expect(widgetReferenceProblems(config, widgetRefs(), new Set(['form_7', 'form_8']))).toEqual([]);
    expect(widgetReferenceProblems(config, widgetRefs(), new Set(['form_7', 'work_orders']))).toEqual([
      { path: 'widgets[1].props.form', key: 'notShowableForm', params: {}, message: '8 is not a published form this page may show' },
    ]);
  });

  it('starts on the plate’s form, else with the form still to choose', () => {
    const source = (code: string) => ({ code, name: code, rowCount: 3, fields: [] });
    expect(form.scaffold({ kind: 'form', title: 'Form', dataset: source('form_7') })).toEqual({ props: { form: 7 } });
    expect(form.scaffold({ kind: 'form', title: 'Form', dataset: source('work_orders') })).toEqual({ props: {} });
  });
});

/** Stores whose http answers form/options with `options` (a function may throw). */
function storesAnswering(options: () => Promise<unknown>) {
  const get = vi.fn((path: string) => (path.endsWith('/form/options') ? options() : Promise.reject(new Error(`unexpected ${path}`))));
  const post = vi.fn(() => Promise.resolve([]));
  return { user: { signedIn: true, token: 't' }, api: { http: { get, post } }, uploadTracked: vi.fn(), refreshAccess: vi.fn(), accessVersion: 0 } as unknown as RootStore;
}

async function drawForm(stores: RootStore, props: Partial<FormWidgetProps> = {}) {
  const filters = new PageFilterStore([], async () => ({ values: [] }));
  const all: FormWidgetProps = { form: 7, show: 'fill', pageSize: 10, ...props };
  await renderScreen(<FormWidget widget={widget(all as never)} props={all} data={{ status: 'none' }} fetchData={() => Promise.reject(new Error('no data'))} filters={filters} />, { i18n, stores });
}

describe('form widget states', () => {
  it('says the reader may not see a form the server refuses them', async () => {
    await drawForm(storesAnswering(() => Promise.reject(new ApiError('No access', 'http', 403, 403))), { show: 'records' });
    expect((await screen.findByText('You may not see this form')).closest('[role="note"]')).not.toBeNull();
  });

  it('says so too for a form not among theirs', async () => {
    await drawForm(storesAnswering(() => Promise.resolve([{ id: 3, name: 'Other', icon: null, currentVersion: 1, workspaceCode: null }])));
    await screen.findByText('You may not see this form');
  });

  it('offers a retry when the form could not be loaded', async () => {
    const options = vi.fn().mockRejectedValueOnce(new ApiError('Server busy', 'http', 503, 503)).mockResolvedValue([]);
    await drawForm(storesAnswering(options));
    await screen.findByText('Server busy');
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await screen.findByText('You may not see this form');
    expect(options).toHaveBeenCalledTimes(2);
  });

  it('asks an anonymous reader to sign in, and calls nothing', async () => {
    const stores = storesAnswering(() => Promise.resolve([]));
    (stores as unknown as { user: { signedIn: boolean } }).user.signedIn = false;
    await drawForm(stores);
    await screen.findByText('Sign in to use this form');
    expect((stores.api.http.get as ReturnType<typeof vi.fn>).mock.calls).toEqual([]);
  });
});

describe('form widget settings', () => {
  it('offer the published forms among the plate’s sources, and the choice of filling in or listing', () => {
    const setProps = vi.fn();
    const sources = [
      { code: 'form_7', name: 'Visitor log', rowCount: 3, fields: [] },
      { code: 'work_orders', name: 'Work orders', rowCount: 9, fields: [] },
    ];
    const plate = { filters: [], setFilters: vi.fn(), datasets: sources, usedDatasets: [] };
    render(
      <I18nextProvider i18n={i18n}>
        <FormSettings widget={widget({ form: 7 })} props={{ form: 7 }} setProps={setProps} onChange={vi.fn()} plate={plate} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('form-widget-form').textContent).toContain('Visitor log');
    expect(screen.queryByText('Records per page')).toBeNull();
    fireEvent.click(screen.getByText('Its records'));
    expect(setProps).toHaveBeenCalledWith({ show: 'records', pageSize: undefined });
  });
});
