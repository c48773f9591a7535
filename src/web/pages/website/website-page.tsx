import { Button, Result, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageApi } from '../../api/page-endpoints.ts';
import { websiteDataSource } from '../../renderer/page-data-source.ts';
import { PageRenderer } from '../../renderer/page-renderer.tsx';
import { LanguageSwitch } from '../../shell/layout/language-switch.tsx';
import { useStores } from '../../stores/stores-context.tsx';
import { useStoredPage } from '../customer-page/use-stored-page.ts';
import './website-page.css';
import { textIn } from '../../../core/local-text.ts';

/** /website/{id}: a published public site, for anyone, without signing in and without the workspace frame. */
export default function WebsitePage() {
  const { t, i18n } = useTranslation('widgets');
  const { id = '' } = useParams();
  const stores = useStores();
  const api = useMemo(() => pageApi(stores.api.http), [stores]);
  const source = useMemo(() => websiteDataSource(api, id), [api, id]);
  const state = useStoredPage(id, () => api.website(id));

  let body;
  if (state.status === 'loading') {
    body = (
      <div role="status" aria-label={t('customerPage.loading')}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  } else if (state.status === 'ready') {
    body = (
      <>
        {state.page.config.description ? <p className="website-page-lead" dir="auto">{textIn(state.page.config.description, i18n.language)}</p> : null}
        <PageRenderer config={state.page.config} source={source} showHeader={false} />
      </>
    );
  } else if (state.status === 'failed') {
    body = (
      <Result
        status="error"
        title={t('customerPage.failed')}
        subTitle={state.message}
        extra={
          <Button type="primary" onClick={state.retry} autoFocus>
            {t('cell.retry')}
          </Button>
        }
      />
    );
  } else {
    body = <Result status="404" title="404" subTitle={t('website.notFound')} />;
  }

  return (
    <div className="website-page">
      <header className="website-page-bar">
        {/* The site's own name heads the page; the workspace frame is not shown here. */}
        <h1 className="website-page-brand">{state.status === 'ready' ? textIn(state.page.config.title, i18n.language) : 'Plinth'}</h1>
        <LanguageSwitch />
      </header>
      <main className="website-page-main">{body}</main>
      <footer className="website-page-foot">{t('website.poweredBy')}</footer>
    </div>
  );
}
