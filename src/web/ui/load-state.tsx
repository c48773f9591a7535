import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from './loadable.ts';

interface LoadStateProps<T> {
  source: Loadable<T>;
  /** What to say when the data holds nothing; left out, empty data renders as any other. */
  empty?: { when: (data: T) => boolean; description: ReactNode; action?: ReactNode };
  children: (data: T) => ReactNode;
}

function LoadStateView<T>({ source, empty, children }: LoadStateProps<T>) {
  const { t } = useTranslation('admin');
  const retry = (
    <Button icon={<ReloadOutlined />} onClick={() => void source.load()}>
      {t('state.retry')}
    </Button>
  );
  if (source.data === null) {
    if (source.status === 'failed') {
      return <Result status="error" title={t('state.loadFailed')} subTitle={source.error || undefined} extra={retry} role="alert" />;
    }
    return (
      <div className="admin-state" role="status" aria-live="polite">
        <Spin />
        <span className="admin-visually-hidden">{t('state.loading')}</span>
      </div>
    );
  }
  const data = source.data;
  return (
    <Spin spinning={source.loading}>
      {source.status === 'failed' && (
        <Alert type="error" showIcon role="alert" title={t('state.reloadFailed')} description={source.error || undefined} action={retry} className="admin-block" />
      )}
      {empty && empty.when(data) ? <Empty description={empty.description}>{empty.action}</Empty> : children(data)}
    </Spin>
  );
}

/** A screen part's loading, failed and empty states around what it shows once data is there. */
export const LoadState = observer(LoadStateView) as <T>(props: LoadStateProps<T>) => ReactNode;
