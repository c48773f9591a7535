import { PushpinOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Grid, Result, Select, Spin, Tooltip, Typography } from 'antd';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FOLLOW_POINTS } from '../../../../core/contracts/follows.ts';
import { sheetToScreen, type Viewport } from '../../../../core/drawings/viewport.ts';
import { textIn } from '../../../../core/local-text.ts';
import { SheetView, type SheetSource, type SheetViewApi } from '../../../drawing-kit/sheet-view.tsx';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { openFollowEvents } from '../../follows/follow-api.ts';
import { followCanvasApi } from './follow-canvas-api.ts';
import { FollowCanvasStore, type CanvasDeps, type CanvasProblem } from './follow-canvas-store.ts';
import { FollowPanel, useStatusText } from './follow-panel.tsx';
import { PinLayer, type PinTexts } from './pin-layer.tsx';
import '../../../ui/admin.css';
import '../shared/drawings.css';
import './follow-canvas.css';

const idOf = (raw: string | null): number | null => (raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * /drawing/follow: the follow-ups of the drawing area on its sheets. A sheet of the register
 * (`?sheetId=`, or the sheet of `?followId=`) with its follow-ups' pins coloured by status,
 * filtered as the list is, and the panel beside it (a drawer from the bottom on a phone).
 */
const FollowPage = observer(function FollowPage() {
  const { t } = useTranslation('follows');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('canvas.noWorkspace')} />;
  return <FollowCanvas key={workspace.code} workspaceCode={workspace.code} />;
});

export default FollowPage;

const FollowCanvas = observer(function FollowCanvas({ workspaceCode }: { workspaceCode: string }) {
  const { t, i18n } = useTranslation('follows');
  const { message } = App.useApp();
  const stores = useStores();
  const files = useFileClient();
  const held = useHeldPoints('follow');
  const [search, setSearch] = useSearchParams();
  const phone = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const notices = useRef<CanvasDeps['notify']>(() => undefined);
  notices.current = (kind, problem) => {
    if (kind === 'problem') {
      const code: CanvasProblem = problem?.code ?? 'failed';
      void message.error(t(`canvas.problem.${code}`, { by: problem?.by ?? t('canvas.someoneElse'), defaultValue: t('canvas.problem.failed') }), code === 'stale' ? 6 : 3);
    } else void message.success(t(`canvas.notice.${kind}`));
  };
  const remember = useRef<CanvasDeps['remember']>(() => undefined);
  remember.current = (sheetId, followId) => {
    const next = new URLSearchParams();
    if (sheetId !== null) next.set('sheetId', String(sheetId));
    if (followId !== null) next.set('followId', String(followId));
    if (next.toString() !== search.toString()) setSearch(next, { replace: true });
  };
  const [store] = useState(
    () =>
      new FollowCanvasStore({
        api: followCanvasApi(stores.api.http),
        workspaceCode,
        notify: (kind, problem) => notices.current(kind, problem),
        remember: (sheetId, followId) => remember.current(sheetId, followId),
      }),
  );
  useEffect(() => void store.load(idOf(search.get('sheetId')), idOf(search.get('followId'))), [store]); // The address is read once; the store keeps it since.
  // Others' changes (the list's live event) redraw the pins and the panel as they happen.
  useEffect(
    () => openFollowEvents({ ticket: async () => (await stores.api.notifyStreamTicket()).ticket, workspaceCode, onChanges: (events) => store.followsChanged(events) }),
    [store, stores, workspaceCode],
  );
  useEffect(() => autorun(() => store.setPoints(held.ready && held.has(FOLLOW_POINTS.create), held.ready && held.has(FOLLOW_POINTS.manage))), [store, held]);
  // On a phone the panel comes up when there is something to show in it.
  useEffect(() => autorun(() => void ((store.draft || store.selectedId !== null) && setDrawerOpen(true))), [store]);

  const sheetSearch = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSheetSearch = (keyword: string) => {
    if (sheetSearch.current) clearTimeout(sheetSearch.current);
    sheetSearch.current = setTimeout(() => void store.searchSheets(keyword), 250);
  };

  if (store.status === 'loading') {
    return (
      <div className="follow-page-state" role="status">
        <Spin />
        <span>{t('canvas.loading')}</span>
      </div>
    );
  }
  if (store.status === 'empty') return <Result status="info" title={t('canvas.noSheets')} subTitle={t('canvas.noSheetsHint')} />;
  const sheet = store.sheet;
  const revision = store.revision;
  if (store.status === 'failed' || !sheet || !revision) {
    return (
      <Result
        status="warning"
        title={t('canvas.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void store.load(idOf(search.get('sheetId')), null)}>
            {t('canvas.retry')}
          </Button>
        }
      />
    );
  }

  const panel = <FollowPanel store={store} files={files} onFocusPin={(id) => (store.centreOn(id), void store.openFollow(id))} />;
  return (
    <div className="admin-page drawing-page follow-canvas-page">
      <div className="follow-canvas-header">
        <Typography.Title level={3} className="follow-canvas-title">
          {t('canvas.title')}
        </Typography.Title>
        <div className="follow-canvas-actions">
          <Select<number>
            showSearch
            className="follow-sheet-select"
            aria-label={t('canvas.sheet')}
            value={sheet.sheet.id}
            filterOption={false}
            onSearch={onSheetSearch}
            onChange={(id) => void store.openSheet(id)}
            options={store.sheets.map((row) => ({ value: row.id, label: <bdi>{`${row.number} · ${row.title}`}</bdi> }))}
            popupMatchSelectWidth={false}
            data-testid="follow-sheet-select"
          />
          {sheet.revisions.length > 1 && (
            <Select<number>
              aria-label={t('canvas.revisionChoice')}
              value={revision.id}
              onChange={(id) => void store.showRevision(id)}
              options={sheet.revisions
                .filter((r) => r.status === 'current' || r.status === 'superseded')
                .map((r) => ({ value: r.id, label: t(r.status === 'current' ? 'canvas.revisionCurrent' : 'canvas.revision', { label: r.label }) }))}
              popupMatchSelectWidth={false}
            />
          )}
          {store.canCreate && (
            <Tooltip title={t('canvas.dropHint')}>
              <Button
                type={store.mode === 'drop' ? 'primary' : 'default'}
                icon={<PushpinOutlined />}
                aria-pressed={store.mode === 'drop'}
                onClick={() => store.setMode(store.mode === 'drop' ? 'browse' : 'drop')}
                data-testid="follow-drop"
              >
                {t('canvas.drop')}
              </Button>
            </Tooltip>
          )}
          {phone && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setDrawerOpen(true)} data-testid="follow-panel-open">
              {t('canvas.panel')}
            </Button>
          )}
          <span className="follow-canvas-saving" role="status" aria-live="polite">
            {store.saving ? t('canvas.saving') : store.mode === 'drop' ? t('canvas.dropNow') : ''}
          </span>
        </div>
      </div>
      <div className="follow-canvas-body">
        <CanvasArea store={store} language={i18n.language} />
        {!phone && (
          <aside className="follow-panel" aria-label={t('canvas.panel')} data-testid="follow-panel">
            {panel}
          </aside>
        )}
      </div>
      {phone && (
        <Drawer
          placement="bottom"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('canvas.panel')}
          height="60%"
          mask={false}
          className="follow-panel-drawer"
          data-testid="follow-panel"
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
});

/** The sheet and its pins; keeps the view to itself so a pan redraws this alone, not the panel. */
const CanvasArea = observer(function CanvasArea({ store, language }: { store: FollowCanvasStore; language: string }) {
  const { t } = useTranslation('follows');
  const statusText = useStatusText();
  const { fileUrl } = useDrawingApi();
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const lastView = useRef<SheetViewApi | null>(null);
  const revision = store.revision!;
  const source = useMemo<SheetSource>(
    () => ({ kind: revision.kind === 'pdf' ? 'pdf' : revision.kind === 'image' ? 'image' : 'dxf', url: fileUrl(revision.id, 'view'), width: revision.width, height: revision.height }),
    [revision, fileUrl],
  );
  useEffect(() => setViewport(null), [revision.id]);

  // A pin opened from the list or the address comes to the middle of the view, zoomed in a little.
  const centre = store.centre;
  useEffect(() => {
    const view = lastView.current;
    if (!centre || !view) return;
    const scale = Math.max(view.scale, Math.min(view.viewSize.width / 400, view.viewSize.height / 300, view.scale * 4));
    const at = sheetToScreen({ x: 0, y: 0, scale, rotation: view.viewport.rotation }, view.sheet, [centre.x, centre.y]);
    setViewport({ x: view.viewSize.width / 2 - at[0], y: view.viewSize.height / 2 - at[1], scale, rotation: view.viewport.rotation });
  }, [centre, viewport === null]); // Once per request, and again once the first view is there.

  const byId = useMemo(() => new Map(store.pins.map((row) => [row.id, row])), [store.pins]);
  const texts = useMemo<PinTexts>(
    () => ({
      layerLabel: t('canvas.pinsOnSheet'),
      pinLabel: (id) => {
        const row = byId.get(id);
        return row ? `${row.number} ${row.title}, ${statusText(row.status)}, ${textIn(row.typeName, language)}` : '';
      },
    }),
    [t, byId, statusText, language],
  );

  // In drop mode Enter on the sheet drops the pin in the middle of the view; Escape leaves it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.classList.contains('sheet-view')) return;
    if (event.key === 'Escape' && (store.mode === 'drop' || store.draft)) {
      event.preventDefault();
      store.cancelDraft();
    } else if (event.key === 'Enter' && store.mode === 'drop' && lastView.current) {
      event.preventDefault();
      const view = lastView.current;
      const [x, y] = view.toSheet([view.viewSize.width / 2, view.viewSize.height / 2]);
      store.dropAt(x, y);
    }
  };

  return (
    <div className="follow-canvas" onKeyDown={onKeyDown} data-testid="follow-canvas">
      <SheetView
        source={source}
        viewport={viewport}
        onViewportChange={setViewport}
        panWithPrimary
        ariaLabel={t('canvas.canvasLabel', { number: revision.number })}
        overlay={(view) => {
          lastView.current = view;
          return <PinLayer store={store} view={view} texts={texts} />;
        }}
      />
      {store.pinsStatus === 'loading' && (
        <div className="follow-canvas-loading" role="status">
          <Spin size="small" /> {t('canvas.pinsLoading')}
        </div>
      )}
    </div>
  );
});
