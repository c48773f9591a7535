import { EyeOutlined } from '@ant-design/icons';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../../stores/stores-context.tsx';

/** A settings screen's heading with the workspace it is of, and its buttons. */
export const SettingsHeader = observer(function SettingsHeader({ title, children }: { title: string; children?: ReactNode }) {
  const workspace = useStores().layout.workSpace;
  return (
    <div className="admin-page-header">
      <Typography.Title level={3}>
        {title}
        {workspace && (
          <Typography.Text type="secondary" className="follow-settings-workspace" dir="auto">
            {workspace.name || workspace.code}
          </Typography.Text>
        )}
      </Typography.Title>
      {children && <Space wrap>{children}</Space>}
    </div>
  );
});

/** Said to whoever may look but not change: the settings are shown as they are. */
export function ReadOnlyNote() {
  const { t } = useTranslation('followSettings');
  return <Alert type="info" showIcon icon={<EyeOutlined />} className="admin-block" title={t('readOnly')} data-testid="settings-read-only" />;
}
