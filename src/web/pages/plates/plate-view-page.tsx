import { AppstoreOutlined, FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Select, Skeleton, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PLATE_REFRESH_SECONDS } from '../../../core/contracts/plates.ts';
import { pageApi } from '../../api/page-endpoints.ts';
import { plateApi } from '../../api/plate-endpoints.ts';
import { signedInDataSource } from '../../renderer/page-data-source.ts';
import { PageRenderer } from '../../renderer/page-renderer.tsx';
import { useKeyedLoad } from '../../renderer/use-keyed-load.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { PlateTheme } from './plate-theme.tsx';
import { refreshLabel } from './refresh-label.ts';
import { useBiSettings } from './use-bi-settings.ts';
import './plates.css';

export const PLATE_LIST_PATH = '/dataAnalysisPlate';

/** Counts up every `seconds` while the window is visible (0: never), so the plate asks again. */
function useAutoRefresh(seconds: number): [number, () => void] {
  const [token, setToken] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setToken((n) => n + 1);
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return [token, () => setToken((n) => n + 1)];
}

/** Whether `element` fills the screen, and a toggle for it. */
function useFullScreen(element: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [element]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.current?.requestFullscreen?.();
  };
  return [full, toggle];
}

/**
 * A plate as its viewers see it (`/data-analysis-plate/{id}` and `/dataAnalysisPlate/ShowPlate/{id}`):
 * its components with the plate's filters, refreshed now or every few minutes, in the window
 * or full screen. Each component asks for its data with the viewer's own rights.
 */
export default function PlateViewPage() {
  const { t } = useTranslation('widgets');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const stores = useStores();
  const plates = useMemo(() => plateApi(stores.api.http), [stores]);
  const source = useMemo(() => signedInDataSource(pageApi(stores.api.http)), [stores]);
  const plateId = Number(id);
  const state = useKeyedLoad(id, () => (Number.isInteger(plateId) && plateId > 0 ? plates.detail(plateId) : Promise.reject(new Error(t('plates.view.badAddress')))));
  const bi = useBiSettings();
  const [chosenRefresh, setRefreshSeconds] = useState<number | null>(null);
  // The tenant's default until the viewer picks another interval.
  const refreshSeconds = chosenRefresh ?? bi?.defaultRefresh ?? 0;
  const look = useMemo(() => ({ palette: bi?.palette }), [bi]);
  const [refreshToken, refreshNow] = useAutoRefresh(refreshSeconds);
  const frame = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(frame);

  const back = (
    <Button type="primary" onClick={() => void navigate(PLATE_LIST_PATH)}>
      {t('plates.view.allPlates')}
    </Button>
  );
  switch (state.status) {
    case 'loading':
      return (
        <div className="plate-view-loading" role="status" aria-label={t('plates.view.loading')}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      );
    case 'notFound':
      return <Result status="404" title={t('plates.view.notFound')} extra={back} />;
    case 'forbidden':
      return <Result status="403" title="403" subTitle={t('plates.view.forbidden')} extra={back} />;
    case 'failed':
      return (
        <Result
          status="error"
          title={t('plates.view.failed')}
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
        <div ref={frame} className={full ? 'plate-view plate-view-full' : 'plate-view'} data-testid="plate-view">
          <PlateTheme theme={bi?.theme}>
            <PageRenderer
              config={state.value.config}
              source={source}
              refreshToken={refreshToken}
              exportable
              look={look}
              actions={
                <Space wrap>
                  <Select
                    value={refreshSeconds}
                    onChange={setRefreshSeconds}
                    aria-label={t('plates.view.autoRefresh')}
                    className="plate-view-interval"
                    data-testid="plate-refresh-interval"
                    options={PLATE_REFRESH_SECONDS.map((seconds) => ({
                      value: seconds,
                      label: refreshLabel(t, seconds),
                    }))}
                  />
                  <Tooltip title={t('plates.view.refreshNow')}>
                    <Button icon={<ReloadOutlined />} onClick={refreshNow} aria-label={t('plates.view.refreshNow')} data-testid="plate-refresh" />
                  </Tooltip>
                  <Tooltip title={full ? t('plates.view.exitFullScreen') : t('plates.view.fullScreen')}>
                    <Button
                      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                      onClick={toggleFull}
                      aria-label={full ? t('plates.view.exitFullScreen') : t('plates.view.fullScreen')}
                      data-testid="plate-full-screen"
                    />
                  </Tooltip>
                  {!full && (
                    <Button icon={<AppstoreOutlined />} onClick={() => void navigate(PLATE_LIST_PATH)}>
                      {t('plates.view.allPlates')}
                    </Button>
                  )}
                </Space>
              }
            />
          </PlateTheme>
        </div>
      );
  }
}
