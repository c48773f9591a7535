import { DownloadOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Result, Select, Spin, Tag, Typography } from 'antd';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DRAWING_POINTS, type RevisionRow } from '../../../../core/contracts/drawings.ts';
import { markupBounds } from '../../../../core/drawings/markup.ts';
import { sheetToScreen, type Viewport } from '../../../../core/drawings/viewport.ts';
import { saveDownload } from '../../../api/download.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import { markupValidator } from 'virtual:plinth/markup-validator';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { historyPath, sheetPath } from '../shared/sheet-paths.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { SheetView, type SheetSource, type SheetViewApi, type SheetViewProps } from '../../../drawing-kit/sheet-view.tsx';
import { markupApi } from './markup-api.ts';
import { CalibrateDialog, MarkupDialogs } from './markup-dialogs.tsx';
import { exportPdf, exportPng } from './markup-export.ts';
import { finishOpenPath, MarkupLayer } from './markup-layer.tsx';
import { MarkupPanel } from './markup-panel.tsx';
import type { ShapeTexts } from '../../../drawing-kit/markup-shapes.tsx';
import { markupTexts } from '../../../drawing-kit/markup-texts.ts';
import { MarkupStore, type CanvasNotice, type MarkupItem } from './markup-store.ts';
import { TOOL_KEYS } from './markup-toolbar.tsx';
import { MarkupToolbar } from './markup-toolbar.tsx';
import '../../../ui/admin.css';
import '../shared/drawings.css';
import './markups.css';

/** A revision id as the two routes give it: `/drawing/markPicture/:id` or `/annotation?revisionId=`. */
function revisionIdOf(param: string | undefined, query: string | null): number | null {
  const raw = param ?? query;
  const id = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /drawing/markPicture/:id and /annotation?revisionId=: one revision of a sheet with its
 * markups. Those holding "Annotate drawings" draw, measure, calibrate and change markups;
 * everyone who sees the sheet reads them, follows links and exports the sheet with them.
 */
const MarkPage = observer(function MarkPage() {
  const { t } = useTranslation('markups');
  const { id } = useParams();
  const [search] = useSearchParams();
  const revisionId = revisionIdOf(id, search.get('revisionId'));
  if (revisionId === null) return <Result status="warning" title={t('noRevision')} />;
  return <MarkCanvas key={revisionId} revisionId={revisionId} />;
});

export default MarkPage;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('.ant-modal'));

const MarkCanvas = observer(function MarkCanvas({ revisionId }: { revisionId: number }) {
  const { t, i18n } = useTranslation('markups');
  const { message } = App.useApp();
  const stores = useStores();
  const navigate = useNavigate();
  const { fileUrl } = useDrawingApi();
  const files = useFileClient();
  const held = useHeldPoints('drawing');
  const api = useMemo(() => markupApi(stores.api.http), [stores]);
  const notices = useRef<(notice: CanvasNotice) => void>(() => undefined);
  notices.current = (notice) => {
    const text = t(`notice.${notice}`);
    if (notice === 'calibrated') void message.success(text);
    else if (notice === 'conflict') void message.warning(text, 6);
    else void message.error(text);
  };
  const [store] = useState(() => new MarkupStore({ api, validate: (markup) => markupValidator(markup), notify: (notice) => notices.current(notice), storage: window.localStorage }, revisionId, false));
  const [revisions, setRevisions] = useState<RevisionRow[]>([]);
  /** Moves the view (the sheet below keeps the view's state, so the page is not rendered again on every frame). */
  const moveView = useRef<((viewport: Viewport) => void) | null>(null);
  const [calibrateOpen, setCalibrateOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const lastView = useRef<SheetViewApi | null>(null);

  useEffect(() => void store.load(), [store]);
  useEffect(() => autorun(() => store.setCanEdit(held.ready && held.has(DRAWING_POINTS.annotate))), [store, held]);
  const sheetId = store.detail?.revision.sheetId ?? null;
  useEffect(() => {
    if (sheetId === null) return;
    api.sheet(sheetId).then(
      (detail) => setRevisions(detail.revisions),
      () => setRevisions([]),
    );
  }, [api, sheetId]);

  // The store's calibration and unit are read here so the texts follow them.
  const texts = useMemo<ShapeTexts>(
    () => markupTexts((key, values) => t(key, values), i18n.language, store.calibration, store.unit),
    [t, i18n.language, store.calibration, store.unit],
  );

  const detail = store.detail;
  const revision = detail?.revision ?? null;
  const source = useMemo<SheetSource | null>(() => {
    if (!revision) return null;
    const kind = revision.kind === 'pdf' ? 'pdf' : revision.kind === 'image' ? 'image' : 'dxf';
    return { kind, url: fileUrl(revision.id, 'view'), width: revision.width, height: revision.height };
  }, [revision, fileUrl]);

  /** Follows a link (the sheet's current revision, or the document) or shows a photo. */
  const open = async (item: MarkupItem) => {
    const body = item.body;
    if (!body) return;
    try {
      if (body.kind === 'photo' && body.photoFileId) {
        window.open(files.fileUrl(body.photoFileId, { inline: true }), '_blank', 'noopener');
      } else if (body.link && 'sheetId' in body.link) {
        const target = await api.sheet(body.link.sheetId);
        const to = target.sheet.current ?? target.revisions[0];
        if (to) void navigate(sheetPath(to.id));
        else void message.warning(t('notice.linkGone'));
      } else if (body.link && 'documentId' in body.link) {
        const versions = await api.documentVersions(body.link.documentId);
        const current = versions.find((v) => v.current) ?? versions[0];
        if (current) window.open(files.fileUrl(current.fileId, { inline: true }), '_blank', 'noopener');
        else void message.warning(t('notice.linkGone'));
      }
    } catch {
      void message.warning(t('notice.linkGone'));
    }
  };

  /** Brings a markup into view, a little zoomed out around it, and selects it. */
  const focus = (item: MarkupItem) => {
    const view = lastView.current;
    if (!item.body) return;
    store.select([item.key]);
    if (store.tool !== 'select' && store.tool !== 'pan') store.setTool('select');
    if (!view) return;
    const box = markupBounds(item.body);
    const { width, height } = view.viewSize;
    const scale = Math.min(view.scale * 4, Math.max(view.scale / 4, Math.min(width / (box.width * 2 + 1e-9), height / (box.height * 2 + 1e-9))));
    const centre: [number, number] = [box.x + box.width / 2, box.y + box.height / 2];
    const at = sheetToScreen({ x: 0, y: 0, scale, rotation: view.viewport.rotation }, view.sheet, centre);
    moveView.current?.({ x: width / 2 - at[0], y: height / 2 - at[1], scale, rotation: view.viewport.rotation });
  };

  const runExport = async (kind: 'png' | 'pdf') => {
    if (!source || !revision) return;
    setExporting(true);
    try {
      const bodies = store.visible.map((item) => item.body!);
      const blob = kind === 'png' ? await exportPng(source, bodies, texts) : await exportPdf(source, bodies, texts);
      saveDownload(blob, null, `${revision.number}-${revision.label}.${kind}`);
    } catch (error) {
      console.warn('export failed', error);
      void message.error(t('notice.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // The view changes on every frame of a pan or zoom, and this page renders again: what the
  // panel, toolbar and dialogs are given stays the same, so they do not.
  const latest = useRef({ open, focus });
  latest.current = { open, focus };
  const stable = useMemo(
    () => ({
      open: (item: MarkupItem) => void latest.current.open(item),
      focus: (item: MarkupItem) => latest.current.focus(item),
      calibrate: () => setCalibrateOpen(true),
      closeCalibrate: () => setCalibrateOpen(false),
    }),
    [],
  );
  const layerLabel = t('layerLabel');
  const overlay = useCallback(
    (view: SheetViewApi) => {
      lastView.current = view;
      return <MarkupLayer store={store} view={view} texts={texts} onOpen={stable.open} label={layerLabel} />;
    },
    [store, texts, stable, layerLabel],
  );

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || store.prompt || calibrateOpen) return;
    const key = event.key;
    const command = event.ctrlKey || event.metaKey;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (command && !event.altKey) {
      if (key.toLowerCase() === 'z' && !event.shiftKey) return (handled(), store.undo());
      if (key.toLowerCase() === 'y' || (key.toLowerCase() === 'z' && event.shiftKey)) return (handled(), store.redo());
      if (key.toLowerCase() === 'a' && store.tool === 'select') return (handled(), store.select(store.visible.map((item) => item.key)));
      return;
    }
    if (event.altKey) return;
    if (key === 'Escape') {
      if (store.draft) store.cancelDraft();
      else store.clearSelection();
      return handled();
    }
    if (key === 'Enter') {
      if (store.draft) return (handled(), finishOpenPath(store));
      const [only] = store.selected;
      if (store.selected.length === 1 && only && (only.body?.kind === 'link' || only.body?.kind === 'photo')) return (handled(), void open(only));
      return;
    }
    if ((key === 'Delete' || key === 'Backspace') && store.selected.length > 0) return (handled(), store.deleteSelection());
    if (key.startsWith('Arrow') && store.selected.length > 0 && store.tool === 'select' && store.canEdit && lastView.current) {
      // A nudge of one screen pixel (ten with shift) in the direction shown, whatever the turn.
      const step = event.shiftKey ? 10 : 1;
      const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
      const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
      const view = lastView.current;
      const [x0, y0] = view.toSheet([0, 0]);
      const [x1, y1] = view.toSheet([dx, dy]);
      store.moveSelection(x1 - x0, y1 - y0);
      return handled();
    }
    if (key.length === 1 && !event.shiftKey) {
      const tool = TOOL_KEYS.find(([, letter]) => letter === key.toLowerCase())?.[0];
      if (tool && (store.canEdit || tool === 'pan' || tool === 'select')) {
        if (tool === 'calibrate') setCalibrateOpen(true);
        store.setTool(tool);
        handled();
      }
    }
  };

  if (store.status === 'loading' && !detail) {
    return (
      <div className="markup-page-state" role="status">
        <Spin />
        <span>{t('loading')}</span>
      </div>
    );
  }
  if (store.status === 'failed' || !detail || !revision || !source) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={
          <Button type="primary" onClick={() => void store.load()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const title = detail.sheet?.title ?? revision.title;
  return (
    <div className="admin-page drawing-page markup-page" onKeyDownCapture={onKeyDownCapture}>
      <div className="markup-header">
        <div className="markup-heading">
          <Typography.Title level={3} className="markup-title">
            <span className="drawing-number" dir="ltr">
              {revision.number}
            </span>
            <span className="markup-sheet-title" dir="auto">
              {title || t('untitled')}
            </span>
          </Typography.Title>
          <Tag color={revision.status === 'current' ? 'green' : revision.status === 'pending' ? 'orange' : 'default'} data-testid="markup-revision">
            {t('revisionLabel', { label: revision.label })} · {t(`status.${revision.status}`)}
          </Tag>
        </div>
        <div className="markup-header-actions">
          {revisions.length > 1 && (
            <Select<number>
              size="small"
              aria-label={t('switchRevision')}
              value={revision.id}
              onChange={(id) => void navigate(sheetPath(id))}
              options={revisions.map((r) => ({ value: r.id, label: `${t('revisionLabel', { label: r.label })} · ${t(`status.${r.status}`)}` }))}
              popupMatchSelectWidth={false}
            />
          )}
          {sheetId !== null && (
            <Link to={historyPath(sheetId)}>
              <HistoryOutlined /> {t('history')}
            </Link>
          )}
          <Dropdown
            menu={{
              items: [
                { key: 'pdf', label: t('export.pdf') },
                { key: 'png', label: t('export.png') },
              ],
              onClick: ({ key }) => void runExport(key as 'png' | 'pdf'),
            }}
            trigger={['click']}
          >
            <Button size="small" icon={<DownloadOutlined />} loading={exporting} data-testid="markup-export">
              {t('export.label')}
            </Button>
          </Dropdown>
          <span className="markup-saving" role="status" aria-live="polite">
            {store.saving > 0 ? t('saving') : ''}
          </span>
        </div>
      </div>
      {held.ready && !store.canEdit && <Alert className="markup-readonly" type="info" showIcon message={t('readOnly')} />}
      <MarkupToolbar store={store} onCalibrate={stable.calibrate} />
      <div className="markup-body">
        <div className="markup-canvas">
          <MarkSheet source={source} panWithPrimary={store.tool === 'pan'} ariaLabel={t('canvasLabel', { number: revision.number })} overlay={overlay} moveView={moveView} />
        </div>
        <MarkupPanel store={store} texts={texts} onFocus={stable.focus} onOpen={stable.open} />
      </div>
      <MarkupDialogs store={store} api={api} files={files} workspaceCode={stores.layout.workSpace?.code ?? null} />
      <CalibrateDialog store={store} open={calibrateOpen} onClose={stable.closeCalibrate} />
    </div>
  );
});

/**
 * The sheet and its markup layer, holding the view: a pan or zoom frame renders this and not
 * the page's heading, toolbar, side list and dialogs around it.
 */
const MarkSheet = memo(function MarkSheet({
  moveView,
  ...props
}: Omit<SheetViewProps, 'viewport' | 'onViewportChange'> & { moveView: RefObject<((viewport: Viewport) => void) | null> }) {
  const [viewport, setViewport] = useState<Viewport | null>(null);
  useEffect(() => {
    moveView.current = setViewport;
    return () => {
      moveView.current = null;
    };
  }, [moveView]);
  return <SheetView {...props} viewport={viewport} onViewportChange={setViewport} />;
});
