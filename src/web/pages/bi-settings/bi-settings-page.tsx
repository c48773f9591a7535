import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, ColorPicker, Form, Result, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BI_PALETTE_MAX, BI_POINTS, type BiSettings, type BiSettingsBody, type BiTheme } from '../../../core/contracts/bi.ts';
import { PLATE_REFRESH_SECONDS } from '../../../core/contracts/plates.ts';
import { formatServerDate } from '../../../core/format.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { useSave } from '../../ui/use-save.ts';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes.ts';
import { ApiError } from '../../api/api-error.ts';
import { biApi } from '../../api/bi-endpoints.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { messageOf } from '../../api/error-message.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { refreshLabel } from '../plates/refresh-label.ts';
import '../../ui/admin.css';
import './bi-settings.css';
import { ViewsSection } from './views-section.tsx';

/** Colours a new palette starts from (the app's own chart colours). */
const STARTING_PALETTE = ['#1677ff', '#13c2c2', '#faad14', '#722ed1', '#52c41a', '#fa8c16'];

type Draft = Pick<BiSettings, 'theme' | 'palette' | 'defaultRefresh'>;
type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; stored: BiSettings };

const draftOf = (settings: BiSettings): Draft => ({ theme: settings.theme, palette: settings.palette, defaultRefresh: settings.defaultRefresh });

/**
 * /appSetting/bi: the tenant's defaults for analysis plates — the theme they are drawn in, the
 * palette charts take when a component names no colours, and the auto-refresh a plate opens
 * with — and its registered data sources (SQL views). Anyone may look at the defaults;
 * saving them and the views take `bi:manage` (the server checks it again).
 */
const BiSettingsPage = observer(function BiSettingsPage() {
  const { t, i18n } = useTranslation('widgets');
  const { message, modal } = App.useApp();
  const stores = useStores();
  const api = useMemo(() => biApi(stores.api.http), [stores]);
  const held = useHeldPoints('bi');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { busy: saving, save: write } = useSave(
    (body: BiSettingsBody) => api.update(body),
    (saved) => {
      setLoad({ status: 'ready', stored: saved });
      setDraft(draftOf(saved));
      void message.success(t('bi.saved'));
    },
    (failure) => {
      if (failure instanceof ApiError && failure.status === 409) {
        modal.warning({ title: t('bi.conflictTitle'), content: messageOf(failure, ''), onOk: () => setAttempt((n) => n + 1) });
      } else {
        void message.error(messageOf(failure, t('bi.failed')));
      }
      return '';
    },
  );

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    api.settings().then(
      (stored) => {
        if (!live) return;
        setLoad({ status: 'ready', stored });
        setDraft(draftOf(stored));
      },
      (failure: unknown) => live && setLoad({ status: 'failed', message: messageOf(failure, t('bi.failed')) }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt, t]);

  const stored = load.status === 'ready' ? load.stored : null;
  const dirty = stored !== null && draft !== null && JSON.stringify(draftOf(stored)) !== JSON.stringify(draft);
  useUnsavedChanges(() => dirty);
  const canManage = held.has(BI_POINTS.manage);

  if (load.status === 'loading' || !draft) {
    return load.status === 'failed' ? (
      <Result
        status="error"
        title={t('bi.failed')}
        subTitle={load.message}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)} autoFocus>
            {t('cell.retry')}
          </Button>
        }
      />
    ) : (
      <div className="admin-page" role="status" aria-label={t('bi.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  const change = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = () => write({ ...draft, revision: stored!.revision });

  const palette = draft.palette.length ? draft.palette : STARTING_PALETTE;
  return (
    <div className="admin-page bi-settings">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('bi.title')}</Typography.Title>
        <Space>
          {dirty ? <span className="bi-settings-dirty">{t('plates.editor.unsaved')}</span> : null}
          <Button type="primary" loading={saving} disabled={!canManage || !dirty} onClick={() => void save()} data-testid="bi-save">
            {t('plates.list.save')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary">{t('bi.intro')}</Typography.Text>
      {held.ready && !canManage ? <Alert type="info" showIcon title={t('bi.readOnly')} /> : null}
      <Card>
        <Form layout="vertical" className="bi-settings-form" disabled={!canManage}>
          <Form.Item label={t('bi.theme')} extra={t('bi.themeHint')}>
            <Segmented<BiTheme>
              value={draft.theme}
              onChange={(theme) => change({ theme })}
              options={(['light', 'dark'] as const).map((value) => ({ value, label: t(`bi.themes.${value}`) }))}
              data-testid="bi-theme"
            />
          </Form.Item>
          <Form.Item label={t('bi.palette')} extra={draft.palette.length ? t('bi.paletteHint') : t('bi.paletteDefault')}>
            <Space wrap>
              {draft.palette.map((color, i) => (
                <Space.Compact key={i}>
                  <ColorPicker
                    value={color}
                    disabledAlpha
                    onChangeComplete={(value) => change({ palette: draft.palette.map((c, j) => (j === i ? value.toHexString() : c)) })}
                    aria-label={t('plates.settings.colorN', { n: i + 1 })}
                  />
                  <Button icon={<DeleteOutlined />} aria-label={t('plates.settings.removeColor', { n: i + 1 })} onClick={() => change({ palette: draft.palette.filter((_, j) => j !== i) })} />
                </Space.Compact>
              ))}
              {draft.palette.length < BI_PALETTE_MAX ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => change({ palette: draft.palette.length ? [...draft.palette, STARTING_PALETTE[draft.palette.length % STARTING_PALETTE.length]!] : [...STARTING_PALETTE] })}
                  data-testid="bi-add-color"
                >
                  {t('plates.settings.addColor')}
                </Button>
              ) : null}
              {draft.palette.length ? <Button onClick={() => change({ palette: [] })}>{t('bi.paletteReset')}</Button> : null}
            </Space>
          </Form.Item>
          <Form.Item label={t('bi.defaultRefresh')} extra={t('bi.defaultRefreshHint')} htmlFor="bi-refresh">
            <Select
              id="bi-refresh"
              className="bi-settings-refresh"
              value={draft.defaultRefresh}
              onChange={(defaultRefresh: number) => change({ defaultRefresh })}
              options={PLATE_REFRESH_SECONDS.map((seconds) => ({ value: seconds, label: refreshLabel(t, seconds) }))}
              data-testid="bi-refresh"
            />
          </Form.Item>
        </Form>
        <section className={`bi-settings-sample bi-settings-sample-${draft.theme}`} aria-label={t('bi.sample')}>
          <h2>{t('bi.sample')}</h2>
          <div className="bi-settings-bars" aria-hidden>
            {palette.slice(0, 8).map((color, i) => (
              <span key={i} style={{ background: color, height: `${30 + ((i * 37) % 60)}%` }} />
            ))}
          </div>
        </section>
        {stored?.updateTime ? (
          <p className="bi-settings-updated">
            {t('bi.updated', { time: formatServerDate(stored.updateTime, languageOf(i18n)), name: stored.updatedByName ?? '—' })}
          </p>
        ) : null}
      </Card>
      {canManage ? <ViewsSection api={api} /> : null}
    </div>
  );
});

export default BiSettingsPage;
