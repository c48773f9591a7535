import { useMemo } from 'react';
import {
  FOLLOW_SETTINGS_PATHS as P,
  type DataSource,
  type DataSourceOption,
  type DisciplineList,
  type DisciplineSaveBody,
  type DrawingAreaMember,
  type DrawingAreaMembers,
  type FollowTemplate,
  type FollowTemplateDetail,
  type FollowTemplateVersion,
  type OptionImportResult,
  type OptionSaveBody,
  type OptionUsage,
  type ProjectSettings,
  type SourceSaveBody,
  type TemplateSaveBody,
} from '../../../core/contracts/follow-settings.ts';
import { FOLLOW_PATHS, type FollowPerson, type FollowType, type FollowTypeSaveBody } from '../../../core/contracts/follows.ts';
import { apiBaseUrl } from '../../api/request.ts';
import type { CallOptions } from '../../api/endpoints.ts';
import { useStores } from '../../stores/stores-context.tsx';
import type { RootStore } from '../../stores/root-store.ts';

// The settings screens show failures in place (beside the field, in the dialog or the panel).
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the data source, data template and project settings screens. */
export function settingsApi(stores: RootStore) {
  const http = stores.api.http;
  return {
    sources: (workspaceCode: string) => http.get<DataSource[]>(P.sourceList, { workspaceCode }, QUIET),
    saveSource: (body: SourceSaveBody) => http.post<DataSource>(P.sourceSave, body, QUIET),
    deleteSource: (workspaceCode: string, key: string) => http.post<null>(P.sourceDelete, { workspaceCode, key }, QUIET),
    options: (workspaceCode: string, source: string) => http.get<DataSourceOption[]>(P.optionList, { workspaceCode, source, retired: true }, QUIET),
    saveOption: (body: OptionSaveBody) => http.post<DataSourceOption>(P.optionSave, body, QUIET),
    retireOptions: (workspaceCode: string, source: string, ids: number[], retired: boolean) =>
      http.post<null>(P.optionRetire, { workspaceCode, source, ids, retired }, QUIET),
    deleteOptions: (workspaceCode: string, source: string, ids: number[]) => http.post<null>(P.optionDelete, { workspaceCode, source, ids }, QUIET),
    usage: (workspaceCode: string, source: string, id: number) => http.get<OptionUsage>(P.optionUsage, { workspaceCode, source, id }, QUIET),
    /** Where the browser downloads a list's option sheet: the token rides in the query, as for files. */
    exportUrl: (workspaceCode: string, source: string) => {
      const query = new URLSearchParams({ workspaceCode, source });
      if (stores.user.token) query.set('token', stores.user.token);
      return `${apiBaseUrl()}${P.optionExport}?${query}`;
    },
    /** Sends an option sheet, its progress in the uploads panel. */
    importOptions: (workspaceCode: string, source: string, file: File) =>
      stores.uploadTracked<OptionImportResult>(P.optionImport, file, { fields: { workspaceCode, source } }),

    templates: (workspaceCode: string) => http.get<FollowTemplate[]>(P.templateList, { workspaceCode }, QUIET),
    template: (typeId: number) => http.get<FollowTemplateDetail>(P.templateGet, { typeId }, QUIET),
    saveTemplate: (body: TemplateSaveBody) => http.post<FollowTemplateDetail>(P.templateSave, body, QUIET),
    publishTemplate: (typeId: number) => http.post<FollowTemplateVersion>(P.templatePublish, { typeId }, QUIET),

    project: (workspaceCode: string) => http.get<ProjectSettings>(P.projectGet, { workspaceCode }, QUIET),
    saveProject: (workspaceCode: string, revision: number, sheetNumberRule: string) =>
      http.post<ProjectSettings>(P.projectSave, { workspaceCode, revision, sheetNumberRule }, QUIET),
    disciplines: (workspaceCode: string) => http.get<DisciplineList>(P.disciplineList, { workspaceCode }, QUIET),
    saveDisciplines: (body: DisciplineSaveBody) => http.post<DisciplineList>(P.disciplineSave, body, QUIET),
    members: (workspaceCode: string) => http.get<DrawingAreaMembers>(P.memberList, { workspaceCode }, QUIET),
    setMemberRoles: (workspaceCode: string, userId: number, roleIds: number[]) =>
      http.post<DrawingAreaMember>(P.memberRoles, { workspaceCode, userId, roleIds }, QUIET),

    types: (workspaceCode: string) => http.get<FollowType[]>(FOLLOW_PATHS.typeList, { workspaceCode }, QUIET),
    saveType: (body: FollowTypeSaveBody) => http.post<FollowType>(FOLLOW_PATHS.typeSave, body, QUIET),
    people: (workspaceCode: string) => http.get<FollowPerson[]>(FOLLOW_PATHS.people, { workspaceCode }, QUIET),
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;

export function useSettingsApi(): SettingsApi {
  const stores = useStores();
  return useMemo(() => settingsApi(stores), [stores]);
}
