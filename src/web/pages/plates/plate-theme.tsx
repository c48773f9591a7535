import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import type { BiTheme } from '../../../core/contracts/bi.ts';

/** A plate in the tenant's BI theme: dark plates get antd's dark tokens and dark cells (charts follow their surface). */
export function PlateTheme({ theme: name, children }: { theme: BiTheme | undefined; children: ReactNode }) {
  if (name !== 'dark') return <>{children}</>;
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div className="plate-theme-dark">{children}</div>
    </ConfigProvider>
  );
}
