import { BankOutlined } from '@ant-design/icons';
import { Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantOption } from '../../../core/entities.ts';

/** The tenant step after a password login, shown only when the user belongs to several. */
export function TenantPicker({
  tenants,
  busyTenant,
  onPick,
  onBack,
}: {
  tenants: TenantOption[];
  busyTenant: number | null;
  onPick: (tenant: TenantOption) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('login');
  return (
    <div>
      <Typography.Title level={4}>{t('tenant.title')}</Typography.Title>
      <List
        dataSource={tenants}
        renderItem={(tenant, index) => (
          <List.Item>
            <Button
              block
              size="large"
              icon={<BankOutlined />}
              loading={busyTenant === tenant.tenantId}
              disabled={busyTenant !== null && busyTenant !== tenant.tenantId}
              onClick={() => onPick(tenant)}
              autoFocus={index === 0}
              style={{ textAlign: 'start' }}
            >
              {tenant.tenantName}
            </Button>
          </List.Item>
        )}
      />
      <Button type="link" onClick={onBack}>
        {t('tenant.switchAccount')}
      </Button>
    </div>
  );
}
