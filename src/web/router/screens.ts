import type { ComponentType } from 'react';
import { lazyScreen, type LazyComponent } from './chunk-loader.tsx';

/**
 * Screen name (src/core/routes.ts) -> its lazily loaded chunk. A screen that is not built
 * yet shows the "not available" screen; each later feature replaces its line.
 */
const pending = () => import('../shell/pages/unavailable-page.tsx');

const loaders: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import('../shell/pages/home-page.tsx'),
  login: () => import('../shell/login/login-page.tsx'),
  redirect: () => import('../shell/pages/redirect-page.tsx'),
  securityMiddle: () => import('../shell/pages/security-middle-page.tsx'),
  workspaceSelect: () => import('../shell/pages/workspace-select-page.tsx'),
  customerPage: () => import('../pages/customer-page/customer-page.tsx'),
  website: () => import('../pages/website/website-page.tsx'),
  roleManage: () => import('../pages/authorize/role-manage-page.tsx'),
  pmsGroup: () => import('../pages/authorize/pms-group-page.tsx'),
  management: () => import('../pages/management/management-page.tsx'),
  workspaceTemplates: () => import('../pages/workspace-template/template-list-page.tsx'),
  workspaceTemplateCreate: () => import('../pages/workspace-template/template-edit-page.tsx'),
  pageList: () => import('../pages/page-admin/page-list-page.tsx'),
  pageEdit: () => import('../pages/page-admin/page-edit-page.tsx'),
  formData: () => import('../pages/form-data/form-data-page.tsx'),
  dataList: () => import('../pages/form-data/data-list-page.tsx'),
  flowDesigner: () => import('../pages/flow-designer/flow-designer-page.tsx'),
  formFill: () => import('../pages/form-fill/fill-page.tsx'),
  formCreate: () => import('../pages/form-fill/fill-page.tsx'),
  formCopy: () => import('../pages/form-fill/fill-page.tsx'),
  mobileFill: () => import('../pages/form-fill/fill-page.tsx'),
  formEdit: () => import('../pages/form-fill/edit-page.tsx'),
  stagingList: () => import('../pages/form-fill/staging-list-page.tsx'),
  formDesigner: () => import('../pages/form-designer/form-designer-page.tsx'),
  formAdvance: () => import('../pages/form-designer/form-advance-page.tsx'),
  plateList: () => import('../pages/plates/plate-list-page.tsx'),
  plateShow: () => import('../pages/plates/plate-view-page.tsx'),
  plateView: () => import('../pages/plates/plate-view-page.tsx'),
  plateCreate: () => import('../pages/plates/editor/plate-edit-page.tsx'),
  plateEdit: () => import('../pages/plates/editor/plate-edit-page.tsx'),
  plateComponentSet: () => import('../pages/plates/component-set/component-set-page.tsx'),
  biSettings: () => import('../pages/bi-settings/bi-settings-page.tsx'),
  docManage: () => import('../pages/documents/doc-manage-page.tsx'),
  attachManager: () => import('../pages/attachments/attach-manager-page.tsx'),
  drawingList: () => import('../pages/drawings/register/register-page.tsx'),
  drawingRelease: () => import('../pages/drawings/release/release-page.tsx'),
  drawingHistory: () => import('../pages/drawings/history/history-page.tsx'),
  drawingMark: () => import('../pages/drawings/markups/mark-page.tsx'),
  picture: () => import('../pages/drawings/viewer/picture-page.tsx'),
  followList: () => import('../pages/follows/list/follow-list-page.tsx'),
  followDetails: () => import('../pages/follows/overview/follow-overview-page.tsx'),
  followDetail: () => import('../pages/follows/detail/follow-detail-page.tsx'),
  followEdit: () => import('../pages/follows/edit/follow-edit-page.tsx'),
  drawingDataSource: () => import('../pages/follow-settings/data-source-page.tsx'),
  drawingDataTemplate: () => import('../pages/follow-settings/data-template-page.tsx'),
  drawingProjectSettings: () => import('../pages/follow-settings/project-settings-page.tsx'),
  drawingFollow: () => import('../pages/drawings/follow/follow-page.tsx'),
  gantt: () => import('../pages/schedules/editor/schedule-editor-page.tsx'),
  publicSchedule: () => import('../pages/schedules/public/public-schedule-page.tsx'),
  ganttList: () => import('../pages/schedules/list/schedule-list-page.tsx'),
};

const cache = new Map<string, LazyComponent<object>>();

export function screenFor(name: string): LazyComponent<object> {
  let screen = cache.get(name);
  if (!screen) {
    screen = lazyScreen(loaders[name] ?? pending);
    cache.set(name, screen);
  }
  return screen;
}
