import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { SheetViewApi } from '../../../drawing-kit/sheet-view.tsx';
import type { FollowCanvasStore } from './follow-canvas-store.ts';
import { DENSE_PINS, PIN, pinAt, pinsInView, PinSprites, screenOf, type PaintedPin } from './pin-paint.ts';

/** Pins in view up to this many are also buttons (Tab reaches them); more, and the panel's list is the way. */
export const PIN_BUTTONS_MAX = 40;
/** A pointer that moves less than this (px) between down and up clicked: it did not drag. */
const CLICK_SLOP = 4;
/** A paint slower than this (ms) and the pins are moved as a picture while the view moves. */
const SLOW_PAINT_MS = 8;
/** How long the view must rest before slow pins are painted again. */
const REST_MS = 100;

export interface PinTexts {
  /** What a pin button says: its number, title and status. */
  pinLabel: (id: number) => string;
  layerLabel: string;
}

/**
 * The follow-ups' pins over the sheet: drawn on one canvas the size of the view (thousands of
 * them in a frame: each a copy of a picture made once per status and type), culled to the view.
 * A click on a pin opens it, a drag moves it (when the caller may), a click in drop mode places
 * a new one. The few pins in view are also buttons, so the keyboard reaches them.
 */
export const PinLayer = observer(function PinLayer({ store, view, texts }: { store: FollowCanvasStore; view: SheetViewApi; texts: PinTexts }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [sprites] = useState(() => new PinSprites(window.devicePixelRatio || 1));
  const press = useRef<{ pointerId: number; start: [number, number]; pin: PaintedPin | null; dragging: boolean } | null>(null);
  const painted = store.painted;
  const selectedId = store.draft ? 0 : store.selectedId;
  const { matrix, viewSize } = view;
  const inView = pinsInView(painted, matrix, viewSize);
  // A crowded view shows dots, a sparse one pins (see DENSE_PINS).
  const dots = inView.length > DENSE_PINS;

  // Drawn again for each view and each change of the pins. When a paint takes longer than a
  // frame can spare (thousands of pins on a slow machine), the last picture is moved and scaled
  // with CSS while only the view moves, and painted again once it rests, as the markups are.
  const drawnRef = useRef<{ view: SheetViewApi['viewport']; pins: readonly PaintedPin[]; selectedId: number | null; dots: boolean; width: number; height: number; ms: number } | null>(null);
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [restTick, setRestTick] = useState(0);
  useLayoutEffect(() => {
    const element = canvas.current!;
    const drawn = drawnRef.current;
    const viewport = view.viewport;
    if (rest.current) clearTimeout(rest.current);
    rest.current = null;
    const onlyMoved =
      drawn && drawn.pins === painted && drawn.selectedId === selectedId && drawn.dots === dots && drawn.width === viewSize.width && drawn.height === viewSize.height && drawn.view.rotation === viewport.rotation;
    // Nothing changed since the last paint (e.g. the rest after a move painted it already).
    if (onlyMoved && restTick === 0 && drawn.view.x === viewport.x && drawn.view.y === viewport.y && drawn.view.scale === viewport.scale) return;
    if (onlyMoved && drawn.ms > SLOW_PAINT_MS && restTick === 0) {
      const k = viewport.scale / drawn.view.scale;
      element.style.transform = `translate(${viewport.x - drawn.view.x * k}px, ${viewport.y - drawn.view.y * k}px) scale(${k})`;
      rest.current = setTimeout(() => setRestTick((tick) => tick + 1), REST_MS);
      return;
    }
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(viewSize.width * dpr));
    const height = Math.max(1, Math.round(viewSize.height * dpr));
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
    }
    element.style.transform = '';
    const ctx = element.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const count = sprites.paint(ctx, painted, matrix, viewSize, selectedId, dots);
    const ms = performance.now() - started;
    drawnRef.current = { view: viewport, pins: painted, selectedId, dots, width: viewSize.width, height: viewSize.height, ms };
    element.dataset.pins = String(store.pins.length);
    element.dataset.drawn = String(count);
    // How long the last paint took (the benchmark reads it).
    element.dataset.paintMs = ms.toFixed(2);
    if (restTick !== 0) setRestTick(0);
    element.dataset.dots = String(dots);
  }, [painted, matrix, viewSize, selectedId, sprites, store, view.viewport, restTick, dots]);
  useEffect(() => () => void (rest.current && clearTimeout(rest.current)), []);

  useEffect(() => () => void (press.current = null), []);

  const local = (event: { clientX: number; clientY: number }): [number, number] => {
    const box = canvas.current!.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top];
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    const at = local(event);
    const pin = pinAt(painted, matrix, at, selectedId, dots);
    if (pin && pin.id !== 0) {
      event.preventDefault();
      canvas.current!.setPointerCapture?.(event.pointerId);
      press.current = { pointerId: event.pointerId, start: at, pin, dragging: false };
      return;
    }
    if (store.mode === 'drop') {
      event.preventDefault();
      const [x, y] = view.toSheet(at);
      store.dropAt(x, y);
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const held = press.current;
    const element = canvas.current!;
    if (!held || held.pointerId !== event.pointerId) {
      // The pointer says what a click would do.
      const over = pinAt(painted, matrix, local(event), selectedId, dots);
      element.style.cursor = over && over.id !== 0 ? 'pointer' : store.mode === 'drop' ? 'crosshair' : '';
      return;
    }
    const at = local(event);
    if (!held.dragging && Math.hypot(at[0] - held.start[0], at[1] - held.start[1]) < CLICK_SLOP) return;
    if (!held.pin || !store.canMove(held.pin.id)) return;
    held.dragging = true;
    // The pin follows the pointer from where it was taken, not jumping its tip under it.
    const [x0, y0] = view.toSheet(held.start);
    const [x1, y1] = view.toSheet(at);
    store.dragTo(held.pin.id, held.pin.x + x1 - x0, held.pin.y + y1 - y0);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const held = press.current;
    if (!held || held.pointerId !== event.pointerId) return;
    press.current = null;
    if (held.dragging) void store.endMove();
    else if (held.pin) void store.openFollow(held.pin.id);
  };
  const onPointerCancel = () => {
    press.current = null;
    store.cancelMove();
  };

  // The few pins in view as buttons, for the keyboard and screen readers.
  const buttons = inView.length <= PIN_BUTTONS_MAX ? inView.filter((pin) => pin.id !== 0) : [];
  return (
    <>
      <canvas
        ref={canvas}
        className="follow-pin-canvas"
        style={{ width: viewSize.width, height: viewSize.height }}
        data-testid="follow-pin-canvas"
        data-mode={store.mode}
        aria-hidden="true"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      />
      {buttons.length > 0 && (
        <div className="follow-pin-buttons" role="group" aria-label={texts.layerLabel}>
          {buttons.map((pin) => {
            const [sx, sy] = screenOf(matrix, pin.x, pin.y);
            return (
              <button
                key={pin.id}
                type="button"
                className="follow-pin-button"
                style={{ left: sx - PIN.radius, top: sy - PIN.tip + PIN.cy - PIN.radius }}
                aria-label={texts.pinLabel(pin.id)}
                aria-pressed={pin.id === store.selectedId}
                data-follow-id={pin.id}
                onClick={() => void store.openFollow(pin.id)}
              />
            );
          })}
        </div>
      )}
    </>
  );
});
