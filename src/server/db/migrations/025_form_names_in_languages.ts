import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { readStoredText, storedText } from '../../../core/local-text.ts';
import { demoText } from '../../seed/demo/texts.ts';
import { SCHEMAS_DIR } from '../../seed/seed-files.ts';
import type { DB } from '../schema.ts';

/**
 * Form names became texts in several languages after the demo was translated (022), so
 * databases seeded before keep the demo forms' English names. Each demo form whose name is
 * still exactly its seed file's English gets its name in English, Chinese and Arabic; a name
 * an administrator changed (or wrote in several languages) stays. Running it again changes nothing.
 */
export async function up(kysely: Kysely<unknown>): Promise<void> {
  const db = kysely as unknown as Kysely<DB>;
  const dir = path.join(SCHEMAS_DIR, 'seed', 'forms');
  const seedNames = new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { name: string }).name]),
  );
  for (const form of await db.selectFrom('form').select(['id', 'seed_key', 'name']).where('seed_key', 'is not', null).execute()) {
    const english = seedNames.get(form.seed_key!);
    if (english === undefined || readStoredText(form.name) !== english) continue;
    const name = storedText(demoText(english));
    if (name !== form.name) await db.updateTable('form').set({ name }).where('id', '=', form.id).execute();
  }
}
