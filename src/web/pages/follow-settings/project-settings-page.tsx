import { Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/stores-context.tsx';
import { DisciplinesTab } from './disciplines-tab.tsx';
import { MembersTab } from './members-tab.tsx';
import { useSettingsApi } from './settings-api.ts';
import { useMayChange } from './settings-access.ts';
import { ReadOnlyNote, SettingsHeader } from './settings-frame.tsx';
import { SheetNumberTab } from './sheet-number-tab.tsx';
import { TypesTab } from './types-tab.tsx';
import '../../ui/admin.css';
import './follow-settings.css';

const TABS = ['sheetNumbers', 'types', 'disciplines', 'members'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /drawing/projectSettings: the drawing area's rules of a workspace in tabs (kept in the address
 * as `?tab=`): the sheet-number rule, the follow-up types (names, colour, icon, who may move a
 * follow-up where, default reviewers, numbering), the disciplines and the members with their rights.
 */
const ProjectSettingsPage = observer(function ProjectSettingsPage() {
  const workspace = useStores().layout.workSpace;
  const { t } = useTranslation('followSettings');
  const api = useSettingsApi();
  const access = useMayChange();
  const mayChange = access === true;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = TABS.find((each) => each === asked) ?? 'sheetNumbers';
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  const code = workspace.code;
  return (
    <div className="admin-page follow-settings-page" data-testid="project-settings-page" key={code}>
      <SettingsHeader title={t('project.title')} />
      {access === false && <ReadOnlyNote />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'sheetNumbers', label: t('project.tab.sheetNumbers'), children: <SheetNumberTab api={api} workspaceCode={code} mayChange={mayChange} /> },
          { key: 'types', label: t('project.tab.types'), children: <TypesTab api={api} workspaceCode={code} mayChange={mayChange} /> },
          { key: 'disciplines', label: t('project.tab.disciplines'), children: <DisciplinesTab api={api} workspaceCode={code} mayChange={mayChange} /> },
          { key: 'members', label: t('project.tab.members'), children: <MembersTab api={api} workspaceCode={code} access={access} /> },
        ]}
      />
    </div>
  );
});

export default ProjectSettingsPage;
