import { Migrator, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database.ts';
import * as m001 from './migrations/001_initial.ts';
import * as m002 from './migrations/002_pages_datasets.ts';
import * as m003 from './migrations/003_authorization.ts';
import * as m004 from './migrations/004_forms.ts';
import * as m005 from './migrations/005_flows.ts';
import * as m006 from './migrations/006_files.ts';
import * as m007 from './migrations/007_form_data_revision.ts';
import * as m008 from './migrations/008_plates.ts';
import * as m009 from './migrations/009_bi_settings.ts';
import * as m010 from './migrations/010_form_revision_per_statement.ts';
import * as m011 from './migrations/011_bi_views.ts';
import * as m012 from './migrations/012_upload_sessions.ts';
import * as m013 from './migrations/013_rights_revision.ts';
import * as m014 from './migrations/014_documents.ts';
import * as m015 from './migrations/015_file_links.ts';
import * as m016 from './migrations/016_change_notices.ts';
import * as m017 from './migrations/017_view_reader.ts';
import * as m018 from './migrations/018_document_file_index.ts';
import * as m019 from './migrations/019_notice_kinds.ts';
import * as m021 from './migrations/021_drawings.ts';
import * as m022 from './migrations/022_seed_texts_in_languages.ts';
import * as m023 from './migrations/023_follows.ts';
import * as m024 from './migrations/024_follow_settings.ts';
import * as m025 from './migrations/025_form_names_in_languages.ts';
import * as m026 from './migrations/026_follow_bcf.ts';
import * as m027 from './migrations/027_schedules.ts';
import * as m028 from './migrations/028_follow_bcf_imports.ts';

/** What a migration needs to know about the database beyond Kysely's schema builder. */
export interface MigrationContext {
  dialect: Dialect;
  /** Adds an auto-increment integer primary key named `id`, spelled for the dialect. */
  idColumn: <T extends string>(table: CreateTableBuilder<T, never>) => CreateTableBuilder<T, never>;
}

type CodeMigration = { up(db: Kysely<unknown>, context: MigrationContext): Promise<void> };

/** Migrations live in code, in order; a name once released never changes. */
const MIGRATIONS: Record<string, CodeMigration> = {
  '001_initial': m001,
  '002_pages_datasets': m002,
  '003_authorization': m003,
  '004_forms': m004,
  '005_flows': m005,
  '006_files': m006,
  '007_form_data_revision': m007,
  '008_plates': m008,
  '009_bi_settings': m009,
  '010_form_revision_per_statement': m010,
  '011_bi_views': m011,
  '012_upload_sessions': m012,
  '013_rights_revision': m013,
  '014_documents': m014,
  '015_file_links': m015,
  '016_change_notices': m016,
  '017_view_reader': m017,
  '018_document_file_index': m018,
  '019_notice_kinds': m019,
  '021_drawings': m021,
  '022_seed_texts_in_languages': m022,
  '023_follows': m023,
  '024_follow_settings': m024,
  '025_form_names_in_languages': m025,
  '026_follow_bcf': m026,
  '027_schedules': m027,
  '028_follow_bcf_imports': m028,
};

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const context: MigrationContext = {
    dialect,
    idColumn: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
  };
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(MIGRATIONS)) {
        migrations[name] = { up: (kysely) => migration.up(kysely, context) };
      }
      return migrations;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
