import type { Generated } from 'kysely';

/** A list an administrator added to a workspace beside the built-in ones (migration 024). */
export interface FollowDataSourceTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  key: string;
  /** storedText of a LocalText. */
  name: string;
  hierarchical: number;
  created_by: number | null;
  create_time: string;
  update_time: string;
}

/** One option of a workspace's list (migration 024). */
export interface FollowOptionTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  source_key: string;
  code: string;
  /** storedText of a LocalText. */
  label: string;
  parent_id: number | null;
  sort: number;
  retired: number;
  revision: number;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
}

/** A form that is a follow-up type's data template (migration 024). */
export interface FollowTemplateTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  type_id: number;
  form_id: number;
  /** JSON: field key -> list key. */
  bindings: unknown;
  create_time: string;
  update_time: string;
}

/** A workspace's project settings (migration 024); null columns mean the defaults. */
export interface FollowProjectTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  sheet_number_rule: string | null;
  /** JSON: WorkspaceDiscipline[] without sort (the order is the sort). */
  disciplines: unknown;
  revision: number;
  updated_by: number | null;
  update_time: string;
}

// The tables are declared beside their module and merged into the database's type.
declare module '../../db/schema.ts' {
  interface DB {
    follow_data_source: FollowDataSourceTable;
    follow_option: FollowOptionTable;
    follow_template: FollowTemplateTable;
    follow_project: FollowProjectTable;
  }
}
