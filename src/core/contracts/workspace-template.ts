/**
 * Workspace templates: a named set of resources, pages, forms and plates a new workspace is
 * made from (function point workspace:manage). Served by src/server/modules/workspace-template/.
 */
import {
  ALLPLAN_PREFIX,
  descriptionSchema,
  displayNameSchema,
  idListSchema,
  idSchema,
  strictObject,
  type IdParams,
  type Validated,
} from './common.ts';
import { workspaceCodeSchema } from './management.ts';

/** The workspace template endpoints. */
export const WORKSPACE_TEMPLATE_PATHS = {
  list: `${ALLPLAN_PREFIX}/workspaceTemplate/list`,
  detail: `${ALLPLAN_PREFIX}/workspaceTemplate/detail`,
  create: `${ALLPLAN_PREFIX}/workspaceTemplate/create`,
  update: `${ALLPLAN_PREFIX}/workspaceTemplate/update`,
  delete: `${ALLPLAN_PREFIX}/workspaceTemplate/delete`,
  instantiate: `${ALLPLAN_PREFIX}/workspaceTemplate/instantiate`,
} as const;

export interface WorkspaceTemplate {
  id: number;
  name: string;
  description: string;
  resourceCount: number;
  pageCount: number;
  updateTime: string;
}

/** GET workspaceTemplate/detail?id= */
export interface WorkspaceTemplateDetail {
  template: WorkspaceTemplate;
  resourceIds: number[];
  pageIds: number[];
  formIds: number[];
  boardIds: number[];
}

const templateItemProperties = {
  name: displayNameSchema,
  description: descriptionSchema,
  resourceIds: idListSchema(5000),
  pageIds: idListSchema(),
  formIds: idListSchema(),
  boardIds: idListSchema(),
} as const;

/** POST workspaceTemplate/create -> WorkspaceTemplateDetail. Name unique in the tenant (409); pages must exist in it. */
export const workspaceTemplateCreateBody = strictObject(templateItemProperties, ['name', 'resourceIds', 'pageIds']);
/** `formIds` and `boardIds` are kept for the form and plate modules. */
export type WorkspaceTemplateCreateBody = Validated<typeof workspaceTemplateCreateBody>;

/** POST workspaceTemplate/update -> WorkspaceTemplateDetail. Replaces every list it is given (formIds/boardIds kept when absent). */
export const workspaceTemplateUpdateBody = strictObject({ id: idSchema, ...templateItemProperties }, [
  'id',
  'name',
  'resourceIds',
  'pageIds',
]);
export type WorkspaceTemplateUpdateBody = Validated<typeof workspaceTemplateUpdateBody>;

/** POST workspaceTemplate/delete { id } -> null. Workspaces made from it keep what they got. */
export type WorkspaceTemplateDeleteBody = IdParams;

/**
 * POST workspaceTemplate/instantiate -> ManagedWorkspace: a new workspace whose menu is the
 * template's resources and the menu nodes of its pages, with their ancestors.
 */
export const workspaceTemplateInstantiateBody = strictObject(
  { id: idSchema, code: workspaceCodeSchema, name: displayNameSchema },
  ['id', 'code', 'name'],
);
export type WorkspaceTemplateInstantiateBody = Validated<typeof workspaceTemplateInstantiateBody>;
