import { ArrowLeftOutlined, EyeOutlined, RedoOutlined, SaveOutlined, UndoOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Result, Segmented, Skeleton, Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PLATE_POINTS, plateRoute } from '../../../../core/contracts/plates.ts';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { problemSentence, problemsOfFailure } from '../../../ui/problem-sentence.ts';
import { pathOfMessage } from '../../../ui/server-errors.ts';
import { useUnsavedChanges } from '../../../ui/use-unsaved-changes.ts';
import { ApiError } from '../../../api/api-error.ts';
import { pageApi } from '../../../api/page-endpoints.ts';
import { plateApi } from '../../../api/plate-endpoints.ts';
import { directionOf } from '../../../i18n/languages.ts';
import type { Breakpoint } from '../../../renderer/grid-layout.ts';
import { signedInDataSource } from '../../../renderer/page-data-source.ts';
import { PageRenderer } from '../../../renderer/page-renderer.tsx';
import { messageOf } from '../../../api/error-message.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { PLATE_LIST_PATH } from '../plate-view-page.tsx';
import { PlateTheme } from '../plate-theme.tsx';
import { useBiSettings } from '../use-bi-settings.ts';
import { paletteName, startingSource } from './palette.ts';
import { PlateCanvas } from './plate-canvas.tsx';
import { COMPONENT_SET_PATH, plateEditorPath } from './plate-paths.ts';
import { PlatePalette } from './plate-palette.tsx';
import { PlateSidePanel } from './plate-side-panel.tsx';
import type { PaletteEntry } from '../../../../../widgets/widget-registry.ts';
import '../plates.css';
import './plate-editor.css';
import { usePlateSources } from './use-plate-sources.ts';
import { normalizeText, sameText, textIn } from '../../../../core/local-text.ts';
import { LocalTextInput } from '../../../ui/local-text-input.tsx';

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string; notFound: boolean };

/** Where a refused save's problem points (a component by index, else the plate), said in the reader's language. */
function problemOf(failure: unknown, t: TFunction): { text: string; componentIndex: number | null } {
  const [first] = problemsOfFailure(failure);
  if (first) {
    const at = /^config\.widgets\[(\d+)\]/.exec(first.path);
    return { text: problemSentence(t, first), componentIndex: at ? Number(at[1]) : null };
  }
  const message = messageOf(failure, '');
  const named = pathOfMessage(message);
  const index = named ? /^config\.widgets\[(\d+)\]/.exec(named.path) : null;
  return { text: message, componentIndex: index ? Number(index[1]) : null };
}

/**
 * /dataAnalysisPlate/CreatePlate and /dataAnalysisPlate/EditPlate?id=: the plate editor.
 * A palette, a live canvas (drag, resize, drop; arrow keys too) per layout (wide, medium, and
 * the phone's stacked view), undo and redo, save and preview. The draft lives in the plate
 * store, so the component settings screen and a reload find it; leaving with unsaved changes
 * asks first.
 */
const PlateEditPage = observer(function PlateEditPage() {
  const { t, i18n } = useTranslation('widgets');
  const { message, modal } = App.useApp();
  const stores = useStores();
  const store = stores.plate;
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const creating = location.pathname.endsWith('/CreatePlate');
  const plateId = creating ? null : Number(params.get('id'));
  const plates = useMemo(() => plateApi(stores.api.http), [stores]);
  const pages = useMemo(() => pageApi(stores.api.http), [stores]);
  const source = useMemo(() => signedInDataSource(pages), [pages]);
  const held = useHeldPoints('board');
  const rtl = directionOf(i18n.language) === 'rtl';

  const [load, setLoad] = useState<LoadState>(() => (store.holds(creating ? 'create' : 'edit', plateId) && store.dirty ? { status: 'ready' } : { status: 'loading' }));
  const { datasets, fields } = usePlateSources(pages, source);
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('wide');
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The draft came back with unsaved changes from an earlier visit. */
  const [resumed, setResumed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const dragged = useRef<PaletteEntry | null>(null);
  // The preview shows the plate as its viewers will: in the tenant's BI theme and palette.
  const bi = useBiSettings();
  const look = useMemo(() => ({ palette: bi?.palette }), [bi]);

  // The draft: a held one with unsaved changes is resumed; otherwise the plate as stored, or a new one.
  useEffect(() => {
    if (reloads === 0 && store.holds(creating ? 'create' : 'edit', plateId) && store.dirty) {
      // Back from a component's settings the draft is simply the one being edited.
      setResumed(!(location.state as { fromSettings?: boolean } | null)?.fromSettings);
      setLoad({ status: 'ready' });
      return;
    }
    setResumed(false);
    if (creating) {
      store.startNew(t('plates.editor.untitled'));
      setLoad({ status: 'ready' });
      return;
    }
    if (!Number.isInteger(plateId) || plateId! <= 0) {
      setLoad({ status: 'failed', message: t('plates.view.badAddress'), notFound: true });
      return;
    }
    let live = true;
    setLoad({ status: 'loading' });
    plates.detail(plateId!).then(
      (detail) => {
        if (!live) return;
        store.startEdit(detail);
        setLoad({ status: 'ready' });
      },
      (failure: unknown) => {
        if (!live) return;
        const notFound = failure instanceof ApiError && failure.status === 404;
        setLoad({ status: 'failed', message: messageOf(failure, t('plates.view.failed')), notFound });
      },
    );
    return () => {
      live = false;
    };
  }, [creating, plateId, plates, store, t, reloads]);

  useUnsavedChanges(() => store.dirty, {
    keepsEdits: (next) => next.pathname === COMPONENT_SET_PATH,
    onLeave: () => store.close(),
  });

  const add = (entry: PaletteEntry, at?: { x: number; y: number }) => {
    const name = paletteName(t, entry.key);
    const widget = store.add(entry, name, startingSource(entry, store.components, datasets ?? []), at);
    setAnnouncement(t('plates.editor.added', { name }));
    // The new component takes the focus, so the keyboard can place it at once.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-component-id="${widget.id}"]`)?.focus());
  };

  const openSettings = (id: string) => {
    if (store.openSettings(id)) navigate(COMPONENT_SET_PATH);
  };

  const canSave = creating ? held.has(PLATE_POINTS.create) : held.has(PLATE_POINTS.edit);
  const save = async () => {
    if (saving) return;
    const name = normalizeText(store.name);
    if (!name) {
      setSaveProblem(t('plates.list.nameRequired'));
      return;
    }
    // The server keeps the name trimmed; so does the draft, or it would read as changed after the save.
    if (!sameText(store.name, name)) store.setName(name);
    setSaving(true);
    setSaveProblem(null);
    const body = { name, description: normalizeText(store.description), config: store.config as unknown as Record<string, unknown> };
    try {
      const detail =
        store.plateId === null ? await plates.create(body) : await plates.update({ ...body, id: store.plateId, revision: store.revision! });
      const wasNew = store.plateId === null;
      store.markSaved(detail);
      message.success(t('plates.editor.saved'));
      if (wasNew) navigate(plateEditorPath(detail.id), { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        modal.warning({ title: t('plates.editor.conflictTitle'), content: t('plates.editor.conflict') });
      } else {
        const problem = problemOf(failure, t);
        const component = problem.componentIndex === null ? undefined : store.components[problem.componentIndex];
        if (component) store.select(component.id);
        setSaveProblem(component ? t('plates.editor.componentProblem', { name: textIn(component.title, i18n.language) || component.id, problem: problem.text }) : problem.text);
      }
    } finally {
      setSaving(false);
    }
  };

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y and Ctrl+S, except while typing in a field (its own undo).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable="true"]');
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        void save();
      } else if (!typing && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) store.redo();
        else store.undo();
      } else if (!typing && key === 'y') {
        event.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const backToList = () => void navigate(PLATE_LIST_PATH);
  if (load.status === 'loading') {
    return (
      <div className="plate-editor-loading" role="status" aria-label={t('plates.view.loading')}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <Result
        status={load.notFound ? '404' : 'error'}
        title={load.notFound ? t('plates.view.notFound') : t('plates.view.failed')}
        subTitle={load.notFound ? undefined : load.message}
        extra={
          <Button type="primary" onClick={backToList}>
            {t('plates.view.allPlates')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="plate-editor" data-testid="plate-editor">
      <header className="plate-editor-bar">
        <Tooltip title={t('plates.view.allPlates')}>
          <Button icon={<ArrowLeftOutlined className="plate-editor-back-icon" />} onClick={backToList} aria-label={t('plates.view.allPlates')} />
        </Tooltip>
        <LocalTextInput
          className="plate-editor-name"
          value={store.name}
          onChange={(name) => store.setName(name)}
          maxLength={80}
          aria-label={t('plates.list.name')}
          data-testid="plate-name"
        />
        {store.dirty ? <span className="plate-editor-dirty">{t('plates.editor.unsaved')}</span> : null}
        <Space wrap className="plate-editor-actions">
          <Segmented<Breakpoint>
            value={breakpoint}
            onChange={setBreakpoint}
            disabled={preview}
            aria-label={t('plates.editor.layoutFor')}
            options={(['wide', 'medium', 'narrow'] as const).map((value) => ({ value, label: t(`plates.editor.breakpoint.${value}`) }))}
          />
          <Tooltip title={t('plates.editor.undo')}>
            <Button icon={<UndoOutlined />} disabled={!store.history.canUndo || preview} onClick={() => store.undo()} aria-label={t('plates.editor.undo')} data-testid="plate-undo" />
          </Tooltip>
          <Tooltip title={t('plates.editor.redo')}>
            <Button icon={<RedoOutlined />} disabled={!store.history.canRedo || preview} onClick={() => store.redo()} aria-label={t('plates.editor.redo')} data-testid="plate-redo" />
          </Tooltip>
          <Button icon={preview ? <EditOutlined /> : <EyeOutlined />} onClick={() => setPreview(!preview)} aria-pressed={preview} data-testid="plate-preview">
            {preview ? t('plates.editor.backToEditing') : t('plates.editor.preview')}
          </Button>
          {store.plateId !== null && !store.dirty ? <Button onClick={() => void navigate(plateRoute(store.plateId!))}>{t('plates.editor.open')}</Button> : null}
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!canSave} onClick={() => void save()} data-testid="plate-save">
            {t('plates.list.save')}
          </Button>
        </Space>
      </header>
      {saveProblem ? <Alert className="plate-editor-problem" type="error" showIcon title={saveProblem} closable onClose={() => setSaveProblem(null)} /> : null}
      {resumed && store.dirty ? (
        <Alert
          className="plate-editor-problem"
          type="info"
          showIcon
          title={t('plates.editor.resumed')}
          action={
            <Button size="small" onClick={() => setReloads((n) => n + 1)} data-testid="plate-discard">
              {t('plates.editor.discard')}
            </Button>
          }
        />
      ) : null}
      {!canSave ? <Alert className="plate-editor-problem" type="info" showIcon title={t('plates.editor.readOnly')} /> : null}
      <div aria-live="polite" className="plate-editor-live">
        {announcement}
      </div>
      {preview ? (
        <div className="plate-editor-preview" data-testid="plate-editor-preview">
          <PlateTheme theme={bi?.theme}>
            <PageRenderer config={store.config} source={source} exportable look={look} />
          </PlateTheme>
        </div>
      ) : (
        <div className="plate-editor-body">
          <PlatePalette
            onAdd={(entry) => add(entry)}
            onDragChange={(entry) => {
              dragged.current = entry;
            }}
            disabled={breakpoint === 'narrow'}
          />
          <PlateCanvas
            store={store}
            source={source}
            fields={fields}
            breakpoint={breakpoint}
            rtl={rtl}
            dragged={dragged}
            onDrop={(entry, at) => add(entry, at)}
            onOpenSettings={openSettings}
            announce={setAnnouncement}
          />
          <PlateSidePanel store={store} breakpoint={breakpoint} onOpenSettings={openSettings} />
        </div>
      )}
    </div>
  );
});

export default PlateEditPage;
