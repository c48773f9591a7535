/**
 * Stored configs (page and plate configs, flow definitions, form designs) carry the version of
 * their format. Each kind has an ordered chain of steps, one per version, run where a config
 * is read from the database and before a saved one is checked, so the rest of the code only
 * ever sees the current format and old rows need no rewrite (as Appsmith migrates its DSL).
 * A config stored before versions existed has none: it reads as version 0. How to add a
 * step: docs/config-versions.md.
 */

/** A config as JSON holds it. */
export type ConfigObject = Record<string, unknown>;

export interface ConfigMigration {
  /** The version this step reads; it hands on version `from + 1`. */
  from: number;
  /** The config at `from` as the config at `from + 1`; the chain writes the new `version`. Must not change its argument. */
  migrate(config: ConfigObject): ConfigObject;
}

/** A config written by a later release than this server: it cannot be read, and it must not be overwritten. */
export class NewerConfigVersionError extends Error {
  constructor(
    /** What the config is, in messages: `page config`. */
    readonly kind: string,
    readonly version: number,
    readonly current: number,
  ) {
    super(`${kind} version ${version} is newer than this server knows (${current}): a later release of Plinth wrote it`);
    this.name = 'NewerConfigVersionError';
  }
}

export interface ConfigVersions {
  kind: string;
  /** The version the server writes and the code reads. */
  current: number;
  /**
   * The config at {@link current}: each step from its version on, in order. The same object
   * when it is current already; anything that is not an object with a whole `version` of 0
   * or more (or none) comes back unchanged, for the schema to name. Throws
   * {@link NewerConfigVersionError} for a version past {@link current}.
   */
  upgrade(raw: unknown): unknown;
}

const isConfigObject = (value: unknown): value is ConfigObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The version a config says it is; 0 for one stored before versions; undefined when `version` is no version number. */
export function configVersionOf(config: ConfigObject): number | undefined {
  const { version } = config;
  if (version === undefined) return 0;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
}

/** A kind's versions: `current` and the steps that lead to it, one per version from 0, in order (checked here, at start-up). */
export function configVersions(kind: string, current: number, migrations: readonly ConfigMigration[]): ConfigVersions {
  if (migrations.length !== current || migrations.some((step, i) => step.from !== i)) {
    throw new Error(`${kind}: the migrations must go from 0 to ${current}, one step per version, in order`);
  }
  return {
    kind,
    current,
    upgrade(raw) {
      if (!isConfigObject(raw)) return raw;
      const version = configVersionOf(raw);
      if (version === undefined || version === current) return raw;
      if (version > current) throw new NewerConfigVersionError(kind, version, current);
      let config = raw;
      for (const step of migrations.slice(version)) {
        // The version first, so stored JSON text reads it first.
        const { version: _replaced, ...migrated } = step.migrate(config);
        config = { version: step.from + 1, ...migrated };
      }
      return config;
    },
  };
}
