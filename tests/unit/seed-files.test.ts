import { describe, expect, it } from 'vitest';
import { readSeedDemo, readSeedMenu, type SeedMenuNode } from '../../src/server/seed/seed-files.ts';

const flatten = (nodes: SeedMenuNode[]): SeedMenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('seed metadata', () => {
  it('the menu tree matches its meta-schema, with unique keys and function point codes', () => {
    const nodes = flatten(readSeedMenu());
    const keys = nodes.map((n) => n.key);
    expect(new Set(keys).size).toBe(keys.length);
    const codes = nodes.filter((n) => n.type === 'BUTTON').map((n) => n.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the demo data matches its meta-schema and the contract of ARCHITECTURE.md §4', () => {
    const demo = readSeedDemo();
    expect(demo.password).toBe('Plinth#2026');
    expect(demo.users.map((u) => u.username)).toEqual(['admin', 'alice', 'bob', 'harbor', 'carol', 'dave']);
    const tenants = Object.fromEntries(demo.tenants.map((t) => [t.name, t]));
    expect(tenants['Northwind Properties']!.workspaces.map((w) => w.code)).toEqual(['NW-HQ', 'NW-TOWER']);
    expect(tenants['Harbor Construction']!.workspaces.map((w) => w.code)).toEqual(['HB-PIER', 'HB-DEPOT']);
    const member = (tenant: string, user: string) => tenants[tenant]!.members.find((m) => m.username === user);
    expect(member('Northwind Properties', 'admin')?.type).toBe('ADMIN');
    expect(member('Harbor Construction', 'admin')?.type).toBe('USER');
    expect(member('Harbor Construction', 'harbor')?.type).toBe('ADMIN');
    for (const tenant of demo.tenants) {
      for (const m of tenant.members.filter((x) => x.type === 'USER')) expect(m.workspaces.length, m.username).toBeGreaterThan(0);
    }
  });

  it('every key a workspace or role names exists in the menu', () => {
    const keys = new Set(flatten(readSeedMenu()).map((n) => n.key));
    for (const tenant of readSeedDemo().tenants) {
      const named = [
        ...tenant.workspaces.flatMap((w) => w.menus),
        ...tenant.roles.flatMap((r) => [...r.grants, ...(r.except ?? [])]),
      ].filter((k) => k !== '*');
      for (const key of named) expect(keys, key).toContain(key);
    }
  });
});
