import { useTranslation } from 'react-i18next';
import type { TenantOption } from '../../../core/entities.ts';
import { LoginIcon } from './login-icons.tsx';

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
    <div className="tenant-picker">
      <h3 id="tenant-picker-title">{t('tenant.title')}</h3>
      <ul aria-labelledby="tenant-picker-title">
        {tenants.map((tenant, index) => (
          <li key={tenant.tenantId}>
            <button
              type="button"
              className="plain-button tenant-option"
              onClick={() => onPick(tenant)}
              disabled={busyTenant !== null && busyTenant !== tenant.tenantId}
              aria-busy={busyTenant === tenant.tenantId}
              autoFocus={index === 0}
            >
              {busyTenant === tenant.tenantId ? <span className="spinner spinner-small" aria-hidden="true" /> : <LoginIcon name="building" />}
              <span>{tenant.tenantName}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="plain-button plain-button-link" onClick={onBack}>
        {t('tenant.switchAccount')}
      </button>
    </div>
  );
}
