import { EditOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAGE_EDIT_POINT } from '../../../core/contracts/page.ts';
import { pageEditorPath } from '../../../core/pages/page-editor-path.ts';
import { ROUTES, routeMatches } from '../../../core/routes.ts';
import { pageApi, type PageApi } from '../../api/page-endpoints.ts';
import { signedInDataSource } from '../../renderer/page-data-source.ts';
import { PageRenderer } from '../../renderer/page-renderer.tsx';
import NotFoundPage from '../../shell/pages/not-found-page.tsx';
import { useStores } from '../../stores/stores-context.tsx';
import { useStoredPage } from './use-stored-page.ts';

const isCustomerRoute = (pathname: string) => ROUTES.some((r) => r.screen === 'customerPage' && routeMatches(r.path, pathname));

/** Whether the reader may edit pages; false until known, and when it cannot be read (the server decides anyway). */
function useMayEditPages(api: PageApi): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    api.heldPoints('page').then(
      (points) => live && setAllowed(points.includes(PAGE_EDIT_POINT)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return allowed;
}

/**
 * A customer page (`/roche`, or any route an administrator stored a page at): the router's
 * server loader (`serverLoader?route=`) hands the stored config before it is drawn. At an
 * address the app does not know, no stored page means the not-found page.
 */
export default function CustomerPageScreen() {
  const { t } = useTranslation('widgets');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const stores = useStores();
  const api = useMemo(() => pageApi(stores.api.http), [stores]);
  const source = useMemo(() => signedInDataSource(api), [api]);
  const route = pathname.replace(/\/+$/, '') || '/';
  const state = useStoredPage(route, () => api.serverLoader(route));
  const mayEdit = useMayEditPages(api);
  const home = (
    <Button type="primary" onClick={() => void navigate('/home')}>
      {t('common:actions.backToHome')}
    </Button>
  );

  switch (state.status) {
    case 'loading':
      return (
        <div className="customer-page-loading" role="status" aria-label={t('customerPage.loading')}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      );
    case 'notFound':
      return isCustomerRoute(route) ? <Result status="info" title={t('customerPage.notSetUp')} subTitle={route} extra={home} /> : <NotFoundPage />;
    case 'forbidden':
      return <Result status="403" title="403" subTitle={t('customerPage.forbidden')} extra={home} />;
    case 'failed':
      return (
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
    case 'ready':
      return (
        <PageRenderer
          config={state.page.config}
          source={source}
          actions={
            mayEdit && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(pageEditorPath(state.page.id, route))} data-testid="edit-page">
                {t('customerPage.edit')}
              </Button>
            )
          }
        />
      );
  }
}
