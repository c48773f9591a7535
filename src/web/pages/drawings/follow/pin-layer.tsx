import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { SheetViewApi } from '../../../drawing-kit/sheet-view.tsx';
import type { FollowCanvasStore } from './follow-canvas-store.ts';
import { DENSE_PINS, PIN, PinCanvasPainter, pinAt, pinsInView, PinSprites, screenOf, type PaintedPin } from './pin-paint.ts';

/** Pins in view up to this many are also buttons (Tab reaches them); more, and the panel's list is the way. */
export const PIN_BUTTONS_MAX = 40;
/** A pointer that moves less than this (px) between down and up clicked: it did not drag. */
const CLICK_SLOP = 4;

export interface PinTexts {
  /** What a pin button says: its number, title and status. */
  pinLabel: (id: number) => string;
  layerLabel: string;
}

/**
 * The follow-ups' pins over the sheet: drawn on one canvas the size of the view (thousands of
 * them in a frame: each a copy of a picture made once per status and type), culled to the view
 * ({@link PinCanvasPainter}). A click on a pin opens it, a drag moves it (when the caller may), a
 * click in drop mode places a new one. The few pins in view are also buttons, so the keyboard
 * reaches them.
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

  const painter = useRef<PinCanvasPainter | null>(null);
  useLayoutEffect(() => {
    const made = new PinCanvasPainter(canvas.current!, sprites);
    painter.current = made;
    return () => {
      made.destroy();
      painter.current = null;
    };
  }, [sprites]);
  useLayoutEffect(() => painter.current?.setPins(painted, selectedId, dots), [painted, selectedId, dots]);
  useLayoutEffect(() => painter.current?.update(view.viewport, view.sheet, view.viewSize), [view]);

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
        data-pins={store.pins.length}
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
