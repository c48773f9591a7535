import { SwapOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { WorkspaceInfo } from '../../../core/entities.ts';
import { handled } from '../../ui/handled.ts';
import { useStores } from '../../stores/stores-context.tsx';

/** The current workspace; switching reloads the menu (a USER's menu is per workspace) and goes home. */
export const WorkspaceSwitch = observer(function WorkspaceSwitch() {
  const stores = useStores();
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [workspaces, setWorkspaces] = useState<WorkspaceInfo[] | null>(null);

  useEffect(() => {
    stores.api.workspaces().then(setWorkspaces, () => setWorkspaces([]));
  }, [stores]);

  // While the session waits for its workspace, the screen itself is the choice: no empty picker above it.
  if (!workspaces || workspaces.length === 0 || stores.sessionNeeds === 'workspace') return null;
  return (
    <Select
      value={stores.layout.workSpace?.code}
      placeholder={t('header.workspace')}
      aria-label={t('header.workspace')}
      suffixIcon={<SwapOutlined />}
      className="app-workspace-switch"
      popupMatchSelectWidth={false}
      options={workspaces.map((w) => ({ value: w.code, label: `${w.name} (${w.code})` }))}
      // On a narrow screen the name gives way to the code (app-layout.css).
      labelRender={({ value }) => {
        const chosen = workspaces.find((w) => w.code === value);
        return chosen && (
          <>
            <span className="app-workspace-name">{chosen.name} (</span>
            {chosen.code}
            <span className="app-workspace-name">)</span>
          </>
        );
      }}
      onChange={handled(async (code: string) => {
        const workspace = workspaces.find((w) => w.code === code);
        if (!workspace) return;
        await stores.chooseWorkspace(workspace);
        navigate('/home');
      })}
    />
  );
});
