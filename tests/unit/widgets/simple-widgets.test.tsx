// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetConfig } from '../../../src/core/pages/page-config.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import { PageFilterStore } from '../../../src/web/renderer/page-filter-store.ts';
import { checkWidgetProps } from '../../../src/web/renderer/widget-props.ts';
import IframeWidget from '../../../widgets/iframe/iframe-widget.tsx';
import ImageWidget from '../../../widgets/image/image-widget.tsx';
import KpiWidget from '../../../widgets/kpi/kpi-widget.tsx';
import { widgetRegistry } from '../../../widgets/registry.ts';
import { cellText, resolveColumns } from '../../../widgets/table/table-columns.ts';
import type { ResultColumn } from '../../../src/core/query/query-spec.ts';
import type { ValueWords } from '../../../src/core/value-format.ts';
import type { WidgetDataState, WidgetRenderProps } from '../../../widgets/types.ts';
import { fileBackend } from '../../helpers/locales.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
});
afterEach(cleanup);

const schemaOf = (type: string) => widgetRegistry.definition(type)!.propsSchema;

const filters = new PageFilterStore([], async () => ({ values: [] }));
const noFetch = () => Promise.reject(new Error('not used'));

/** Draws a widget the way the renderer does: props checked against its schema, defaults filled in. */
function draw<P>(type: string, Widget: ComponentType<WidgetRenderProps<P>>, props: Record<string, unknown>, data: WidgetDataState = { status: 'none' }, query?: WidgetConfig['data']) {
  const check = checkWidgetProps(schemaOf(type), props);
  if (!check.ok) throw new Error(JSON.stringify(check.problems));
  const widget: WidgetConfig = { id: 'w', type, grid: { x: 0, y: 0, w: 6, h: 4 }, props, ...(query ? { data: query } : {}) };
  const element = (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Widget widget={widget} props={check.props as P} data={data} fetchData={noFetch} filters={filters} />
      </MemoryRouter>
    </I18nextProvider>
  );
  return render(element).container;
}

const ready = (rows: Record<string, unknown>[]): WidgetDataState => ({ status: 'ready', result: { rows }, refreshing: false });

describe('KPI widget', () => {
  it('shows the last row in its format, compared with the period before, coloured by threshold', () => {
    const box = draw(
      'kpi',
      KpiWidget,
      {
        format: { unit: 'kWh', compact: true },
        comparison: { kind: 'previousPeriod', label: 'vs yesterday', higherIsBetter: false },
        thresholds: [{ from: 0, color: 'success' }, { from: 70_000, color: '#ff0000' }],
      },
      ready([{ date: '2026-11-21', usage: 64_000 }, { date: '2026-11-22', usage: 80_000 }]),
      { dataset: 'energy_readings', dimensions: ['date'], measures: [{ field: 'value', agg: 'sum', as: 'usage' }] },
    );
    const value = box.querySelector<HTMLElement>('.kpi-widget-value')!;
    expect(value.textContent).toBe('80K kWh');
    expect(value.style.color).toBe('#ff0000');
    expect(box.querySelector('.kpi-widget-compare')!.textContent).toBe('+25%vs yesterday');
    expect(box.querySelector('.kpi-widget-compare-bad')).not.toBeNull(); // more energy is bad news
  });

  it('shows a value as a share of another measure of the same row', () => {
    const box = draw(
      'kpi',
      KpiWidget,
      { value: 'actual', format: { currency: 'CNY', compact: true }, comparison: { kind: 'measure', field: 'budget', label: 'of budget', show: 'ratio', higherIsBetter: false } },
      ready([{ actual: 2_529_100_146, budget: 2_292_289_604 }]),
    );
    expect(box.querySelector('.kpi-widget-value')!.textContent).toBe('¥2.5B');
    expect(box.querySelector('.kpi-widget-compare')!.textContent).toBe('110.3%of budget');
  });
});

describe('image and iframe widgets', () => {
  it('draws a picture with its text alternative and caption', () => {
    draw('image', ImageWidget, { src: '/files/plan.png', alt: 'Site plan', caption: 'Phase 2', fit: 'contain' });
    const img = screen.getByRole('img', { name: 'Site plan' });
    expect([img.getAttribute('src'), img.style.objectFit]).toEqual(['/files/plan.png', 'contain']);
    expect(screen.getByText('Phase 2').tagName).toBe('FIGCAPTION');
  });

  it('refuses an image without alt, and an iframe of a plain-http page', () => {
    expect(checkWidgetProps(schemaOf('image'), { src: '/a.png' })).toMatchObject({ ok: false, problems: [{ path: 'props.alt' }] });
    expect(checkWidgetProps(schemaOf('image'), { src: 'javascript:alert(1)', alt: '' })).toMatchObject({ ok: false, problems: [{ path: 'props.src' }] });
    expect(checkWidgetProps(schemaOf('iframe'), { url: 'http://example.com', title: 'x' })).toMatchObject({ ok: false, problems: [{ path: 'props.url' }] });
  });

  it('embeds a page in a sandbox that grants only what the props list', () => {
    draw('iframe', IframeWidget, { url: 'https://weather.example/shanghai', title: 'Shanghai weather', allow: ['fullscreen'] });
    const frame = screen.getByTitle('Shanghai weather');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect(frame.getAttribute('allow')).toBe('fullscreen');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const open = screen.getByRole('link', { name: /Open in a new tab/ });
    expect([open.getAttribute('target'), open.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });
});

describe('table cells', () => {
  const words = (language: string): ValueWords => ({
    language,
    yes: 'Yes',
    no: 'No',
    status: (code) => `status ${code}`,
    recordColumn: (name) => `column ${name}`,
    measure: (agg, field) => `${agg} ${field}`,
  });
  it('write dates, instants, months, numbers, labels and booleans in the reader’s language', () => {
    expect(cellText({ field: 'd', type: 'date', sortable: true }, '2026-11-22', words('en'))).toBe('Nov 22, 2026');
    expect(cellText({ field: 'd', type: 'date', sortable: true }, '2026-11-22', words('zh-CN'))).toBe('2026-11-22');
    expect(cellText({ field: 'm', type: 'month', sortable: true }, '2026-11-01', words('en'))).toBe('Nov 2026');
    expect(cellText({ field: 't', type: 'datetime', sortable: true }, '2026-11-22T08:00:00.000Z', words('zh-CN'))).toMatch(/^2026-11-22 \d\d:00:00$/);
    expect(cellText({ field: 'c', type: 'number', sortable: true, format: { currency: 'CNY' } }, 1057.39, words('en'))).toBe('¥1,057.39');
    expect(cellText({ field: 's', type: 'tag', sortable: true, labels: { in_progress: 'In progress' } }, 'in_progress', words('en'))).toBe('In progress');
    expect(cellText({ field: 'b', type: 'boolean', sortable: true }, false, words('en'))).toBe('No');
    expect(cellText({ field: 'x', type: 'text', sortable: true }, null, words('en'))).toBe('');
  });

  it('write a column the answer describes as its form shows it: option labels, names, statuses, instants', () => {
    const text = { field: 'x', type: 'text' as const, sortable: true };
    const building: ResultColumn = { name: 'building', title: 'Building', type: 'string', labels: { eastgate: 'Eastgate Mall' } };
    expect(cellText(text, 'eastgate', words('en'), building)).toBe('Eastgate Mall');
    const createdBy: ResultColumn = { name: 'createdBy', title: 'Created by', type: 'integer', record: true, refers: 'user', labels: { 2: 'Alice Chen' } };
    expect(cellText(text, 2, words('en'), createdBy)).toBe('Alice Chen');
    const created: ResultColumn = { name: 'createTime', title: 'Created', type: 'datetime', record: true };
    expect(cellText(text, '2026-11-22T08:00:00.000Z', words('en'), created)).toMatch(/^Nov 2[23], 2026 \d\d:00:00$/);
    // A column's own labels win over the form's.
    expect(cellText({ ...text, labels: { eastgate: 'East' } }, 'eastgate', words('en'), building)).toBe('East');
  });

  it('take their titles from the form where the plate gives none, and their types from the fields', () => {
    const described = new Map<string, ResultColumn>([
      ['building', { name: 'building', title: 'Building', type: 'string' }],
      ['createTime', { name: 'createTime', title: 'Created', type: 'datetime', record: true }],
      ['createdBy', { name: 'createdBy', title: 'Created by', type: 'integer', record: true, refers: 'user' }],
      ['total', { name: 'total', title: 'Total', type: 'number' }],
    ]);
    const columns = resolveColumns(undefined, undefined, described, words('en'));
    expect(columns.map((c) => [c.field, c.title, c.type])).toEqual([
      ['building', 'Building', 'text'],
      ['createTime', 'column createTime', 'datetime'],
      ['createdBy', 'column createdBy', 'text'],
      ['total', 'Total', 'number'],
    ]);
    expect(resolveColumns([{ field: 'building', type: 'text', sortable: true }], undefined, described, words('en'))[0]!.title).toBe('Building');
    expect(resolveColumns([{ field: 'building', title: 'Site', type: 'text', sortable: true }], undefined, described, words('en'))[0]!.title).toBe('Site');
  });
});
