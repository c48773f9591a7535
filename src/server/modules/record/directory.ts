import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * Names of what record values point at (regions, members, departments), both ways: export
 * writes names, import reads names (or codes and usernames) back into values. Loaded once
 * per export or import.
 */

export interface Region {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
}

/** An address value as stored in records. */
export interface AddressValue {
  province: string;
  city?: string;
  district?: string;
}

export class RegionTable {
  private constructor(
    private readonly byCode: ReadonlyMap<string, Region>,
    private readonly children: ReadonlyMap<string | null, Region[]>,
  ) {}

  static async load(db: Kysely<DB>): Promise<RegionTable> {
    const rows = await db.selectFrom('address').select(['id', 'code', 'name', 'level', 'parent_id']).execute();
    const codeOfId = new Map(rows.map((r) => [r.id, r.code]));
    const byCode = new Map<string, Region>();
    const children = new Map<string | null, Region[]>();
    for (const row of rows) {
      const region = { code: row.code, name: row.name, level: row.level, parentCode: row.parent_id === null ? null : (codeOfId.get(row.parent_id) ?? null) };
      byCode.set(row.code, region);
      children.set(region.parentCode, [...(children.get(region.parentCode) ?? []), region]);
    }
    return new RegionTable(byCode, children);
  }

  /** `广东省 / 深圳市 / 南山区` for an address value (codes it does not know are written as codes). */
  describe(value: AddressValue): string {
    return [value.province, value.city, value.district]
      .filter((code): code is string => typeof code === 'string')
      .map((code) => this.byCode.get(code)?.name ?? code)
      .join(' / ');
  }

  /** The address value of the region with this code (its ancestors fill province and city). */
  valueOf(code: string): AddressValue | null {
    const chain: Region[] = [];
    for (let region = this.byCode.get(code); region; region = region.parentCode ? this.byCode.get(region.parentCode) : undefined) chain.unshift(region);
    if (!chain.length) return null;
    const value: AddressValue = { province: chain[0]!.code };
    for (const region of chain.slice(1)) {
      if (region.level === 2) value.city = region.code;
      else value.district = region.code;
    }
    return value;
  }

  /**
   * An address from its text: a six-digit code, or names from the province down separated by
   * `/` (short names such as 广东 or 深圳 match too). Null when no region fits.
   */
  parse(text: string): AddressValue | null {
    const trimmed = text.trim();
    if (/^\d{6}$/.test(trimmed)) return this.valueOf(trimmed);
    const names = trimmed.split(/\s*[/／>]\s*|\s+/).filter(Boolean);
    let parent: string | null = null;
    let last: Region | undefined;
    for (const name of names) {
      const options: Region[] = this.children.get(parent) ?? [];
      last = options.find((r) => r.name === name) ?? options.find((r) => r.name.startsWith(name));
      if (!last) return null;
      parent = last.code;
    }
    return last ? this.valueOf(last.code) : null;
  }
}

/** Something a record names by id: a member (user) or a department. */
export interface NamedEntry {
  id: number;
  name: string;
  /** Other texts that name it on import (a member's username). */
  aliases: string[];
}

export class NameIndex {
  private readonly byId: Map<number, NamedEntry>;

  constructor(private readonly entries: readonly NamedEntry[]) {
    this.byId = new Map(entries.map((e) => [e.id, e]));
  }

  /** The entry's name, with its first alias when another entry has the same name: `Li Wei (liwei2)`. */
  nameOf(id: unknown): string {
    if (typeof id !== 'number') return '';
    const entry = this.byId.get(id);
    if (!entry) return `#${id}`;
    const shared = this.entries.some((e) => e.id !== id && e.name === entry.name);
    return shared && entry.aliases[0] ? `${entry.name} (${entry.aliases[0]})` : entry.name;
  }

  /** The id a text names: an alias first (unique by nature), then a name that only one entry has, or `name (alias)`. */
  find(text: string): { id: number } | { error: string } {
    const withAlias = /^(.*)\(([^()]+)\)$/.exec(text.trim());
    const wanted = withAlias && this.entries.some((e) => e.aliases.includes(withAlias[2]!.trim())) ? withAlias[2]!.trim() : text.trim();
    const byAlias = this.entries.find((e) => e.aliases.includes(wanted));
    if (byAlias) return { id: byAlias.id };
    const named = this.entries.filter((e) => e.name === wanted);
    if (named.length === 1) return { id: named[0]!.id };
    return { error: named.length ? `"${wanted}" names ${named.length} entries; use a unique name` : `no one here is called "${wanted}"` };
  }
}

export async function loadMembers(scope: TenantScope): Promise<NameIndex> {
  const rows = await scope
    .selectFrom('tenant_member')
    .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
    .select(['app_user.id', 'app_user.name', 'app_user.username'])
    .execute();
  return new NameIndex(rows.map((r) => ({ id: r.id, name: r.name, aliases: [r.username] })));
}

export async function loadDepartments(scope: TenantScope): Promise<NameIndex> {
  const rows = await scope.selectFrom('department').select(['id', 'name']).execute();
  return new NameIndex(rows.map((r) => ({ id: r.id, name: r.name, aliases: [] })));
}

/** Every lookup a record export or import needs. */
export interface RecordDirectory {
  regions: RegionTable;
  members: NameIndex;
  departments: NameIndex;
}

export async function loadDirectory(scope: TenantScope): Promise<RecordDirectory> {
  const [regions, members, departments] = await Promise.all([RegionTable.load(scope.db), loadMembers(scope), loadDepartments(scope)]);
  return { regions, members, departments };
}
