/**
 * Every route of spec §2, once each. The web router registers these and the seed menu
 * tree must reach every one that needs a signed-in user (checked by a test).
 * `screen` names the screen a route shows: routes that share a screen share the name.
 */
export interface RouteEntry {
  path: string;
  screen: string;
  /** Reachable without signing in. */
  public?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/home', screen: 'home' },
  { path: '/login', screen: 'login', public: true },
  { path: '/redirect', screen: 'redirect', public: true },
  { path: '/securityMiddle', screen: 'securityMiddle', public: true },
  { path: '/management', screen: 'management' },
  { path: '/authorize/pmsGroup', screen: 'pmsGroup' },
  { path: '/authorize/roleManage', screen: 'roleManage' },
  { path: '/dataAnalysisPlate', screen: 'plateList' },
  { path: '/dataAnalysisPlate/ShowPlate/:id', screen: 'plateShow' },
  { path: '/dataAnalysisPlate/EditPlate', screen: 'plateEdit' },
  { path: '/dataAnalysisPlate/CreatePlate', screen: 'plateCreate' },
  { path: '/dataAnalysisPlate/ComponentSet', screen: 'plateComponentSet' },
  { path: '/data-analysis-plate/:id', screen: 'plateView' },
  { path: '/docManage', screen: 'docManage' },
  { path: '/docManage/attachManager', screen: 'attachManager' },
  { path: '/drawing/dataTemplateManage', screen: 'drawingDataTemplate' },
  { path: '/drawing/pictureRelease', screen: 'drawingRelease' },
  { path: '/drawing/dataSourceSettings', screen: 'drawingDataSource' },
  { path: '/drawing/projectSettings', screen: 'drawingProjectSettings' },
  { path: '/drawing/follow', screen: 'drawingFollow' },
  { path: '/drawing/pictureList', screen: 'drawingList' },
  { path: '/drawing/markPicture/:id', screen: 'drawingMark' },
  { path: '/annotation', screen: 'drawingMark' },
  { path: '/drawing/pictureHistory', screen: 'drawingHistory' },
  { path: '/follows', screen: 'followList' },
  { path: '/follows/details', screen: 'followDetails' },
  { path: '/follows/detail/:id', screen: 'followDetail' },
  { path: '/follows/edit/:id', screen: 'followEdit' },
  { path: '/modelMag', screen: 'modelList' },
  { path: '/modelMag/detail', screen: 'modelDetail' },
  { path: '/picture', screen: 'picture' },
  { path: '/publicSchedule', screen: 'publicSchedule', public: true },
  { path: '/gantt-list', screen: 'ganttList' },
  { path: '/gantt/:id', screen: 'gantt' },
  { path: '/table/customerForm/advance', screen: 'formAdvance' },
  { path: '/table/customerForm/flow', screen: 'flowDesigner' },
  { path: '/table/customerForm/form', screen: 'formDesigner' },
  { path: '/table/dataList/:id', screen: 'dataList' },
  { path: '/table/fill/:id', screen: 'formFill' },
  { path: '/table/create/:id', screen: 'formCreate' },
  { path: '/table/edit/:id', screen: 'formEdit' },
  { path: '/table/copy/:id', screen: 'formCopy' },
  { path: '/table/formData', screen: 'formData' },
  { path: '/table/mobileFill', screen: 'mobileFill' },
  { path: '/table/staging', screen: 'stagingList' },
  { path: '/table/staging/:id', screen: 'formFill' },
  { path: '/workSpace/templateList', screen: 'workspaceTemplates' },
  { path: '/workSpace/templateCreate/:id', screen: 'workspaceTemplateCreate' },
  { path: '/workSpace/select', screen: 'workspaceSelect' },
  { path: '/website/:id', screen: 'website', public: true },
  { path: '/appSetting/bi', screen: 'biSettings' },
  // Page administration: stored page configs, edited in the browser.
  { path: '/pageManage', screen: 'pageList' },
  { path: '/pageManage/edit/:id', screen: 'pageEdit' },
  { path: '/bayer', screen: 'customerPage' },
  { path: '/Acrolmmune', screen: 'customerPage' },
  { path: '/bim', screen: 'customerPage' },
  { path: '/monitoring', screen: 'customerPage' },
  { path: '/weishitong-2', screen: 'customerPage' },
  { path: '/project-dashboard', screen: 'customerPage' },
  { path: '/project-dashboard2', screen: 'customerPage' },
  { path: '/roche', screen: 'customerPage' },
  { path: '/roche-5d', screen: 'customerPage' },
  { path: '/dwgView', screen: 'customerPage' },
  { path: '/ys7', screen: 'customerPage' },
  { path: '/BIM5D', screen: 'customerPage' },
];

/** True when `pathname` fits `pattern`, where `:name` segments match any one segment. */
export function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]);
}

/** The address of a route of the table with its `:name` segments filled in: `routePath('/table/edit/:id', { id: 7 })`. */
export function routePath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  if (!ROUTES.some((route) => route.path === pattern)) throw new Error(`${pattern} is not a route of the table`);
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${pattern} needs ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
