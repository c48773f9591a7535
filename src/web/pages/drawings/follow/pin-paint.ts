import type { IconDefinition } from '@ant-design/icons-svg/es/types';
// The outlines of @ant-design/icons (which ships them): drawn on the pin canvas as paths.
import BugOutlined from '@ant-design/icons-svg/es/asn/BugOutlined';
import CheckSquareOutlined from '@ant-design/icons-svg/es/asn/CheckSquareOutlined';
import ExclamationCircleOutlined from '@ant-design/icons-svg/es/asn/ExclamationCircleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import FlagOutlined from '@ant-design/icons-svg/es/asn/FlagOutlined';
import PushpinOutlined from '@ant-design/icons-svg/es/asn/PushpinOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import type { FollowStatus, FollowTypeIcon } from '../../../../core/contracts/follows.ts';
import { viewMatrix, type Matrix, type Size, type Viewport } from '../../../../core/drawings/viewport.ts';
import { FOLLOW_STATUS_COLORS } from '../../../../core/follows/status-colors.ts';
import { ViewCanvas } from '../../../drawing-kit/view-canvas.ts';

/** A pin's colour per status: what a reader sees first on a busy sheet (the list's tags have the same). */
export const STATUS_COLORS = FOLLOW_STATUS_COLORS;

/** The outline of each type icon; any other name shows a plain pin. */
const PIN_ICONS: Record<FollowTypeIcon, IconDefinition> = {
  BugOutlined,
  CheckSquareOutlined,
  ExclamationCircleOutlined,
  EyeOutlined,
  FireOutlined,
  FlagOutlined,
  PushpinOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ToolOutlined,
  WarningOutlined,
};

/** A pin's shape in CSS px: a drop of `RADIUS` around (CX, CY) whose tip (TIP) sits on its point. */
export const PIN = { width: 28, height: 38, cx: 14, cy: 14, radius: 12, tip: 36 } as const;
/**
 * More pins than this in view and each is a dot on its point (a disc of its status's colour
 * ringed in its type's), as a map shows markers from afar: a sheet crowded with full pins paints
 * each pixel many times over, and cannot be read anyway. The selected one stays a full pin.
 */
export const DENSE_PINS = 1200;
/** A dot's radius in CSS px. */
export const DOT_RADIUS = 5;
/** The selected pin is drawn this much larger. */
const SELECTED_SCALE = 1.3;
/** A paint slower than this (ms) and the pins are moved as a picture while the view moves. */
const SLOW_PAINT_MS = 8;
/** How long the view must rest before slow pins are painted again. */
const REST_MS = 100;

/** What the canvas needs of one pin. */
export interface PaintedPin {
  id: number;
  x: number;
  y: number;
  status: FollowStatus;
  color: string;
  icon: string;
}

/** Where a sheet point falls on the screen under a view's matrix. */
export function screenOf(matrix: Matrix, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/**
 * The pin under a screen point (px from the view's top-left): the one drawn last wins, as the
 * eye sees it; the selected pin is drawn last of all.
 */
export function pinAt(pins: readonly PaintedPin[], matrix: Matrix, point: [number, number], selectedId: number | null, dots = false): PaintedPin | null {
  const hit = (pin: PaintedPin, scale: number) => {
    const [sx, sy] = screenOf(matrix, pin.x, pin.y);
    if (dots && pin.id !== selectedId) return (point[0] - sx) ** 2 + (point[1] - sy) ** 2 <= (DOT_RADIUS + 2) ** 2;
    const cx = sx;
    const cy = sy - (PIN.tip - PIN.cy) * scale;
    const r = PIN.radius * scale + 2;
    // The head, or the stem down to the tip.
    if ((point[0] - cx) ** 2 + (point[1] - cy) ** 2 <= r * r) return true;
    return Math.abs(point[0] - sx) <= 4 * scale && point[1] <= sy && point[1] >= cy;
  };
  const selected = selectedId === null ? undefined : pins.find((pin) => pin.id === selectedId);
  if (selected && hit(selected, SELECTED_SCALE)) return selected;
  for (let i = pins.length - 1; i >= 0; i--) {
    const pin = pins[i]!;
    if (pin.id !== selectedId && hit(pin, 1)) return pin;
  }
  return null;
}

/** The pins whose point lies within the view (with a pin's size of margin), in drawing order. */
export function pinsInView(pins: readonly PaintedPin[], matrix: Matrix, view: { width: number; height: number }): PaintedPin[] {
  const out: PaintedPin[] = [];
  for (const pin of pins) {
    const [sx, sy] = screenOf(matrix, pin.x, pin.y);
    if (sx >= -PIN.width && sy >= 0 && sx <= view.width + PIN.width && sy <= view.height + PIN.height) out.push(pin);
  }
  return out;
}

type Sprite = HTMLCanvasElement | ImageBitmap;

/**
 * Draws pins from pictures made once per status, type colour, icon and selection: thousands of
 * pins are then thousands of image copies, quick enough for every frame of a pan.
 */
export class PinSprites {
  private readonly sprites = new Map<string, Sprite>();
  private readonly paths = new Map<string, Path2D[]>();

  constructor(private readonly dpr: number) {}

  private iconPaths(name: string): Path2D[] {
    let paths = this.paths.get(name);
    if (!paths) {
      const definition = PIN_ICONS[name as FollowTypeIcon] ?? PushpinOutlined;
      const icon = typeof definition.icon === 'function' ? definition.icon('#000', '#fff') : definition.icon;
      paths = (icon.children ?? []).filter((child) => child.tag === 'path' && typeof child.attrs.d === 'string').map((child) => new Path2D(child.attrs.d as string));
      this.paths.set(name, paths);
    }
    return paths;
  }

  sprite(pin: PaintedPin, selected: boolean): Sprite {
    const key = `${pin.status}|${pin.color}|${pin.icon}|${selected ? 1 : 0}`;
    const kept = this.sprites.get(key);
    if (kept) return kept;
    const scale = (selected ? SELECTED_SCALE : 1) * this.dpr;
    const sprite = document.createElement('canvas');
    sprite.width = Math.ceil(PIN.width * scale);
    sprite.height = Math.ceil(PIN.height * scale);
    const ctx = sprite.getContext('2d')!;
    ctx.scale(scale, scale);
    // The drop: a circle narrowing to the tip.
    const { cx, cy, radius, tip } = PIN;
    const spread = Math.asin(radius / (tip - cy));
    ctx.beginPath();
    ctx.arc(cx, cy, radius, Math.PI / 2 + spread, Math.PI / 2 - spread);
    ctx.lineTo(cx, tip);
    ctx.closePath();
    ctx.fillStyle = STATUS_COLORS[pin.status];
    ctx.fill();
    ctx.lineWidth = selected ? 2.5 : 1.5;
    ctx.strokeStyle = selected ? '#141414' : '#ffffff';
    ctx.stroke();
    // The type: its icon in its colour on a white disc.
    ctx.beginPath();
    ctx.arc(cx, cy, radius - 3, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    const box = (radius - 5) * 2;
    ctx.save();
    ctx.translate(cx - box / 2, cy - box / 2);
    ctx.scale(box / 896, box / 896);
    ctx.translate(-64, -64);
    ctx.fillStyle = pin.color;
    for (const path of this.iconPaths(pin.icon)) ctx.fill(path);
    ctx.restore();
    this.sprites.set(key, sprite);
    // A bitmap copies quicker than a canvas, which a browser may snapshot at each copy.
    if (typeof createImageBitmap === 'function') void createImageBitmap(sprite).then((bitmap) => this.sprites.set(key, bitmap), () => undefined);
    return sprite;
  }

  /** Draws each pin in view with its tip on its point (or a dot on it); answers how many were drawn. */
  paint(ctx: CanvasRenderingContext2D, pins: readonly PaintedPin[], matrix: Matrix, view: { width: number; height: number }, selectedId: number | null, dots = false): number {
    let drawn = 0;
    let selected: PaintedPin | null = null;
    const dpr = this.dpr;
    // Dots are drawn as one path per status and one ring per type colour: a few fills in all.
    const fills = new Map<string, Path2D>();
    const rings = new Map<string, Path2D>();
    for (const pin of pins) {
      if (pin.id === selectedId) {
        selected = pin;
        continue;
      }
      const [sx, sy] = screenOf(matrix, pin.x, pin.y);
      if (sx < -PIN.width || sy < 0 || sx > view.width + PIN.width || sy > view.height + PIN.height) continue;
      if (dots) {
        const fill = STATUS_COLORS[pin.status];
        let path = fills.get(fill);
        if (!path) fills.set(fill, (path = new Path2D()));
        path.moveTo((sx + DOT_RADIUS) * dpr, sy * dpr);
        path.arc(sx * dpr, sy * dpr, DOT_RADIUS * dpr, 0, Math.PI * 2);
        let ring = rings.get(pin.color);
        if (!ring) rings.set(pin.color, (ring = new Path2D()));
        ring.moveTo((sx + DOT_RADIUS) * dpr, sy * dpr);
        ring.arc(sx * dpr, sy * dpr, DOT_RADIUS * dpr, 0, Math.PI * 2);
      } else {
        ctx.drawImage(this.sprite(pin, false), Math.round((sx - PIN.cx) * dpr), Math.round((sy - PIN.tip) * dpr));
      }
      drawn++;
    }
    if (dots) {
      for (const [color, path] of fills) {
        ctx.fillStyle = color;
        ctx.fill(path);
      }
      ctx.lineWidth = 1.5 * dpr;
      for (const [color, ring] of rings) {
        ctx.strokeStyle = color;
        ctx.stroke(ring);
      }
    }
    if (selected) {
      const [sx, sy] = screenOf(matrix, selected.x, selected.y);
      const sprite = this.sprite(selected, true);
      ctx.drawImage(sprite, Math.round((sx - PIN.cx * SELECTED_SCALE) * dpr), Math.round((sy - PIN.tip * SELECTED_SCALE) * dpr));
      drawn++;
    }
    return drawn;
  }
}

/**
 * The pins on one canvas the size of the view ({@link ViewCanvas}), painted again for each view
 * and each change of the pins. When a paint takes longer than a frame can spare (thousands of
 * pins on a slow machine), the last picture moves with the view until it rests, as the markups'.
 */
export class PinCanvasPainter extends ViewCanvas {
  private pins: readonly PaintedPin[] = [];
  private selectedId: number | null = null;
  private dots = false;
  private sheet: Size = { width: 1, height: 1 };

  constructor(
    canvas: HTMLCanvasElement,
    private readonly sprites: PinSprites,
  ) {
    super(canvas, REST_MS);
  }

  /** The pins to paint, the selected one drawn larger and last, or all but it as dots. */
  setPins(pins: readonly PaintedPin[], selectedId: number | null, dots: boolean): void {
    this.pins = pins;
    this.selectedId = selectedId;
    this.dots = dots;
    this.changed();
  }

  update(view: Viewport, sheet: Size, viewSize: Size): void {
    this.sheet = sheet;
    this.moveTo(view, viewSize);
  }

  protected movesAsPicture(): boolean {
    return this.lastFrameMs > SLOW_PAINT_MS;
  }

  protected ready(): boolean {
    return true;
  }

  protected paint(ctx: CanvasRenderingContext2D, view: Viewport): void {
    const count = this.sprites.paint(ctx, this.pins, viewMatrix(view, this.sheet), this.viewSize, this.selectedId, this.dots);
    this.canvas.dataset.drawn = String(count);
    this.canvas.dataset.dots = String(this.dots);
  }

  override draw(): void {
    super.draw();
    // How long the last paint took (the benchmark reads it).
    this.canvas.dataset.paintMs = this.lastFrameMs.toFixed(2);
  }
}
