import {
  ColumnWidthOutlined,
  CompressOutlined,
  PictureOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampViewport,
  fitPage,
  fitWidth,
  normalizeRotation,
  panBy,
  rotateBy,
  scaleLimits,
  screenToSheet,
  sheetToScreen,
  viewMatrix,
  zoomAbout,
  type Matrix,
  type Point,
  type Rotation,
  type Size,
  type Viewport,
} from '../../core/drawings/viewport.ts';
import type { DxfLayerInfo } from '../../core/drawings/dxf/display-list.ts';
import { DxfSheetPainter } from './dxf-sheet.ts';
import { ImageSheetPainter } from './image-sheet.ts';
import { openPdfSheet, PdfSheetPainter } from './pdf-sheet.ts';
import { SheetMinimap } from './sheet-minimap.tsx';
import { SheetTintFilter } from './sheet-tint.tsx';
import './sheet-view.css';

export type SheetSource = { kind: 'pdf' | 'image' | 'dxf'; url: string; width: number; height: number };

/** What an overlay (markups, measurements) needs to draw in the sheet's place. */
export type SheetViewApi = {
  viewport: Viewport;
  /** Sheet point → screen point (px from the view's top-left). */
  toScreen(point: Point): [number, number];
  /** Screen point (px from the view's top-left) → sheet point. */
  toSheet(point: Point): [number, number];
  /** Screen px per sheet unit. */
  scale: number;
  /** The sheet → screen transform, for an SVG `transform` or a canvas `setTransform`. */
  matrix: Matrix;
  sheet: Size;
  viewSize: Size;
};

export type SheetViewProps = {
  source: SheetSource;
  /** Given: the view follows it (null: fit the page and report it); left out: the view keeps its own. */
  viewport?: Viewport | null;
  onViewportChange?: (viewport: Viewport) => void;
  /** The turn to show; changing it turns the sheet about the view's centre. */
  rotation?: Rotation;
  /** DXF layers not drawn. */
  hiddenLayers?: readonly string[];
  /** The DXF's layers once it has been read. */
  onLayers?: (layers: DxfLayerInfo[]) => void;
  /** Compare overlay: the sheet in one colour, paper white (red: the older revision, green: the newer). */
  tint?: 'red' | 'green' | null;
  /** A left drag pans (no tool is active). Middle drag, space+drag, wheel, touch and keys always pan. */
  panWithPrimary?: boolean;
  ariaLabel: string;
  overlay?: (view: SheetViewApi) => ReactNode;
  /** The zoom, fit and turn buttons (default shown). */
  controls?: boolean;
  /** The minimap at first (default shown on screens wider than a phone). */
  minimap?: boolean;
  /** Shown with the message when the sheet cannot be drawn (e.g. a download link). */
  failureAction?: ReactNode;
  className?: string;
};

type Painter = {
  update(view: Viewport, viewSize: Size): void;
  destroy(): void;
};

const KEY_PAN = 48;
const KEY_ZOOM = 1.25;

/**
 * One sheet (a PDF page, an image or a DXF drawing) with pan, zoom and turn, a minimap, and
 * an overlay drawn in the same place. The drawing part is left-to-right in every language: a
 * sheet is not mirrored in Arabic; the controls are.
 */
export function SheetView(props: SheetViewProps) {
  const { source, onViewportChange, onLayers, tint = null, panWithPrimary = false, ariaLabel, overlay, controls = true, failureAction, className } = props;
  const { t, i18n } = useTranslation('sheetViewer');
  // A size of 0 means "as the file says": a file opened outside the register has no stored size.
  const given = source.width > 0 && source.height > 0;
  const [natural, setNatural] = useState<Size | null>(null);
  const sheet = useMemo<Size>(
    () => (given ? { width: source.width, height: source.height } : (natural ?? { width: 1, height: 1 })),
    [given, source.width, source.height, natural],
  );
  const sheetKnown = given || natural !== null;
  const givenKey = given ? `${source.width}x${source.height}` : '';
  const root = useRef<HTMLDivElement>(null);
  const paper = useRef<HTMLDivElement>(null);
  const painter = useRef<Painter | null>(null);
  const [viewSize, setViewSize] = useState<Size | null>(null);
  const [ownView, setOwnView] = useState<Viewport | null>(null);
  const controlled = props.viewport !== undefined;
  const view = controlled ? (props.viewport ?? null) : ownView;
  const viewRef = useRef(view);
  viewRef.current = view;
  const sizeRef = useRef(viewSize);
  sizeRef.current = viewSize;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [thumbnail, setThumbnail] = useState<CanvasImageSource | null>(null);
  const [minimapShown, setMinimapShown] = useState(props.minimap ?? true);
  const [grabbing, setGrabbing] = useState(false);
  const space = useRef(false);
  const onLayersRef = useRef(onLayers);
  onLayersRef.current = onLayers;

  const change = useCallback(
    (next: Viewport) => {
      const size = sizeRef.current;
      const kept = size ? clampViewport(next, sheet, size) : next;
      viewRef.current = kept;
      if (!controlled) setOwnView(kept);
      onViewportChange?.(kept);
    },
    [controlled, onViewportChange, sheet],
  );

  // The view's size, followed as the window or a panel changes it.
  useLayoutEffect(() => {
    const element = root.current!;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setViewSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The first view (or a reset one) shows the whole page.
  useEffect(() => {
    if (!viewSize || view || viewSize.width === 0 || !sheetKnown) return;
    change(fitPage(sheet, viewSize, normalizeRotation(props.rotation ?? 0)));
  }, [viewSize, view, sheet, sheetKnown, change, props.rotation]);

  // A new turn from outside turns about the centre.
  useEffect(() => {
    const current = viewRef.current;
    const size = sizeRef.current;
    if (props.rotation === undefined || !current || !size || current.rotation === props.rotation) return;
    change(rotateBy(current, sheet, size, (props.rotation - current.rotation) / 90));
  }, [props.rotation, sheet, change]);

  // The painter for the source: made once per file, told of every view change.
  useEffect(() => {
    const host = paper.current!;
    const aborted = new AbortController();
    const stored: Size | null = givenKey ? { width: Number(givenKey.split('x')[0]), height: Number(givenKey.split('x')[1]) } : null;
    setStatus('loading');
    setThumbnail(null);
    setNatural(null);
    if (!controlled) setOwnView(null);
    const failed = (error: unknown) => {
      if (aborted.signal.aborted) return;
      console.warn('sheet could not be drawn', error);
      setStatus('failed');
    };
    const ready = (made: Painter, size: Size, picture: CanvasImageSource | null) => {
      if (aborted.signal.aborted) {
        made.destroy();
        return;
      }
      painter.current = made;
      if (!stored) setNatural(size);
      setThumbnail(picture);
      setStatus('ready');
    };
    if (source.kind === 'pdf') {
      void (async () => {
        try {
          const opened = await openPdfSheet(source.url, aborted.signal);
          if (aborted.signal.aborted) return opened.close();
          const own = opened.page.getViewport({ scale: 1 });
          const size = stored ?? { width: own.width, height: own.height };
          const made = new PdfSheetPainter(host, opened.page, size);
          aborted.signal.addEventListener('abort', () => made.destroy(), { once: true });
          ready(made, size, null);
          // The first view shows the whole page (either way round): its picture is drawn at that size.
          const shown = sizeRef.current;
          const fit = shown ? Math.max(fitPage(size, shown, 0).scale, fitPage(size, shown, 90).scale) : undefined;
          const base = await made.renderBase(fit && fit * (window.devicePixelRatio || 1));
          if (!aborted.signal.aborted) setThumbnail(base);
        } catch (error) {
          failed(error);
        }
      })();
    } else if (source.kind === 'image') {
      const made = new ImageSheetPainter(host, stored ?? { width: 1, height: 1 });
      aborted.signal.addEventListener('abort', () => made.destroy(), { once: true });
      made.load(source.url).then((image) => {
        const size = stored ?? { width: image.naturalWidth, height: image.naturalHeight };
        made.sheet = size;
        ready(made, size, image);
      }, failed);
    } else {
      const made = new DxfSheetPainter(host, stored ?? { width: 1, height: 1 });
      aborted.signal.addEventListener('abort', () => made.destroy(), { once: true });
      made.load(source.url, aborted.signal).then((list) => {
        const size = stored ?? { width: list.width, height: list.height };
        made.sheet = size;
        onLayersRef.current?.(list.layers);
        ready(made, size, made.thumbnail());
      }, failed);
    }
    return () => {
      aborted.abort();
      painter.current = null;
    };
    // Made again only for another file (or another stored size), not for each view.
  }, [source.kind, source.url, givenKey]);

  // Layers: the given hidden ones, or (none given) those switched off in the file.
  const hiddenKey = props.hiddenLayers ? JSON.stringify(props.hiddenLayers) : null;
  useEffect(() => {
    const made = painter.current;
    if (made instanceof DxfSheetPainter) {
      made.setHiddenLayers(hiddenKey ? (JSON.parse(hiddenKey) as string[]) : null);
      setThumbnail(made.thumbnail());
    }
  }, [hiddenKey, status]);

  useLayoutEffect(() => {
    if (view && viewSize && status === 'ready' && sheetKnown) painter.current?.update(view, viewSize);
  }, [view, viewSize, status, sheetKnown]);

  // Wheel: pinch (ctrl+wheel) and a mouse wheel's notches zoom about the pointer; a trackpad's
  // two-finger scroll pans. Not passive, so the page does not scroll under the sheet.
  useEffect(() => {
    const element = root.current!;
    const onWheel = (event: WheelEvent) => {
      const current = viewRef.current;
      const size = sizeRef.current;
      if (!current || !size) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const at: Point = [event.clientX - box.left, event.clientY - box.top];
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? size.height : 1;
      const dx = event.deltaX * lines;
      const dy = event.deltaY * lines;
      const mouseNotch = event.deltaMode !== 0 || (dx === 0 && Math.abs(dy) >= 50 && Number.isInteger(dy));
      if (event.ctrlKey || event.metaKey || mouseNotch) {
        change(zoomAbout(current, Math.exp(-dy * (event.ctrlKey ? 0.01 : 0.0025)), at, scaleLimits(sheet, size)));
      } else if (event.shiftKey) {
        change(panBy(current, -dy, 0));
      } else {
        change(panBy(current, -dx, -dy));
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [change, sheet]);

  // Pointer pans: one pointer drags, two touches pinch (zoom about their middle and pan with it).
  const drags = useRef(new Map<number, Point>());
  const local = (event: { clientX: number; clientY: number }): Point => {
    const box = root.current!.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top];
  };
  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    drags.current.set(event.pointerId, local(event));
    root.current!.setPointerCapture?.(event.pointerId);
    setGrabbing(true);
  };
  const onPointerDownCapture = (event: PointerEvent<HTMLDivElement>) => {
    const touchPan = event.pointerType === 'touch' && (drags.current.size > 0 || panWithPrimary);
    if (event.button === 1 || (event.button === 0 && space.current) || touchPan) {
      event.preventDefault();
      event.stopPropagation();
      root.current!.focus({ preventScroll: true });
      startDrag(event);
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    root.current!.focus({ preventScroll: true });
    if (event.defaultPrevented || !panWithPrimary || event.button !== 0 || drags.current.has(event.pointerId)) return;
    startDrag(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = drags.current.get(event.pointerId);
    const current = viewRef.current;
    const size = sizeRef.current;
    if (!before || !current || !size) return;
    const now = local(event);
    if (drags.current.size >= 2) {
      const [other] = [...drags.current.entries()].filter(([id]) => id !== event.pointerId);
      const fixed = other![1];
      const spreadBefore = Math.hypot(before[0] - fixed[0], before[1] - fixed[1]);
      const spreadNow = Math.hypot(now[0] - fixed[0], now[1] - fixed[1]);
      const middleBefore: Point = [(before[0] + fixed[0]) / 2, (before[1] + fixed[1]) / 2];
      const middleNow: Point = [(now[0] + fixed[0]) / 2, (now[1] + fixed[1]) / 2];
      const zoomed = spreadBefore > 0 ? zoomAbout(current, spreadNow / spreadBefore, middleBefore, scaleLimits(sheet, size)) : current;
      change(panBy(zoomed, middleNow[0] - middleBefore[0], middleNow[1] - middleBefore[1]));
    } else {
      change(panBy(current, now[0] - before[0], now[1] - before[1]));
    }
    drags.current.set(event.pointerId, now);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drags.current.delete(event.pointerId)) return;
    if (drags.current.size === 0) setGrabbing(false);
  };

  const zoomBy = (factor: number) => {
    const current = viewRef.current;
    const size = sizeRef.current;
    if (current && size) change(zoomAbout(current, factor, [size.width / 2, size.height / 2], scaleLimits(sheet, size)));
  };
  const fit = (how: 'page' | 'width') => {
    const current = viewRef.current;
    const size = sizeRef.current;
    if (current && size) change((how === 'page' ? fitPage : fitWidth)(sheet, size, current.rotation));
  };
  const turn = (quarterTurns: number) => {
    const current = viewRef.current;
    const size = sizeRef.current;
    if (current && size) change(rotateBy(current, sheet, size, quarterTurns));
  };

  // The view changes on every frame of a pan or zoom: the controls are given the same actions
  // each time, so only the zoom figure is rendered again.
  const latestActions = useRef({ zoomBy, fit, turn });
  latestActions.current = { zoomBy, fit, turn };
  const actions = useMemo<ControlActions>(
    () => ({
      zoomOut: () => latestActions.current.zoomBy(1 / KEY_ZOOM),
      zoomIn: () => latestActions.current.zoomBy(KEY_ZOOM),
      fitPage: () => latestActions.current.fit('page'),
      fitWidth: () => latestActions.current.fit('width'),
      rotate: () => latestActions.current.turn(1),
      toggleMinimap: () => setMinimapShown((shown) => !shown),
    }),
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into an overlay's text field are the field's.
    if (event.target !== root.current || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = viewRef.current;
    if (!current) return;
    const step = event.shiftKey ? KEY_PAN * 5 : KEY_PAN;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => change(panBy(current, step, 0)),
      ArrowRight: () => change(panBy(current, -step, 0)),
      ArrowUp: () => change(panBy(current, 0, step)),
      ArrowDown: () => change(panBy(current, 0, -step)),
      '+': () => zoomBy(KEY_ZOOM),
      '=': () => zoomBy(KEY_ZOOM),
      '-': () => zoomBy(1 / KEY_ZOOM),
      '0': () => fit('page'),
      '1': () => fit('width'),
      r: () => turn(1),
      R: () => turn(-1),
      ' ': () => {
        space.current = true;
        setGrabbing(true);
      },
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ') {
      space.current = false;
      if (drags.current.size === 0) setGrabbing(false);
    }
  };

  const api = useMemo<SheetViewApi | null>(() => {
    if (!view || !viewSize) return null;
    return {
      viewport: view,
      scale: view.scale,
      matrix: viewMatrix(view, sheet),
      toScreen: (point) => sheetToScreen(view, sheet, point),
      toSheet: (point) => screenToSheet(view, sheet, point),
      sheet,
      viewSize,
    };
  }, [view, viewSize, sheet]);

  const percent = view && viewSize ? view.scale / fitPage(sheet, viewSize, view.rotation).scale : 1;
  const percentText = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(percent);
  const wide = (viewSize?.width ?? 0) >= 480;

  return (
    <div
      ref={root}
      className={['sheet-view', tint ? `sheet-view-tint-${tint}` : '', grabbing ? 'sheet-view-grabbing' : '', panWithPrimary ? 'sheet-view-pan' : '', className ?? ''].join(' ')}
      tabIndex={0}
      role="application"
      aria-roledescription={t('roleDescription')}
      aria-label={ariaLabel}
      aria-describedby={undefined}
      data-status={status}
      data-rotation={view?.rotation ?? 0}
      data-scale={view?.scale ?? 0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onPointerDownCapture={onPointerDownCapture}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onAuxClick={(event) => event.preventDefault()}
    >
      {tint && <SheetTintFilter tint={tint} />}
      <div ref={paper} className="sheet-view-paper" dir="ltr" aria-hidden="true" />
      {api && status === 'ready' && overlay && (
        <div className="sheet-view-overlay" dir="ltr">
          {overlay(api)}
        </div>
      )}
      {status === 'loading' && (
        <div className="sheet-view-state" role="status" aria-live="polite">
          <Spin />
          <span>{t('loading')}</span>
        </div>
      )}
      {status === 'failed' && (
        <div className="sheet-view-state sheet-view-failed" role="alert">
          <span>{t('failed')}</span>
          {failureAction}
        </div>
      )}
      {controls && status === 'ready' && <SheetControls percentText={percentText} minimapShown={minimapShown} actions={actions} />}
      {minimapShown && wide && status === 'ready' && view && viewSize && thumbnail && (
        <SheetMinimap
          picture={thumbnail}
          sheet={sheet}
          view={view}
          viewSize={viewSize}
          label={t('minimap')}
          onCentre={(next) => change(next)}
        />
      )}
    </div>
  );
}

type ControlActions = Record<'zoomOut' | 'zoomIn' | 'fitPage' | 'fitWidth' | 'rotate' | 'toggleMinimap', () => void>;

/** Zoom, fit, rotate and minimap buttons; memoised, so a pan frame renders only the percentage. */
const SheetControls = memo(function SheetControls({ percentText, minimapShown, actions }: { percentText: string; minimapShown: boolean; actions: ControlActions }) {
  const { t } = useTranslation('sheetViewer');
  return (
    <div className="sheet-view-controls" role="toolbar" aria-label={t('controls')} onPointerDown={(event) => event.stopPropagation()}>
      <Tooltip title={t('zoomOut')}>
        <Button size="small" icon={<ZoomOutOutlined />} aria-label={t('zoomOut')} onClick={actions.zoomOut} />
      </Tooltip>
      <span className="sheet-view-percent" aria-live="polite" data-testid="sheet-zoom">
        {percentText}
      </span>
      <Tooltip title={t('zoomIn')}>
        <Button size="small" icon={<ZoomInOutlined />} aria-label={t('zoomIn')} onClick={actions.zoomIn} />
      </Tooltip>
      <Tooltip title={t('fitPage')}>
        <Button size="small" icon={<CompressOutlined />} aria-label={t('fitPage')} onClick={actions.fitPage} />
      </Tooltip>
      <Tooltip title={t('fitWidth')}>
        <Button size="small" icon={<ColumnWidthOutlined />} aria-label={t('fitWidth')} onClick={actions.fitWidth} />
      </Tooltip>
      <Tooltip title={t('rotate')}>
        <Button size="small" icon={<RotateRightOutlined />} aria-label={t('rotate')} onClick={actions.rotate} />
      </Tooltip>
      <Tooltip title={t('minimap')}>
        <Button
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('minimap')}
          aria-pressed={minimapShown}
          type={minimapShown ? 'primary' : 'default'}
          onClick={actions.toggleMinimap}
        />
      </Tooltip>
    </div>
  );
});
