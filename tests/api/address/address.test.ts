import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressNode } from '../../../src/core/entities.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('China administrative divisions on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await t.signIn('alice', NORTHWIND);
  });
  afterAll(() => t.close());

  const provinces = async () =>
    (await t.call<AddressNode[]>('GET', '/proptech_allplan/address/province/all', { token })).body.data;
  const sub = (parentId: unknown) => t.call<AddressNode[]>('GET', '/proptech_allplan/address/sub', { token, query: { parentId: String(parentId) } });

  it('lists the 34 provincial divisions with GB/T 2260 codes', async () => {
    const all = await provinces();
    expect(all).toHaveLength(34);
    expect(all[0]).toMatchObject({ code: '110000', name: '北京市', parentId: null });
    expect(all.map((p) => p.code)).toEqual(expect.arrayContaining(['310000', '440000', '650000', '710000', '810000', '820000']));
  });

  it('walks province -> city -> district by id', async () => {
    const guangdong = (await provinces()).find((p) => p.code === '440000')!;
    const cities = (await sub(guangdong.id)).body.data;
    const shenzhen = cities.find((c) => c.code === '440300')!;
    expect(shenzhen).toMatchObject({ name: '深圳市', parentId: guangdong.id });
    const districts = (await sub(shenzhen.id)).body.data;
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['福田区', '南山区']));
    expect(districts.every((d) => d.code.startsWith('4403'))).toBe(true);
  });

  it('puts the districts of a municipality directly under it', async () => {
    const beijing = (await provinces()).find((p) => p.code === '110000')!;
    const districts = (await sub(beijing.id)).body.data;
    expect(districts.map((d) => d.code)).toContain('110105');
  });

  it('answers not found for an unknown id and 400 naming parentId for a bad one', async () => {
    expect((await sub(99999999)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', "1 OR 1=1"]) {
      const result = await sub(bad);
      expect(result.status, bad).toBe(400);
      expect(result.body.message).toMatch(/^parentId/);
    }
  });
});
