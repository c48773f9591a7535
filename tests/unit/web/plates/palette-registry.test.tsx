// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageConfigValidator } from '../../../../src/core/pages/validate-page-config.ts';
import { readWidgetPropsSchemas } from '../../../../src/server/modules/page/widget-schemas.ts';
import { createI18n } from '../../../../src/web/i18n/i18n.ts';
import { PlatePalette } from '../../../../src/web/pages/plates/editor/plate-palette.tsx';
import type { PageDataSource } from '../../../../src/web/renderer/page-data-source.ts';
import { PageFilterStore } from '../../../../src/web/renderer/page-filter-store.ts';
import { WidgetCell } from '../../../../src/web/renderer/widget-cell.tsx';
import { WidgetRegistryContext } from '../../../../src/web/renderer/widget-registry-context.ts';
import { newComponent } from '../../../../widgets/new-component.ts';
import { widgetRegistry } from '../../../../widgets/registry.ts';
import type { PaletteEntry, WidgetRegistry } from '../../../../widgets/widget-registry.ts';
import sparklineSchema from '../../../fixtures/widgets/sparkline/props.schema.json';
import sparkline from '../../../fixtures/widgets/sparkline/widget.ts';
import { fileBackend } from '../../../helpers/locales.ts';
import { stubMatchMedia } from '../../../helpers/render-screen.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  stubMatchMedia();
});
afterEach(cleanup);

/** The plate editor's palette over `registry`, as the editor draws it. */
function palette(registry: WidgetRegistry, onAdd: (entry: PaletteEntry) => void = () => {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <WidgetRegistryContext.Provider value={registry}>
        <PlatePalette onAdd={onAdd} onDragChange={() => {}} />
      </WidgetRegistryContext.Provider>
    </I18nextProvider>,
  );
}

/**
 * A widget is one folder and one registry line: the fixture's folder (tests/fixtures/widgets/
 * sparkline) registered with the registry's own API, and nothing else touched, is offered by
 * the palette, makes components the page rules accept, and draws.
 */
describe('a widget added to the registry', () => {
  const registry = widgetRegistry.with('sparkline', sparkline);

  it('is offered by the plate palette, in the section its entry names', () => {
    const onAdd = vi.fn();
    palette(registry, onAdd);
    const item = screen.getByTestId('palette-sparkline');
    expect(within(item.closest('section')!).getByRole('heading').textContent).toBe('Text, pictures, filters');
    // After the app's own entries of that section.
    const keys = screen.getAllByRole('button').map((button) => button.dataset.testid);
    expect(keys.slice(-5)).toEqual(['palette-image', 'palette-drawing', 'palette-gantt', 'palette-filters', 'palette-sparkline']);
    fireEvent.click(item);
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ key: 'sparkline', type: 'sparkline', size: { w: 4, h: 3 } }));
  });

  it('is not in the app’s own palette', () => {
    palette(widgetRegistry);
    expect(screen.queryByTestId('palette-sparkline')).toBeNull();
    expect(screen.getByTestId('palette-form')).toBeTruthy();
  });

  it('makes components that pass the page rules given its props schema', () => {
    const widget = newComponent(registry.paletteEntry('sparkline')!, { id: 'sparkline1', title: 'Sparkline', cell: { x: 0, y: 0 }, dataset: undefined });
    expect(widget).toEqual({ id: 'sparkline1', type: 'sparkline', grid: { x: 0, y: 0, w: 4, h: 3 }, props: { points: [3, 1, 4, 1, 5] } });
    expect(registry.entryOf(widget)?.key).toBe('sparkline');
    const validate = pageConfigValidator({ ...readWidgetPropsSchemas(), sparkline: sparklineSchema });
    expect(validate({ title: 'Trend', widgets: [widget] })).toEqual([]);
    expect(validate({ title: 'Trend', widgets: [{ ...widget, props: { points: [1] } }] })).toEqual([{ path: 'widgets[0].props.points', key: 'minItems', params: { count: 2 }, message: 'must NOT have fewer than 2 items' }]);
  });

  it('draws in a page cell through the same registry', async () => {
    const filters = new PageFilterStore([], async () => ({ values: [] }));
    const source: PageDataSource = { run: () => Promise.reject(new Error('no data')), distinct: async () => ({ values: [] }), datasetFields: async () => null, heldPoints: async () => new Set() };
    const widget = newComponent(registry.paletteEntry('sparkline')!, { id: 'sparkline1', title: 'Sparkline', cell: { x: 0, y: 0 }, dataset: undefined });
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <WidgetRegistryContext.Provider value={registry}>
            <WidgetCell widget={widget} source={source} filters={filters} fields={null} />
          </WidgetRegistryContext.Provider>
        </I18nextProvider>,
      );
    });
    expect((await screen.findByRole('img', { name: '3, 1, 4, 1, 5' })).getAttribute('class')).toBe('sparkline');
  });
});
