import { describe, expect, it } from 'vitest';
import { configVersions, NewerConfigVersionError, type ConfigMigration, type ConfigVersions } from '../../../src/core/config-versions/config-versions.ts';
import { flowDefinitionVersions } from '../../../src/core/config-versions/flow-definition-versions.ts';
import { formDesignVersions } from '../../../src/core/config-versions/form-design-versions.ts';
import { pageConfigVersions } from '../../../src/core/config-versions/page-config-versions.ts';

describe('a chain of config migrations', () => {
  // A made-up chain: 0 → 1 numbers a config, 1 → 2 renames `title` to `name`, 2 → 3 reads the `name` step 2 made.
  const ran: number[] = [];
  const steps: ConfigMigration[] = [
    {
      from: 0,
      migrate(config) {
        ran.push(0);
        return config;
      },
    },
    {
      from: 1,
      migrate({ title, ...rest }) {
        ran.push(1);
        return { ...rest, name: title };
      },
    },
    {
      from: 2,
      migrate(config) {
        ran.push(2);
        return { ...config, name: `${String(config.name)}, checked` };
      },
    },
  ];
  const chain = configVersions('test config', 3, steps);

  it('runs each step from the stored version on, in order, and writes the version it reached first', () => {
    ran.length = 0;
    const upgraded = chain.upgrade({ title: 'Ops', widgets: [] });
    expect(ran).toEqual([0, 1, 2]);
    expect(upgraded).toEqual({ version: 3, widgets: [], name: 'Ops, checked' });
    expect(Object.keys(upgraded as object)[0]).toBe('version');
    ran.length = 0;
    expect(chain.upgrade({ version: 1, title: 'Ops' })).toEqual({ version: 3, name: 'Ops, checked' });
    expect(ran).toEqual([1, 2]);
    ran.length = 0;
    expect(chain.upgrade({ version: 2, name: 'Ops' })).toEqual({ version: 3, name: 'Ops, checked' });
    expect(ran).toEqual([2]);
  });

  it('hands a current config back as it is, and never changes the one it was given', () => {
    const current = { version: 3, name: 'Ops' };
    expect(chain.upgrade(current)).toBe(current);
    const stored = Object.freeze({ version: 1, title: 'Ops' });
    expect(chain.upgrade(stored)).toEqual({ version: 3, name: 'Ops, checked' });
    expect(stored).toEqual({ version: 1, title: 'Ops' });
  });

  it('refuses a version newer than it knows, naming the kind and both versions', () => {
    expect(() => chain.upgrade({ version: 4 })).toThrow(NewerConfigVersionError);
    expect(() => chain.upgrade({ version: 4 })).toThrow('test config version 4 is newer than this server knows (3)');
  });

  it('leaves what is no versioned config as it is, for the schema to name', () => {
    for (const raw of [null, 'text', 3, [], { version: 'one' }, { version: 1.5 }, { version: -1 }, { version: null }]) {
      expect(chain.upgrade(raw)).toBe(raw);
    }
  });

  it('refuses a chain that does not go from 0 to its current version one step at a time', () => {
    const step = (from: number): ConfigMigration => ({ from, migrate: (config) => config });
    expect(() => configVersions('gap', 3, [step(0), step(2)])).toThrow('gap: the migrations must go from 0 to 3');
    expect(() => configVersions('order', 2, [step(1), step(0)])).toThrow('order: the migrations must go from 0 to 2');
    expect(() => configVersions('short', 2, [step(0)])).toThrow('short: the migrations must go from 0 to 2');
    expect(configVersions('none', 0, []).upgrade({ a: 1 })).toEqual({ a: 1 });
  });
});

describe.each<[string, ConfigVersions, Record<string, unknown>]>([
  ['page configs (pages and plates)', pageConfigVersions, { title: 'Ops', widgets: [] }],
  ['flow definitions', flowDefinitionVersions, { nodes: [] }],
  ['form designs', formDesignVersions, { items: [] }],
])('%s', (_name, versions, content) => {
  it('are at version 1, the first one', () => {
    expect(versions.current).toBe(1);
  });

  it('read one stored before versions as version 1, unchanged otherwise', () => {
    expect(versions.upgrade(content)).toEqual({ version: 1, ...content });
  });

  it('hand back a current one as it is', () => {
    const current = { version: 1, ...content };
    expect(versions.upgrade(current)).toBe(current);
  });

  it('refuse a version newer than the server knows', () => {
    expect(() => versions.upgrade({ ...content, version: versions.current + 1 })).toThrow(
      new NewerConfigVersionError(versions.kind, versions.current + 1, versions.current),
    );
  });
});
