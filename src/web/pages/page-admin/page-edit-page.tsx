import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Result, Row, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PAGE_EDIT_POINT, type PageDetail } from '../../../core/contracts/page.ts';
import { PAGE_LIST_PATH, pageEditorPath, returnPathOf } from '../../../core/pages/page-editor-path.ts';
import { editTargetOf } from '../../ui/edit-target.ts';
import { useHeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes.ts';
import { pageApi } from '../../api/page-endpoints.ts';
import { signedInDataSource } from '../../renderer/page-data-source.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import { useStores } from '../../stores/stores-context.tsx';
import type { ConfigProblem } from './config-analysis.ts';
import type { CodeEditorHandle, CodeEditorMark } from '../../ui/code-editor.tsx';
import { PageEditStore, type PageSettings } from './page-edit-store.ts';
import { PagePreview } from './page-preview.tsx';
import { PageSettingsForm } from './page-settings-form.tsx';
import { configText, PAGE_TEMPLATES, pageTemplate, type PageTemplateName } from './page-templates.ts';
import { ProblemList, problemText } from './problem-list.tsx';
import '../../ui/admin.css';
import './page-admin.css';
import { isLocalTexts, sameText, textIn } from '../../../core/local-text.ts';

// CodeMirror comes with the editor, in its own chunk.
const CodeEditor = lazy(() => import('../../ui/code-editor.tsx'));
const JSON_LANGUAGE = { kind: 'json' } as const;

const templateTexts = (t: TFunction) => ({
  title: t('admin:pages.templates.pageTitle'),
  intro: t('admin:pages.templates.intro'),
  kpi: t('admin:pages.templates.kpi'),
  chart: t('admin:pages.templates.chart'),
  table: t('admin:pages.templates.table'),
});

/** The form's starting values: the stored page's, or a new draft page without a menu entry. */
function initialSettings(detail: PageDetail | null): PageSettings {
  if (!detail) return { route: '', kind: 'page', published: false, inMenu: false };
  const menu = detail.menu;
  return {
    route: detail.route ?? '',
    kind: detail.kind,
    published: detail.published,
    inMenu: menu !== null,
    // A title equal to the page's is left empty, so the entry keeps following the page title.
    menu: menu ? { parentId: menu.parentId ?? undefined, title: !sameText(menu.title, detail.config.title) ? menu.title : undefined, icon: menu.icon ?? undefined } : undefined,
  };
}

const PageEditor = observer(function PageEditor({ target }: { target: number | 'new' | null }) {
  const { t, i18n } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const api = useAdminApi();
  const stores = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = returnPathOf(params.get('from'));
  const held = useHeldPoints('page');
  const [form] = Form.useForm<PageSettings>();
  const editor = useRef<CodeEditorHandle>(null);
  const [error, setError] = useState('');
  const [previewBelow, setPreviewBelow] = useState(false);
  const source = useMemo(() => signedInDataSource(pageApi(stores.api.http)), [stores]);
  const [store] = useState(() => {
    if (target === null) return null;
    const pages = pageApi(stores.api.http);
    const { userData, workSpace } = stores.layout;
    return new PageEditStore(
      {
        api,
        datasets: pages.datasets,
        // The parent picker offers the menus the editor sees: the tenant's for an ADMIN, the workspace's otherwise.
        menuTree: () => (userData?.type === 'USER' ? stores.api.userFunctionTree(workSpace?.code) : stores.api.currentTree()),
      },
      target === 'new' ? null : target,
    );
  });

  useEffect(() => {
    if (!store) return;
    void store.start(configText(pageTemplate('blank', templateTexts(t))));
    return () => store.dispose();
    // The store starts once; the starter text is in the language of that moment.
  }, [store]);
  useUnsavedChanges(() => store?.dirty ?? false);

  const back = (
    <Link to={returnPath ?? PAGE_LIST_PATH}>
      <ArrowLeftOutlined /> {returnPath ? t('pages.backToPage') : t('pages.backToList')}
    </Link>
  );
  if (!store) return <Result status="404" title={t('pages.notFound')} extra={back} />;
  if (held.ready && !held.has(PAGE_EDIT_POINT)) return <Result status="403" title={t('state.forbidden')} subTitle={t('state.forbiddenHelp')} extra={back} />;

  const jumpTo = (problem: ConfigProblem) => editor.current?.jumpTo(problem.from, problem.to);
  const marks: CodeEditorMark[] = store.problems.map((problem) => ({
    from: problem.from,
    to: problem.to,
    message: problemText(t, problem),
    severity: 'error',
  }));

  const save = async () => {
    setError('');
    store.analyseNow();
    const [first] = store.analysis.problems;
    if (first) {
      void message.error(t('pages.fixFirst', { count: store.analysis.problems.length }));
      jumpTo(first);
      return;
    }
    let settings: PageSettings;
    try {
      settings = await form.validateFields();
    } catch {
      return; // the fields say what is missing
    }
    try {
      const saved = await store.save({ ...initialSettings(store.detail.data?.page ?? null), ...settings });
      void message.success(t('state.saved'));
      if (store.id === null) navigate(pageEditorPath(saved.id, returnPath), { replace: true });
      else void store.detail.load();
    } catch (failure) {
      const placed = store.placeFailure(failure, t('state.saveFailed'));
      if (placed.at === 'config') jumpTo(placed.problem);
      if (placed.at === 'field') form.setFields([{ name: placed.field, errors: [placed.text] }]);
      setError(placed.at === 'form' ? placed.text : placed.at === 'config' ? t('pages.refusedConfig') : '');
    }
  };

  /** Puts a starter config in the editor, asking first when that would throw away typed text. */
  const applyTemplate = (name: PageTemplateName) => {
    const apply = () => store.replaceText(configText(pageTemplate(name, templateTexts(t))));
    if (store.text === store.savedText) return apply();
    modal.confirm({
      title: t('pages.templates.replaceTitle'),
      content: t('pages.templates.replaceContent'),
      okText: t('pages.templates.replace'),
      cancelText: t('actions.cancel'),
      onOk: apply,
    });
  };

  const detail = store.detail.data?.page;
  const openPath = detail?.kind === 'website' ? `/website/${detail.id}` : detail?.route;
  const title = detail ? t('pages.editTitle', { title: textIn(detail.config.title, i18n.language) }) : t('pages.createTitle');
  const problemsId = 'page-config-problems';

  return (
    <div className="admin-page page-admin-editor">
      <div className="admin-page-header">
        <Space orientation="vertical" size={0}>
          {back}
          <Typography.Title level={3}>
            {title}
            {store.dirty && <span className="admin-dirty-dot" role="img" aria-label={t('state.unsaved')} />}
          </Typography.Title>
        </Space>
        <Space wrap>
          {detail && !detail.published && <Tag color="orange">{t('pages.draft')}</Tag>}
          {openPath && (
            <Button icon={<ExportOutlined />} onClick={() => void navigate(openPath)} disabled={store.dirty} title={store.dirty ? t('pages.openAfterSave') : undefined}>
              {t('pages.open')}
            </Button>
          )}
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={store.saving} disabled={store.detail.status !== 'ready'} data-testid="save-page">
            {t('actions.save')}
          </Button>
        </Space>
      </div>
      <LoadState source={store.detail}>
        {({ page: loaded }) => (
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <Card title={t('pages.settings')} size="small">
                <FormAlerts error={error} />
                <PageSettingsForm
                  form={form}
                  initial={initialSettings(loaded)}
                  menuTree={store.menuTree}
                  ownEntry={loaded?.resourceId ?? null}
                  pageTitle={configTitle(store.analysis.config, i18n.language) ?? ''}
                  onChange={() => store.setSettingsChanged(true)}
                />
              </Card>
            </Col>
            <Col xs={24} xl={previewBelow ? 24 : 12}>
              <Card
                size="small"
                title={t('pages.config')}
                extra={
                  store.id === null && (
                    <Space size={4} wrap>
                      <Typography.Text type="secondary">{t('pages.templates.label')}</Typography.Text>
                      {PAGE_TEMPLATES.map((name) => (
                        <Button key={name} size="small" onClick={() => applyTemplate(name)}>
                          {t(`pages.templates.${name}`)}
                        </Button>
                      ))}
                    </Space>
                  )
                }
              >
                <div className="page-admin-json-frame">
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
                    <CodeEditor
                      ref={editor}
                      language={JSON_LANGUAGE}
                      text={store.text}
                      revision={store.revision}
                      onChange={(text) => store.setText(text)}
                      marks={marks}
                      label={t('pages.configLabel')}
                      describedBy={problemsId}
                    />
                  </Suspense>
                </div>
                <Typography.Paragraph type="secondary" className="admin-small page-admin-keys">
                  {t('pages.editorKeys')}
                </Typography.Paragraph>
                <ProblemList id={problemsId} problems={store.problems} onPick={jumpTo} />
              </Card>
            </Col>
            <Col xs={24} xl={previewBelow ? 24 : 12}>
              <Card
                size="small"
                title={t('pages.preview.title')}
                extra={
                  <Segmented
                    size="small"
                    value={previewBelow ? 'below' : 'beside'}
                    onChange={(value) => setPreviewBelow(value === 'below')}
                    options={[
                      { value: 'beside', label: t('pages.preview.beside') },
                      { value: 'below', label: t('pages.preview.below') },
                    ]}
                  />
                }
              >
                <PagePreview config={store.previewConfig} revision={store.previewRevision} behind={store.previewBehind} source={source} />
              </Card>
            </Col>
          </Row>
        )}
      </LoadState>
    </div>
  );
});

const configTitle = (config: unknown, lng: string): string | undefined => {
  const title = config && typeof config === 'object' ? (config as { title?: unknown }).title : undefined;
  return typeof title === 'string' || isLocalTexts(title) ? textIn(title, lng) : undefined;
};

/** /pageManage/edit/{id}: a page's settings, config and preview (`new` starts one). */
export default function PageEditPage() {
  const target = editTargetOf(useParams().id);
  return <PageEditor key={String(target)} target={target} />;
}
