import { Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, type DataScope } from '../../../core/contracts/role.ts';

/** The three data scopes, each with what it lets a role's holders see. */
export function DataScopeOptions({ value, onChange, disabled }: { value?: DataScope; onChange?: (scope: DataScope) => void; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value as DataScope)} disabled={disabled} aria-label={t('roles.dataScope')}>
      <Space orientation="vertical" size="small">
        {DATA_SCOPES.map((scope) => (
          <Radio key={scope} value={scope}>
            <span className="admin-scope-option">
              <span>{t(`roles.scopes.${scope}.label`)}</span>
              <Typography.Text type="secondary">{t(`roles.scopes.${scope}.help`)}</Typography.Text>
            </span>
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
