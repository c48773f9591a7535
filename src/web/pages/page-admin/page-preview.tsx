import { Alert, Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageConfig } from '../../../core/pages/page-config.ts';
import type { PageDataSource } from '../../renderer/page-data-source.ts';
import { PageRenderer } from '../../renderer/page-renderer.tsx';
import { WidgetErrorBoundary } from '../../renderer/widget-error-boundary.tsx';

interface PagePreviewProps {
  config: PageConfig | null;
  /** Changes with each new config, so a config that failed to draw does not hold back the next. */
  revision: number;
  /** The config text has changed in a way the renderer cannot draw yet. */
  behind: boolean;
  source: PageDataSource;
}

/** The page as readers will see it, drawn by the renderer with real data from the last config that could be drawn. */
export function PagePreview({ config, revision, behind, source }: PagePreviewProps) {
  const { t } = useTranslation('admin');
  if (!config) return <Empty description={t('pages.preview.empty')} />;
  return (
    <div className="page-admin-preview" data-testid="page-preview">
      {behind && <Alert type="warning" showIcon className="admin-block" title={t('pages.preview.behind')} role="status" />}
      <WidgetErrorBoundary
        key={revision}
        fallback={(error, retry) => (
          <Result
            status="warning"
            title={t('pages.preview.failed')}
            subTitle={error.message}
            extra={<Button onClick={retry}>{t('state.retry')}</Button>}
          />
        )}
      >
        <PageRenderer config={config} source={source} />
      </WidgetErrorBoundary>
    </div>
  );
}
