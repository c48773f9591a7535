import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validators } from 'virtual:plinth/widget-props-validators';
import { widgetValidatorsSource } from '../../../scripts/vite/vite-widget-validators-plugin.ts';
import { checkWidgetProps } from '../../../src/web/renderer/widget-props.ts';
import { widgetRegistry } from '../../../widgets/registry.ts';

/** The page's script policy forbids compiling schemas in the browser: the build carries the validation code. */
describe('widget props validators generated at build time', () => {
  it('cover the props schema of every registered widget type', () => {
    for (const type of widgetRegistry.types) {
      const id = widgetRegistry.definition(type)!.propsSchema.$id as string;
      expect(typeof validators[id], type).toBe('function');
    }
  });

  it('are plain ES module code: no CommonJS require', () => {
    const { code } = widgetValidatorsSource(path.resolve('widgets'));
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).toMatch(/^import helper0 from "ajv\/dist\/runtime\/[a-z0-9]+";/m);
  });

  it('fill in defaults and name bad properties, as the server does', () => {
    expect(checkWidgetProps(widgetRegistry.definition('table')!.propsSchema, { columns: [{ field: 'no' }] })).toEqual({
      ok: true,
      props: { columns: [{ field: 'no', type: 'text', sortable: true }], rowHeight: 36, striped: true, showTotal: true },
    });
    expect(checkWidgetProps(widgetRegistry.definition('iframe')!.propsSchema, { url: 'http://plain.example', title: 'x', colour: 1 })).toEqual({
      ok: false,
      problems: [
        { path: 'props.colour', message: 'is not an allowed property' },
        { path: 'props.url', message: 'must match pattern "^(https://[^\\s]+|/(?![/\\\\])[^\\s]*)$"' },
      ],
    });
  });
});
