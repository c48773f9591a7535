import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import {
  boundsOfPoints,
  drawGesture,
  handlePoint,
  pickMarkup,
  RESIZE_HANDLES,
  resizeBounds,
  resizeMarkup,
  moveMarkup,
  type Bounds,
  type MarkupBody,
  type MarkupKind,
  type ResizeHandle,
  type SheetPoint,
} from '../../../../core/drawings/markup.ts';
import type { SheetViewApi } from '../../../drawing-kit/sheet-view.tsx';
import type { MarkupItem, MarkupStore } from './markup-store.ts';
import { MarkupCanvasPainter } from '../../../drawing-kit/markup-canvas.ts';
import { MarkupShape, type ShapeTexts } from '../../../drawing-kit/markup-shapes.tsx';

/** Pick radius and the least drag that counts as one, in screen pixels. */
const PICK_PX = 6;
const DRAG_PX = 3;
const HANDLE_PX = 10;

type Gesture =
  | { type: 'draw'; pointerId: number }
  | { type: 'move'; pointerId: number; from: SheetPoint; moved: boolean }
  | { type: 'resize'; pointerId: number; handle: ResizeHandle; from: Bounds }
  | { type: 'marquee'; pointerId: number; from: SheetPoint; to: SheetPoint; extend: boolean }
  | { type: 'open'; pointerId: number; item: MarkupItem };

/** Markups being moved or resized: drawn over the canvas as shapes, following the pointer. */
const PreviewShapes = observer(function PreviewShapes({ store, texts }: { store: MarkupStore; texts: ShapeTexts }) {
  return (
    <>
      {[...store.preview].map(([key, body]) => (
        <MarkupShape key={key} itemKey={key} body={body} texts={texts} />
      ))}
    </>
  );
});

/**
 * Every other markup, on one canvas under the layer: drawn again when one of them changes or
 * the view moves (thousands of SVG shapes would be painted again on every frame of a pan).
 */
function MarkupCanvas({ store, texts, view }: { store: MarkupStore; texts: ShapeTexts; view: SheetViewApi }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const painter = useRef<MarkupCanvasPainter | null>(null);
  useLayoutEffect(() => {
    const made = new MarkupCanvasPainter(canvas.current!);
    painter.current = made;
    return () => {
      made.destroy();
      painter.current = null;
    };
  }, []);
  useEffect(
    () =>
      autorun(() => {
        const preview = store.preview;
        const items = store.visible.filter((item) => !preview.has(item.key));
        const faded = new Set(items.filter((item) => item.stored?.fromRevision != null).map((item) => item.body!));
        painter.current?.setMarkups(items.map((item) => item.body!), faded, texts);
      }),
    [store, texts],
  );
  useLayoutEffect(() => painter.current?.update(view.viewport, view.sheet, view.viewSize), [view]);
  return <canvas ref={canvas} className="markup-layer-picture" aria-hidden="true" data-testid="markup-picture" />;
}

const DraftShape = observer(function DraftShape({ store, texts }: { store: MarkupStore; texts: ShapeTexts }) {
  const draft = store.draft;
  if (!draft || draft.points.length === 0) return null;
  const kind: MarkupKind = draft.kind === 'calibrate' ? 'measureLength' : draft.kind;
  const style = store.styleFor(kind);
  const body: MarkupBody = { kind, points: draft.points, style, visibility: store.visibility };
  if (kind === 'stamp') body.stamp = store.stamp;
  if (kind === 'text' || kind === 'photo' || (kind !== 'measureCount' && draft.points.length < 2)) {
    // One point: a cross where it will go.
    const [x, y] = draft.points.at(-1)!;
    const r = style.width * 4;
    return <path d={`M${x - r} ${y} L${x + r} ${y} M${x} ${y - r} L${x} ${y + r}`} stroke={style.color} strokeWidth={style.width} />;
  }
  if (kind === 'callout' || kind === 'link') body.text = ' ';
  return <MarkupShape body={body} texts={kind === 'measureLength' || kind === 'measurePolyline' || kind === 'measureArea' ? texts : { ...texts, measure: () => null }} />;
});

/**
 * The markup layer over the sheet: draws every markup in sheet coordinates with the view's
 * transform, and turns pointer gestures into markups, selections, moves and resizes. A left
 * drag with the pan tool (or on nothing a gesture wants) is left to the viewer.
 */
export const MarkupLayer = observer(function MarkupLayer({
  store,
  view,
  texts,
  onOpen,
  label,
}: {
  store: MarkupStore;
  view: SheetViewApi;
  texts: ShapeTexts;
  /** Follows a link or shows a photo. */
  onOpen: (item: MarkupItem) => void;
  label: string;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [marquee, setMarquee] = useState<Bounds | null>(null);
  const tool = store.tool;
  const tolerance = PICK_PX / view.scale;

  const sheetPoint = (event: { clientX: number; clientY: number }): SheetPoint => {
    const box = svg.current!.getBoundingClientRect();
    const [x, y] = view.toSheet([event.clientX - box.left, event.clientY - box.top]);
    return [x, y];
  };
  const capture = (event: PointerEvent<SVGSVGElement>) => {
    event.preventDefault();
    svg.current!.setPointerCapture?.(event.pointerId);
    svg.current!.closest<HTMLElement>('.sheet-view')?.focus({ preventScroll: true });
  };
  const openable = (item: MarkupItem | null) => item?.body && (item.body.kind === 'link' || item.body.kind === 'photo');
  const pick = (p: SheetPoint): MarkupItem | null => {
    const items = store.visible;
    const hit = pickMarkup(
      items.map((item) => item.body!),
      p,
      tolerance,
    );
    return hit ? (items.find((item) => item.body === hit) ?? null) : null;
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 || gesture.current) return;
    const p = sheetPoint(event);
    if (tool === 'pan') {
      const hit = pick(p);
      if (openable(hit)) {
        capture(event);
        gesture.current = { type: 'open', pointerId: event.pointerId, item: hit! };
      }
      return;
    }
    if (tool === 'select') {
      capture(event);
      const bounds = store.selectionBounds;
      if (bounds && store.canEdit) {
        for (const handle of RESIZE_HANDLES) {
          const [hx, hy] = view.toScreen(handlePoint(bounds, handle));
          const [sx, sy] = view.toScreen(p);
          if (Math.abs(hx - sx) <= HANDLE_PX / 2 + 2 && Math.abs(hy - sy) <= HANDLE_PX / 2 + 2) {
            gesture.current = { type: 'resize', pointerId: event.pointerId, handle, from: bounds };
            return;
          }
        }
      }
      const hit = pick(p);
      if (hit) {
        if (event.shiftKey) store.select([hit.key], true);
        else if (!store.selection.has(hit.key)) store.select([hit.key]);
        gesture.current = { type: 'move', pointerId: event.pointerId, from: p, moved: false };
      } else {
        if (!event.shiftKey) store.clearSelection();
        gesture.current = { type: 'marquee', pointerId: event.pointerId, from: p, to: p, extend: event.shiftKey };
      }
      return;
    }
    capture(event);
    const kind = tool;
    const how = drawGesture(kind === 'calibrate' ? 'measureLength' : kind);
    if (how === 'path') {
      const draft = store.draft;
      if (draft && draft.kind === kind) {
        // The last point follows the pointer; a click fixes it and starts the next.
        const points = kind === 'measureCount' ? [...draft.points, p] : [...draft.points.slice(0, -1), p, p];
        store.updateDraft(points);
      } else {
        store.startDraft(kind, kind === 'measureCount' ? [p] : [p, p]);
      }
      return;
    }
    if (how === 'point') {
      store.startDraft(kind, [p]);
      store.finishDraft();
      return;
    }
    store.startDraft(kind, how === 'stroke' ? [p] : [p, p]);
    gesture.current = { type: 'draw', pointerId: event.pointerId };
  };

  const finishPath = () => {
    const draft = store.draft;
    if (!draft) return;
    // The double-click's second press added a point where the first one was.
    store.updateDraft(draft.points.slice(0, -1));
    store.finishDraft();
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const p = sheetPoint(event);
    const g = gesture.current;
    const draft = store.draft;
    if (!g) {
      // A path being clicked: its last point follows the pointer.
      if (draft && drawGesture(draft.kind === 'calibrate' ? 'measureLength' : draft.kind) === 'path' && draft.kind !== 'measureCount') {
        store.updateDraft([...draft.points.slice(0, -1), p]);
      }
      return;
    }
    if (g.pointerId !== event.pointerId) return;
    if (g.type === 'draw' && draft) {
      if (drawGesture(draft.kind === 'calibrate' ? 'measureLength' : draft.kind) === 'stroke') {
        const last = draft.points.at(-1)!;
        if (Math.hypot(p[0] - last[0], p[1] - last[1]) * view.scale >= 2) store.updateDraft([...draft.points, p]);
      } else {
        store.updateDraft([draft.points[0]!, p]);
      }
    } else if (g.type === 'move') {
      const dx = p[0] - g.from[0];
      const dy = p[1] - g.from[1];
      if (!g.moved && Math.hypot(dx, dy) * view.scale < DRAG_PX) return;
      g.moved = true;
      if (!store.canEdit) return;
      store.setPreview(new Map(store.selected.map((item) => [item.key, moveMarkup(item.body!, dx, dy)])));
    } else if (g.type === 'resize') {
      const to = resizeBounds(g.from, g.handle, p);
      store.setPreview(new Map(store.selected.map((item) => [item.key, resizeMarkup(item.body!, g.from, to)])));
    } else if (g.type === 'marquee') {
      g.to = p;
      setMarquee(boundsOfPoints([g.from, p]));
    }
  };

  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    const p = sheetPoint(event);
    if (g.type === 'open') {
      if (pick(p) === g.item || pick(p)?.key === g.item.key) onOpen(g.item);
    } else if (g.type === 'draw') {
      const draft = store.draft;
      if (draft && draft.points.length >= 2) {
        const box = boundsOfPoints(draft.points);
        const size = Math.max(box.width, box.height) * view.scale;
        // A click without a drag draws nothing (a stamp or link gets a default size instead).
        if (size < DRAG_PX) {
          if (draft.kind === 'stamp' || draft.kind === 'link') {
            const w = 160 / view.scale;
            const h = (draft.kind === 'stamp' ? 56 : 40) / view.scale;
            store.updateDraft([draft.points[0]!, [draft.points[0]![0] + w, draft.points[0]![1] + h]]);
          } else {
            store.cancelDraft();
            return;
          }
        }
      }
      store.finishDraft();
    } else if (g.type === 'move') {
      store.setPreview(new Map());
      if (g.moved) store.moveSelection(p[0] - g.from[0], p[1] - g.from[1]);
    } else if (g.type === 'resize') {
      store.setPreview(new Map());
      store.resizeSelection(g.from, resizeBounds(g.from, g.handle, p));
    } else if (g.type === 'marquee') {
      setMarquee(null);
      const box = boundsOfPoints([g.from, p]);
      if (Math.max(box.width, box.height) * view.scale >= DRAG_PX) store.selectInBox(box, g.extend);
    }
  };

  const onPointerCancel = () => {
    gesture.current = null;
    setMarquee(null);
    store.setPreview(new Map());
    if (store.draft && drawGesture(store.draft.kind === 'calibrate' ? 'measureLength' : store.draft.kind) !== 'path') store.cancelDraft();
  };

  const onDoubleClick = (event: { clientX: number; clientY: number }) => {
    // A double-click ends a path being clicked (pointer events carry no click count).
    if (store.draft && drawGesture(store.draft.kind === 'calibrate' ? 'measureLength' : store.draft.kind) === 'path') return finishPath();
    if (tool !== 'select') return;
    const hit = pick(sheetPoint(event));
    if (openable(hit)) onOpen(hit!);
  };

  const bounds = tool === 'select' ? store.selectionBounds : null;
  const selectionOutline = bounds
    ? (['nw', 'ne', 'se', 'sw'] as const).map((h) => view.toScreen(handlePoint(bounds, h)).join(',')).join(' ')
    : null;
  const cursor = tool === 'pan' ? undefined : tool === 'select' ? 'default' : 'crosshair';

  return (
    <>
      <MarkupCanvas store={store} texts={texts} view={view} />
      <svg
        ref={svg}
        className={`markup-layer markup-tool-${tool}`}
        width={view.viewSize.width}
        height={view.viewSize.height}
        style={{ cursor }}
        role="img"
        aria-label={label}
        data-testid="markup-layer"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onDoubleClick={onDoubleClick}
      >
        <g transform={`matrix(${view.matrix.join(' ')})`}>
          <PreviewShapes store={store} texts={texts} />
          <DraftShape store={store} texts={texts} />
        </g>
        {selectionOutline && bounds && (
          <g className="markup-selection" data-testid="markup-selection">
            <polygon points={selectionOutline} fill="none" stroke="#1677ff" strokeWidth={1} strokeDasharray="4 3" />
            {store.canEdit &&
              RESIZE_HANDLES.map((handle) => {
                const [x, y] = view.toScreen(handlePoint(bounds, handle));
                return (
                  <rect
                    key={handle}
                    x={x - HANDLE_PX / 2}
                    y={y - HANDLE_PX / 2}
                    width={HANDLE_PX}
                    height={HANDLE_PX}
                    fill="#ffffff"
                    stroke="#1677ff"
                    data-handle={handle}
                  />
                );
              })}
          </g>
        )}
        {marquee &&
          (() => {
            const corners = [
              [marquee.x, marquee.y],
              [marquee.x + marquee.width, marquee.y],
              [marquee.x + marquee.width, marquee.y + marquee.height],
              [marquee.x, marquee.y + marquee.height],
            ] as const;
            return (
              <polygon
                points={corners.map((c) => view.toScreen(c).join(',')).join(' ')}
                fill="rgba(22,119,255,0.08)"
                stroke="#1677ff"
                strokeWidth={1}
                data-testid="markup-marquee"
              />
            );
          })()}
      </svg>
    </>
  );
});

/** Ends a path being clicked (Enter): used by the page's keys. */
export function finishOpenPath(store: MarkupStore) {
  const draft = store.draft;
  if (!draft) return;
  if (drawGesture(draft.kind === 'calibrate' ? 'measureLength' : draft.kind) === 'path' && draft.kind !== 'measureCount') {
    // The last point is the one following the pointer.
    store.updateDraft(draft.points.slice(0, -1));
  }
  store.finishDraft();
}
