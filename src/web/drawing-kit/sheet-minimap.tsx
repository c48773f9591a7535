import { useEffect, useRef, type PointerEvent } from 'react';
import { centreOn, rotatedSize, unrotatePoint, viewMatrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';

const LONG_SIDE = 160;

/**
 * The whole sheet small, with a frame where the view is; a click or drag on it moves the view
 * there. Keys pan the sheet itself, so the minimap is a pointer convenience only.
 */
export function SheetMinimap({
  picture,
  sheet,
  view,
  viewSize,
  label,
  onCentre,
}: {
  picture: CanvasImageSource;
  sheet: Size;
  view: Viewport;
  viewSize: Size;
  label: string;
  onCentre: (view: Viewport) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const turned = rotatedSize(sheet, view.rotation);
  const k = LONG_SIDE / Math.max(turned.width, turned.height);
  const width = Math.max(1, Math.round(turned.width * k));
  const height = Math.max(1, Math.round(turned.height * k));

  useEffect(() => {
    const element = canvas.current!;
    const dpr = window.devicePixelRatio || 1;
    element.width = Math.round(width * dpr);
    element.height = Math.round(height * dpr);
    const ctx = element.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, element.width, element.height);
    const [a, b, c, d, e, f] = viewMatrix({ x: 0, y: 0, scale: k * dpr, rotation: view.rotation }, sheet);
    ctx.setTransform(a, b, c, d, e, f);
    // Thin lines of a large picture survive the shrinking only with the better filter.
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(picture, 0, 0, sheet.width, sheet.height);
  }, [picture, sheet, view.rotation, k, width, height]);

  // The view's frame on the turned sheet, in minimap px.
  const left = (-view.x / view.scale) * k;
  const top = (-view.y / view.scale) * k;
  const frameWidth = (viewSize.width / view.scale) * k;
  const frameHeight = (viewSize.height / view.scale) * k;

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const rx = (event.clientX - box.left) / k;
    const ry = (event.clientY - box.top) / k;
    // A point on the turned sheet, back to the sheet point the view should centre on.
    onCentre(centreOn(view, sheet, viewSize, unrotatePoint(sheet, view.rotation, [rx, ry])));
  };

  return (
    <div
      className="sheet-minimap"
      role="img"
      aria-label={label}
      style={{ width, height }}
      onPointerDown={(event) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.buttons & 1) moveTo(event);
      }}
    >
      <canvas ref={canvas} style={{ width, height }} />
      <div
        className="sheet-minimap-frame"
        style={{ left: Math.max(0, left), top: Math.max(0, top), width: Math.max(2, Math.min(width, left + frameWidth) - Math.max(0, left)), height: Math.max(2, Math.min(height, top + frameHeight) - Math.max(0, top)) }}
      />
    </div>
  );
}
