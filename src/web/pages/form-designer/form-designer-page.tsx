import { ArrowLeftOutlined, HistoryOutlined, RedoOutlined, SaveOutlined, SendOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Drawer, List, Result, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formDesignValidator } from 'virtual:plinth/form-design-validator';
import { FORM_DESIGN_POINTS, FORM_POINTS, type FormOption, type FormVersionItem } from '../../../core/contracts/form.ts';
import { formatServerDate } from '../../../core/format.ts';
import { checkFormDesign } from '../../../core/forms/form-design-problems.ts';
import { idOfParam } from '../../ui/edit-target.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes.ts';
import { ApiError } from '../../api/api-error.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import { messageOf } from '../../api/error-message.ts';
import { problemSentence, problemsOfFailure, problemsUnder } from '../../ui/problem-sentence.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { Canvas, DesignerDnd, Palette } from './designer-canvas.tsx';
import { designerApi, type DesignerApi } from './designer-api.ts';
import { advancePath, DESIGNER_PATH } from './designer-paths.ts';
import { ProblemList } from './design-problems.tsx';
import { RecordIdentity } from './record-identity.tsx';
import { DesignStore } from './design-store.ts';
import { FormList } from './form-list.tsx';
import { PreviewPane } from './preview-pane.tsx';
import { PropertiesPanel } from './properties-panel.tsx';
import { DATA_TEMPLATE_PATH, TemplateBreadcrumb, useTemplateOrigin } from '../follow-settings/template-origin.tsx';
import '../../ui/admin.css';
import './form-designer.css';

const checkDesign = (design: unknown) => checkFormDesign(design, formDesignValidator);

/** The middle pane: the canvas to edit on, or the live preview of the form as it would be filled. */
type DesignerView = 'canvas' | 'preview';

export function useDesignerApi(): DesignerApi {
  const stores = useStores();
  return useMemo(() => designerApi(stores.api.http), [stores]);
}

/**
 * One form's designer: palette, canvas and properties; save, publish and the version history.
 * Opened for a follow-up type's data template (`templateTypeId`), it shows the way back to the
 * data templates screen and saves and publishes through the template's calls (bindings checked,
 * a new template version).
 */
const Designer = observer(function Designer({ api, id, canPublish, templateTypeId }: { api: DesignerApi; id: number; canPublish: boolean; templateTypeId: number | null }) {
  const { t, i18n } = useTranslation(['forms', 'followSettings']);
  const origin = useTemplateOrigin(templateTypeId, id);
  const template = origin && origin !== 'failed' ? origin : null;
  // Opened for a template: nothing is saved until its origin is known, and never past its checks.
  const templateBlocked = templateTypeId !== null && template === null;
  const textIn = useTextIn();
  const { message } = App.useApp();
  const [detail] = useState(() => new Loadable(() => api.detail(id)));
  const [store, setStore] = useState<DesignStore | null>(null);
  const [revision, setRevision] = useState(0);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [failure, setFailure] = useState('');
  const [versions, setVersions] = useState<FormVersionItem[] | null>(null);
  const [forms, setForms] = useState<FormOption[]>([]);
  const [view, setView] = useState<DesignerView>('canvas');

  useEffect(() => {
    void detail.load().then(async () => {
      const form = detail.data;
      if (!form) return;
      setRevision(form.revision);
      const published = form.currentVersion === null ? new Set<string>() : await publishedKeys(api, id, form.currentVersion);
      setStore(new DesignStore(form.design, checkDesign, published));
    });
    api.formOptions().then(setForms, () => setForms([]));
  }, [detail, api, id]);

  useUnsavedChanges(() => store?.dirty ?? false);

  const save = async (): Promise<boolean> => {
    if (!store) return false;
    setBusy('save');
    setFailure('');
    try {
      if (template) {
        const saved = await template.save(revision, store.design);
        await detail.load();
        setRevision(saved.revision);
        store.markSaved(saved.design);
      } else {
        const saved = await api.update({ id, revision, design: store.design });
        detail.set(saved);
        setRevision(saved.revision);
        store.markSaved(saved.design);
      }
      void message.success(t('designer.saved'));
      return true;
    } catch (error) {
      const problems = problemsOfFailure(error);
      const design = problemsUnder(problems, 'design');
      if (design.length) {
        // Shown at their fields like the browser's own checks.
        store.setServerProblems(design);
        return false;
      }
      const text = problems.length ? problems.map((p) => problemSentence(t, p)).join(' ') : messageOf(error, '');
      setFailure(error instanceof ApiError && error.kind === 'http' && error.status === 409 ? t('designer.conflict', { message: text }) : text);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    if (!store || (store.dirty && !(await save()))) return;
    setBusy('publish');
    setFailure('');
    try {
      const version = template ? { version: await template.publish() } : await api.publish(id);
      void message.success(t('designer.published', { version: version.version }));
      await detail.load();
      if (detail.data) setRevision(detail.data.revision);
      // A template's publishing fills its bound choices from their lists in the draft: show them.
      if (template && detail.data) store.markSaved(detail.data.design);
      store.setPublishedKeys(await publishedKeys(api, id, version.version));
      if (versions) setVersions(await api.versions(id));
    } catch (error) {
      const problems = problemsOfFailure(error);
      setFailure(problems.length ? problems.map((p) => problemSentence(t, p)).join(' ') : messageOf(error, ''));
    } finally {
      setBusy(null);
    }
  };

  const openVersions = async () => {
    setVersions([]);
    try {
      setVersions(await api.versions(id));
    } catch (error) {
      setVersions(null);
      void message.error(messageOf(error, ''));
    }
  };

  return (
    <div className="admin-page designer-page">
      <LoadState source={detail}>
        {(form) =>
          !store ? null : (
            <>
              {template && <TemplateBreadcrumb origin={template} />}
              {origin === 'failed' && <Alert type="error" showIcon role="alert" title={t('followSettings:template.failed')} data-testid="designer-template-failed" />}
              <div className="admin-page-header">
                <Space wrap>
                  <Link to={templateTypeId !== null ? DATA_TEMPLATE_PATH : DESIGNER_PATH} aria-label={template ? t('followSettings:template.title') : t('designer.back')}>
                    <ArrowLeftOutlined className="designer-flip" />
                  </Link>
                  <Typography.Title level={3} className="designer-title">
                    <bdi>{textIn(form.name)}</bdi>
                  </Typography.Title>
                  <Tag color={form.status === 'published' ? 'green' : 'orange'} data-testid="form-status">
                    {t(`designer.status.${form.status}`)}
                    {form.currentVersion !== null && ` · v${form.currentVersion}`}
                  </Tag>
                  {store.dirty && <Tag color="blue">{t('designer.unsaved')}</Tag>}
                </Space>
                <Space wrap>
                  <Button icon={<UndoOutlined />} disabled={!store.canUndo} onClick={() => store.undo()} aria-label={t('designer.undo')} title={t('designer.undo')} />
                  <Button icon={<RedoOutlined />} disabled={!store.canRedo} onClick={() => store.redo()} aria-label={t('designer.redo')} title={t('designer.redo')} />
                  <Button icon={<HistoryOutlined />} onClick={() => void openVersions()} data-testid="versions">
                    {t('designer.versions')}
                  </Button>
                  <Link to={advancePath(id)}>
                    <Button icon={<SettingOutlined />}>{t('designer.advance.title')}</Button>
                  </Link>
                  <Button icon={<SaveOutlined />} loading={busy === 'save'} disabled={!store.dirty || busy !== null || templateBlocked} onClick={() => void save()} data-testid="save-form">
                    {t('designer.save')}
                  </Button>
                  {(canPublish || template) && (
                    <Button type="primary" icon={<SendOutlined />} loading={busy === 'publish'} disabled={busy !== null || store.problems.length > 0 || templateBlocked} onClick={() => void publish()} data-testid="publish-form">
                      {t('designer.publish')}
                    </Button>
                  )}
                </Space>
              </div>
              {failure && <Alert type="error" showIcon role="alert" title={failure} closable onClose={() => setFailure('')} data-testid="designer-failure" />}
              <RecordIdentity formId={id} settings={form.settings} store={store} />
              <ProblemList store={store} />
              <div className="designer-panes">
                <DesignerDnd
                  store={store}
                  palette={
                    <Card size="small" title={t('designer.palette.title')} className="designer-pane">
                      <Palette store={store} />
                    </Card>
                  }
                  canvas={
                    <Card
                      size="small"
                      className="designer-pane designer-canvas-pane"
                      tabList={[
                        { key: 'canvas', label: t('designer.canvas.title') },
                        { key: 'preview', label: t('designer.preview.title') },
                      ]}
                      activeTabKey={view}
                      onTabChange={(key) => setView(key as DesignerView)}
                    >
                      {view === 'canvas' ? <Canvas store={store} /> : <PreviewPane store={store} api={api} settings={form.settings} />}
                    </Card>
                  }
                />
                <Card size="small" className="designer-pane">
                  <PropertiesPanel store={store} forms={forms.filter((f) => f.id !== id)} />
                </Card>
              </div>
              <Drawer open={versions !== null} onClose={() => setVersions(null)} title={t('designer.versions')} size="default">
                <List
                  data-testid="version-list"
                  loading={versions?.length === 0 && form.currentVersion !== null}
                  dataSource={versions ?? []}
                  locale={{ emptyText: t('designer.noVersions') }}
                  renderItem={(version) => (
                    <List.Item>
                      <List.Item.Meta
                        title={`v${version.version}`}
                        description={
                          <>
                            <bdi dir="ltr">{formatServerDate(version.publishTime, languageOf(i18n))}</bdi>
                            {' · '}
                            {t('designer.versionInfo', { name: version.publishedByName ?? '—', count: version.fieldCount })}
                          </>
                        }
                      />
                    </List.Item>
                  )}
                />
              </Drawer>
            </>
          )
        }
      </LoadState>
    </div>
  );
});

/** Keys of a published version: they stay as they are in every later version. */
async function publishedKeys(api: DesignerApi, id: number, version: number): Promise<Set<string>> {
  const published = await api.version(id, version);
  const keys = new Set<string>();
  for (const item of published.design.items) {
    keys.add(item.key);
    if (item.type === 'section') item.fields.forEach((f) => keys.add(f.key));
  }
  return keys;
}

/** /table/customerForm/form: the form list, or with `?id=` one form's designer. */
const FormDesignerPage = observer(function FormDesignerPage() {
  const { t } = useTranslation('forms');
  const api = useDesignerApi();
  const held = useHeldPoints('form');
  const [params] = useSearchParams();
  const id = idOfParam(params.get('id'));
  if (held.ready && !FORM_DESIGN_POINTS.some((point) => held.has(point))) {
    return <Result status="403" title={t('designer.forbidden')} />;
  }
  if (id === null) return <FormList api={api} held={held} />;
  return <Designer key={id} api={api} id={id} canPublish={held.has(FORM_POINTS.publish)} templateTypeId={idOfParam(params.get('template'))} />;
});

export default FormDesignerPage;
