import { AppstoreOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Result, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { WorkspaceInfo } from '../../../core/entities.ts';
import { returnPathFrom } from '../login/login-path.ts';
import { useStores } from '../../stores/stores-context.tsx';

/** /workSpace/select: the workspaces the user may enter; choosing one loads its menu. */
const WorkspaceSelectPage = observer(function WorkspaceSelectPage() {
  const stores = useStores();
  const { t } = useTranslation(['login', 'common']);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [workspaces, setWorkspaces] = useState<WorkspaceInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    setWorkspaces(null);
    stores.api.workspaces().then(setWorkspaces, () => setFailed(true));
  }, [stores]);
  useEffect(load, [load]);

  const choose = async (workspace: WorkspaceInfo) => {
    setBusy(workspace.code);
    try {
      await stores.chooseWorkspace(workspace);
      navigate(returnPathFrom(search), { replace: true });
    } finally {
      setBusy(null);
    }
  };

  const current = stores.layout.workSpace?.code;
  return (
    <Card style={{ maxWidth: 640, margin: '24px auto' }} title={t('login:workspace.title')}>
      {failed ? (
        <Result status="error" title={t('common:status.loadFailed')} extra={<Button onClick={load}>{t('common:actions.retry')}</Button>} />
      ) : workspaces === null ? (
        <div style={{ textAlign: 'center', padding: 32 }} role="status">
          <Spin />
        </div>
      ) : workspaces.length === 0 ? (
        <Empty description={t('login:workspace.empty')} />
      ) : (
        <List
          dataSource={workspaces}
          renderItem={(workspace, index) => (
            <List.Item>
              <Button
                block
                size="large"
                icon={workspace.code === current ? <CheckOutlined /> : <AppstoreOutlined />}
                type={workspace.code === current ? 'primary' : 'default'}
                loading={busy === workspace.code}
                onClick={() => void choose(workspace)}
                autoFocus={index === 0}
                style={{ textAlign: 'start' }}
                data-testid={`workspace-${workspace.code}`}
              >
                {workspace.name}
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {workspace.code}
                </Typography.Text>
              </Button>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
});

export default WorkspaceSelectPage;
