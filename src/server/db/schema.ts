import type { ColumnType, Generated } from 'kysely';
import type { FlowStatus, FlowTaskStatus } from '../../core/flows/flow-engine.ts';

/**
 * Table types. Times are ISO-8601 UTC strings (sortable text on both databases);
 * flags are 0/1 integers; JSON is stored as text. Every table but the global ones
 * (users, tokens, codes, outbox, address, tenant) carries `tenant_id`.
 */
export interface TenantTable {
  id: Generated<number>;
  code: string;
  name: string;
  create_time: string;
  /** Moved by triggers on every write to the tables that decide members' rights (migration 013). */
  rights_revision: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  name: string;
  mobile_phone: string | null;
  email: string | null;
  password_hash: string;
  avatar: string | null;
  status: 'ACTIVE' | 'DISABLED';
  create_time: string;
  update_time: string;
}

export interface TenantMemberTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  type: 'ADMIN' | 'USER';
  /** A DISABLED member cannot enter the tenant; the account may still use its other tenants. */
  status: Generated<'ACTIVE' | 'DISABLED'>;
  create_time: string;
  department_id: Generated<number | null>;
  /** The member's own manager; when null, their department's manager is. */
  manager_user_id: Generated<number | null>;
}

export interface WorkspaceTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
  create_time: string;
  /** The template the workspace was made from; null once that template is deleted. */
  template_id: Generated<number | null>;
}

export interface WorkspaceMemberTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  user_id: number;
}

export interface ResourceTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  title: string;
  route: string | null;
  type: 'MENU' | 'PAGE' | 'BUTTON';
  icon: string | null;
  sort: number;
  /** Function point code of a BUTTON, e.g. `form:create`. */
  code: string | null;
  /** Stable key from the seed file, so re-seeding finds its rows. */
  seed_key: string | null;
}

export interface WorkspaceResourceTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  resource_id: number;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
  /** Null only on roles from before migration 003, until the seed describes them. */
  description: string | null;
  data_scope: Generated<'own' | 'workspace' | 'tenant'>;
  /** 1 for roles the seed created. */
  built_in: Generated<number>;
}

export interface PermissionGroupTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  create_time: string;
  update_time: string;
}

export interface GroupPointTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number;
  point_code: string;
}

export interface GroupRoleTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number;
  role_id: number;
}

export interface GroupUserTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number;
  user_id: number;
}

export interface WorkspaceTemplateTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  create_time: string;
  update_time: string;
}

export type TemplateItemKind = 'resource' | 'page' | 'form' | 'board';

export interface TemplateItemTable {
  id: Generated<number>;
  tenant_id: number;
  template_id: number;
  kind: TemplateItemKind;
  item_id: number;
}

export interface RoleResourceTable {
  id: Generated<number>;
  tenant_id: number;
  role_id: number;
  resource_id: number;
}

export interface UserRoleTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  role_id: number;
}

export interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  tenant_id: number | null;
  create_time: string;
  expire_time: string;
  end_time: string | null;
  end_reason: string | null;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  channel: 'SMS' | 'EMAIL';
  target: string;
  scene: string;
  code_hash: string;
  create_time: string;
  expire_time: string;
  used_time: string | null;
  failed_tries: number;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  subject: string;
  body: string;
  create_time: string;
}

export interface AddressTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
}

export interface PreferenceConfigTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  config_type: string;
  biz_id: string;
  config_value: string;
  update_time: string;
}

export interface NotifyTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  notify_type: string;
  /** English; shown when `kind` is null (rows from before 019, messages an administrator sent). */
  title: string;
  content: string;
  /** A system notice's kind and its parameters as JSON (src/core/notices.ts), rendered in the reader's language. */
  kind: Generated<string | null>;
  params: Generated<string | null>;
  link: string | null;
  is_read: number;
  create_time: string;
}

export interface PageTable {
  id: Generated<number>;
  tenant_id: number;
  route: string | null;
  kind: 'page' | 'website';
  published: number;
  /** Copy of config.title, for lists. */
  title: string;
  /** PageConfig as JSON text. */
  config: string;
  resource_id: number | null;
  /** 1 when the page created its menu node (and removes it when deleted). */
  owns_resource: number;
  /** Name of the seed file it came from. */
  seed_key: string | null;
  create_time: string;
  update_time: string;
}

export interface PlateTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: Generated<string>;
  /** PageConfig as JSON text. */
  config: string;
  /** Its menu entry when published (made by the plate, removed with it). */
  resource_id: number | null;
  /** Optimistic lock of the editor. */
  revision: Generated<number>;
  seed_key: string | null;
  created_by: number | null;
  updated_by: number | null;
  create_time: string;
  update_time: string;
}

export interface BiSettingTable {
  tenant_id: number;
  theme: Generated<string>;
  /** CSS colours as a JSON array. */
  palette: Generated<string>;
  /** Seconds; 0: off. */
  default_refresh: Generated<number>;
  revision: Generated<number>;
  updated_by: number | null;
  update_time: string;
}

export interface BiViewTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: Generated<string>;
  sql_text: string;
  /** BiViewColumn[] as JSON text. */
  columns: string;
  /** The relation names its SQL reads, as JSON text. */
  relations: string;
  revision: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  create_time: string;
  update_time: string;
}

export interface DatasetTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
  /** DatasetField[] as JSON text. */
  fields: string;
  row_count: number;
  create_time: string;
}

export interface DatasetRowTable {
  id: Generated<number>;
  tenant_id: number;
  dataset_id: number;
  /** One row as a JSON object: text on SQLite, jsonb (read back parsed) on PostgreSQL. */
  data: ColumnType<unknown, string, string>;
}

/** A JSON column: jsonb on PostgreSQL (read back parsed), JSON text on SQLite; written as JSON text. */
export type JsonColumn = ColumnType<unknown, string, string>;

export type FormStatus = 'draft' | 'published' | 'disabled';
export type RecordStatus = 'none' | 'running' | 'approved' | 'rejected' | 'withdrawn';

export interface FormTable {
  id: Generated<number>;
  tenant_id: number;
  /** Null: the whole tenant. */
  workspace_code: string | null;
  name: string;
  description: Generated<string>;
  icon: string | null;
  status: Generated<FormStatus>;
  /** FormDesign of the designer's draft. */
  design: JsonColumn;
  /** FormSettings (advance settings) of the draft. */
  settings: JsonColumn;
  /** FlowDefinition of the draft, or null. */
  flow: ColumnType<unknown, string | null, string | null>;
  current_version: number | null;
  /** Counts changes to the form's records (a trigger keeps it): what cached queries over them compare. */
  data_revision: ColumnType<number, never, never>;
  /** Optimistic lock of the designer. */
  revision: Generated<number>;
  seed_key: string | null;
  created_by: number | null;
  create_time: string;
  update_time: string;
}

export interface FormVersionTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  version: number;
  design: JsonColumn;
  schema: JsonColumn;
  ui_schema: JsonColumn;
  settings: JsonColumn;
  flow: ColumnType<unknown, string | null, string | null>;
  published_by: number | null;
  publish_time: string;
}

export interface FormRecordTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  version: number;
  number: string | null;
  title: Generated<string>;
  data: JsonColumn;
  status: Generated<RecordStatus>;
  workspace_code: string | null;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
  revision: Generated<number>;
}

export interface FormNumberCounterTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  period: string;
  value: number;
}

export interface FormDraftTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  user_id: number;
  record_id: number | null;
  version: number;
  data: JsonColumn;
  title: Generated<string>;
  create_time: string;
  update_time: string;
}

export interface FormSearchConfigTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  user_id: number;
  config: JsonColumn;
  update_time: string;
}

export interface DepartmentTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number | null;
  name: string;
  manager_user_id: number | null;
  sort: Generated<number>;
}

/** One approval flow run per record (the engine's state, src/core/flows/flow-engine.ts). */
export interface FlowInstanceTable {
  id: Generated<number>;
  tenant_id: number;
  record_id: number;
  form_id: number;
  /** FlowDefinition the record was submitted with. */
  definition: JsonColumn;
  status: FlowStatus;
  submitter_id: number;
  current_node_id: string | null;
  current_entry: number;
  run: number;
  task_seq: number;
  create_time: string;
  update_time: string;
}

export interface FlowTaskTable {
  id: Generated<number>;
  tenant_id: number;
  instance_id: number;
  record_id: number;
  /** The engine's key of the task within its instance ('t1', ...). */
  task_key: string;
  node_id: string;
  node_name: string;
  kind: 'approval' | 'cc';
  assignee_id: number;
  status: FlowTaskStatus;
  run: number;
  entry: number;
  comment: string | null;
  create_time: string;
  finish_time: string | null;
}

export interface FlowEventTable {
  id: Generated<number>;
  tenant_id: number;
  instance_id: number;
  record_id: number;
  action: string;
  actor_id: number | null;
  node_id: string | null;
  node_name: string | null;
  comment: string | null;
  /** number[] as JSON. */
  target_user_ids: JsonColumn;
  to_target: string | null;
  create_time: string;
}

/** One upload; its bytes are the blob named by `sha256` (shared by uploads of the same content). */
export interface UploadSessionTable {
  id: string;
  tenant_id: number;
  created_by: number | null;
  name: string;
  size: ColumnType<number | string, number, number>;
  /** { kind?, accept? } as JSON text. */
  fields: string;
  create_time: string;
}

export interface DocFolderTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  parent_id: number | null;
  name: string;
  created_by: number | null;
  create_time: string;
  update_time: string;
  /** Set while the folder is in the recycle bin. */
  deleted_time: string | null;
  deleted_by: number | null;
}

/** A document: its current version's file; earlier ones in doc_version. */
export interface DocFileTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  folder_id: number | null;
  name: string;
  type: string;
  size: ColumnType<number | string, number, number>;
  file_id: string;
  version: number;
  created_by: number | null;
  updated_by: number | null;
  create_time: string;
  update_time: string;
  deleted_time: string | null;
  deleted_by: number | null;
}

export interface DocVersionTable {
  id: Generated<number>;
  tenant_id: number;
  doc_id: number;
  version: number;
  file_id: string;
  name: string;
  size: ColumnType<number | string, number, number>;
  created_by: number | null;
  create_time: string;
}

/** What a role may do in a folder that names its roles (and in its subfolders that do not). */
export interface DocFolderGrantTable {
  id: Generated<number>;
  tenant_id: number;
  folder_id: number;
  role_id: number;
  access: string;
}

export interface FileObjectTable {
  id: string;
  tenant_id: number;
  sha256: string;
  name: string;
  /** bigint: PostgreSQL answers it as a string, so read it through Number(). */
  size: ColumnType<number | string, number, number>;
  type: string;
  created_by: number | null;
  create_time: string;
}

/**
 * Which object holds which file of the store (migration 015): a record (in one of its file
 * fields, `field` naming where) or a user's avatar. Kept by every write of an owner, in its
 * transaction; the attachment list reads it.
 */
export interface FileLinkTable {
  id: Generated<number>;
  tenant_id: number;
  file_id: string;
  owner_kind: 'record' | 'avatar';
  /** The record's id, or the user's for an avatar. */
  owner_id: number;
  /** The record's form; null for other owners. */
  form_id: number | null;
  field: string;
  create_time: string;
}

export interface DrawingSetTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  name: string;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
}

/** A sheet of a workspace's drawing register (migration 021). */
export interface DrawingSheetTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  number: string;
  /** The number with digit runs zero-padded: the register's number order. */
  number_sort: string;
  title: string;
  discipline: string;
  set_id: number | null;
  current_revision_id: number | null;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
  deleted_time: string | null;
  deleted_by: number | null;
}

/** One page or file of a sheet: pending, current, superseded or rejected; never deleted. */
export interface DrawingRevisionTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  /** Null while pending under a number no sheet has. */
  sheet_id: number | null;
  upload_id: number | null;
  number: string;
  title: string;
  discipline: string;
  set_id: number | null;
  label: string;
  status: string;
  kind: string;
  file_name: string;
  page: number | null;
  width: number;
  height: number;
  source_file_id: string;
  view_file_id: string;
  thumbnail_file_id: string | null;
  read_number: string | null;
  read_title: string | null;
  /** Calibration as JSON (jsonb on PostgreSQL), or null. */
  calibration: unknown;
  uploaded_by: number | null;
  create_time: string;
  published_by: number | null;
  publish_time: string | null;
  updated_by: number | null;
  update_time: string;
}

export interface DrawingMarkupTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  sheet_id: number | null;
  /** The revision it was drawn on. */
  revision_id: number;
  author_id: number | null;
  visibility: string;
  kind: string;
  /** The markup as drawn (MarkupInput without id and revision), JSON. */
  body: unknown;
  photo_file_id: string | null;
  revision: number;
  create_time: string;
  updated_by: number | null;
  update_time: string;
  deleted_time: string | null;
  deleted_by: number | null;
}

/** One uploaded file going through drawing processing (the job's row). */
export interface DrawingUploadTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  file_id: string;
  file_name: string;
  set_id: number | null;
  status: string;
  progress: number;
  /** UploadProblem as JSON, or null. */
  problem: unknown;
  /** Ids of the revisions it made, JSON. */
  revision_ids: unknown;
  job_id: string | null;
  created_by: number | null;
  create_time: string;
  update_time: string;
}

/** Who did what to a drawing, when: the module's audit trail. */
export interface DrawingEventTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  action: string;
  target_kind: string;
  target_id: number;
  detail: unknown;
  user_id: number | null;
  create_time: string;
}

/** A kind of follow-up of a workspace (migration 023): numbering, status rule, data template. */
export interface FollowTypeTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  /** LocalText as stored text (storedText). */
  name: string;
  color: string;
  icon: string;
  numbering: string;
  /** FollowStatusRule, JSON. */
  status_rule: unknown;
  /** User ids, JSON. */
  default_reviewer_ids: unknown;
  template_form_id: number | null;
  retired: number;
  sort: number;
  revision: number;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
}

/** The last sequence value handed out per workspace, numbering rule and period. */
export interface FollowCounterTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  rule: string;
  period: string;
  value: number;
}

export interface FollowUpTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  type_id: number;
  number: string;
  number_sort: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  priority_rank: number;
  reviewer_id: number | null;
  due_date: string | null;
  trade: string | null;
  location: string | null;
  sheet_id: number | null;
  pin_revision_id: number | null;
  pin_x: number | null;
  pin_y: number | null;
  model_element_id: string | null;
  template_form_id: number | null;
  template_version: number | null;
  /** The data template's values, JSON, or null. */
  template_values: unknown;
  comment_count: number;
  photo_count: number;
  revision: number;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
  closed_time: string | null;
  deleted_time: string | null;
  deleted_by: number | null;
}

export interface FollowAssigneeTable {
  id: Generated<number>;
  tenant_id: number;
  follow_id: number;
  user_id: number;
}

export interface FollowWatcherTable {
  id: Generated<number>;
  tenant_id: number;
  follow_id: number;
  user_id: number;
}

export interface FollowCommentTable {
  id: Generated<number>;
  tenant_id: number;
  follow_id: number;
  author_id: number | null;
  text: string;
  /** User ids, JSON. */
  mention_ids: unknown;
  create_time: string;
  deleted_time: string | null;
  deleted_by: number | null;
}

export interface FollowPhotoTable {
  id: Generated<number>;
  tenant_id: number;
  follow_id: number;
  file_id: string;
  added_by: number | null;
  create_time: string;
}

/** Every change of a follow-up, written in the change's transaction. */
export interface FollowHistoryTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  follow_id: number;
  action: string;
  /** FollowChange[], JSON. */
  changes: unknown;
  note: string | null;
  user_id: number | null;
  create_time: string;
}

/** A schedule of a workspace: its model (ScheduleModel, JSON) and the list's columns. */
export interface ScheduleTable {
  id: Generated<number>;
  tenant_id: number;
  workspace_id: number;
  name: string;
  status: string;
  owner_id: number | null;
  revision: number;
  model: unknown;
  task_count: number;
  start_time: number | null;
  finish_time: number | null;
  progress: number;
  seed_key: string | null;
  created_by: number | null;
  create_time: string;
  updated_by: number | null;
  update_time: string;
  deleted_time: string | null;
  deleted_by: number | null;
}

/** One entry of a schedule's history. */
export interface ScheduleChangeTable {
  id: Generated<number>;
  tenant_id: number;
  schedule_id: number;
  revision: number;
  action: string;
  /** ScheduleChange[], JSON. */
  changes: unknown;
  /** ChangeCounts, JSON. */
  counts: unknown;
  note: string | null;
  user_id: number | null;
  create_time: string;
}

/** A public link of a schedule: the token's SHA-256, never the token. */
export interface ScheduleShareTable {
  id: Generated<number>;
  tenant_id: number;
  schedule_id: number;
  token_hash: string;
  hint: string;
  expires_at: string | null;
  /** ScheduleShareColumn[], JSON. */
  hidden_columns: unknown;
  revoked_time: string | null;
  revoked_by: number | null;
  created_by: number | null;
  create_time: string;
}

/** A due notice sent: one per follow-up, kind and day. */
export interface FollowDueNoticeTable {
  id: Generated<number>;
  tenant_id: number;
  follow_id: number;
  kind: string;
  day: string;
}

export interface DB {
  tenant: TenantTable;
  app_user: UserTable;
  tenant_member: TenantMemberTable;
  workspace: WorkspaceTable;
  workspace_member: WorkspaceMemberTable;
  resource: ResourceTable;
  workspace_resource: WorkspaceResourceTable;
  role: RoleTable;
  role_resource: RoleResourceTable;
  user_role: UserRoleTable;
  auth_token: AuthTokenTable;
  verification_code: VerificationCodeTable;
  outbox: OutboxTable;
  address: AddressTable;
  preference_config: PreferenceConfigTable;
  notify: NotifyTable;
  page: PageTable;
  plate: PlateTable;
  bi_setting: BiSettingTable;
  bi_view: BiViewTable;
  dataset: DatasetTable;
  dataset_row: DatasetRowTable;
  permission_group: PermissionGroupTable;
  group_point: GroupPointTable;
  group_role: GroupRoleTable;
  group_user: GroupUserTable;
  workspace_template: WorkspaceTemplateTable;
  template_item: TemplateItemTable;
  form: FormTable;
  form_version: FormVersionTable;
  form_record: FormRecordTable;
  form_number_counter: FormNumberCounterTable;
  form_draft: FormDraftTable;
  form_search_config: FormSearchConfigTable;
  department: DepartmentTable;
  flow_instance: FlowInstanceTable;
  flow_task: FlowTaskTable;
  flow_event: FlowEventTable;
  file_object: FileObjectTable;
  file_link: FileLinkTable;
  upload_session: UploadSessionTable;
  doc_folder: DocFolderTable;
  doc_file: DocFileTable;
  doc_version: DocVersionTable;
  doc_folder_grant: DocFolderGrantTable;
  drawing_set: DrawingSetTable;
  drawing_sheet: DrawingSheetTable;
  drawing_revision: DrawingRevisionTable;
  drawing_markup: DrawingMarkupTable;
  drawing_upload: DrawingUploadTable;
  drawing_event: DrawingEventTable;
  follow_type: FollowTypeTable;
  follow_counter: FollowCounterTable;
  follow_up: FollowUpTable;
  follow_assignee: FollowAssigneeTable;
  follow_watcher: FollowWatcherTable;
  follow_comment: FollowCommentTable;
  follow_photo: FollowPhotoTable;
  follow_history: FollowHistoryTable;
  follow_due_notice: FollowDueNoticeTable;
  schedule: ScheduleTable;
  schedule_change: ScheduleChangeTable;
  schedule_share: ScheduleShareTable;
}

/** Tables whose rows belong to one tenant. */
export type TenantTableName = {
  [K in keyof DB]: DB[K] extends { tenant_id: number } ? K : never;
}[keyof DB];
