import { barGeometry, GANTT_COLOURS, linkRoute, ROW_HEIGHT, type BarGeometry, type Rect } from '../../../../core/schedule/bar-geometry.ts';
import type { Calendar, LinkType, WallTime } from '../../../../core/schedule/model.ts';
import { dateText } from '../../../../core/schedule/time-labels.ts';
import { timeScaleLabel } from '../../../../core/schedule/time-labels.ts';
import { headerCells, nonWorkingStretches, xOf } from '../../../../core/schedule/time-scale.ts';
import {
  estimateWidth,
  FOOTER_HEIGHT,
  LEVEL_INDENT,
  PAGE_MARGIN,
  SCALE_ROW_HEIGHT,
  TEXT_SIZE,
  clipPolyline,
  pageFrame,
  type GridColumn,
  type PageFrame,
  type PageSize,
  type TimeScaleFit,
} from './print-layout.ts';
import type { PrintWords } from './print-words.ts';

/**
 * Draws the pages of a printed schedule on a surface (a PDF page or a canvas), in chart units
 * with y downwards: the same picture whichever draws it.
 */

export interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: string;
  align: 'left' | 'right' | 'center';
  rtl: boolean;
}

export interface PrintSurface {
  rect(rect: Rect, colour: string): void;
  line(x1: number, y1: number, x2: number, y2: number, colour: string, width: number, dash?: number[]): void;
  polygon(points: [number, number][], colour: string): void;
  /** One line of text on baseline `y` within [x, x + width], cut with an ellipsis when longer. */
  text(text: string, x: number, y: number, width: number, style: TextStyle): void;
}

export interface PrintRow {
  id: number;
  wbs: string;
  name: string;
  level: number;
  summary: boolean;
  milestone: boolean;
  critical: boolean;
  start: WallTime;
  finish: WallTime;
  duration: string;
  percentComplete: number;
  baseline?: { start: WallTime; finish: WallTime };
}

export interface PrintLink {
  fromRow: number;
  toRow: number;
  type: LinkType;
  critical: boolean;
}

export interface PrintSheet {
  title: string;
  /** The range and the printed date, under the title. */
  subtitle: string;
  words: PrintWords;
  page: PageSize;
  columns: GridColumn[];
  gridWidth: number;
  fit: TimeScaleFit;
  calendar: Calendar | undefined;
  rows: PrintRow[];
  links: PrintLink[];
  today: WallTime;
  statusDate?: WallTime;
  /** The baseline drawn under the bars, by name; none: no baseline. */
  baselineName?: string;
  /** Rows left out of a picture too long to hold them. */
  cutRows?: number;
}

const INK = '#1f1f24';
const MUTED = '#6b6e78';
const GRID_LINE = '#d9dbe0';
const ROW_LINE = '#eceef1';
const HEAD_FILL = '#f3f4f6';

const baselineOf = (size: number) => Math.round(size * 0.36);

/** One page: rows [first, end) of the sheet, with the title band on the first page. */
export function paintPage(surface: PrintSurface, sheet: PrintSheet, pageIndex: number, [first, end]: [number, number], pages: number): void {
  const rtl = sheet.words.rtl;
  const frame = pageFrame(sheet.page, sheet.gridWidth, end - first, pageIndex === 0, rtl);
  const contentX = PAGE_MARGIN;
  const contentWidth = sheet.page.width - 2 * PAGE_MARGIN;
  const align = rtl ? 'right' : 'left';
  if (pageIndex === 0) {
    surface.text(sheet.title, contentX, PAGE_MARGIN + 22, contentWidth, { size: 24, bold: true, colour: INK, align, rtl });
    surface.text(sheet.subtitle, contentX, PAGE_MARGIN + 46, contentWidth, { size: 13, colour: MUTED, align, rtl });
  }
  paintTimeline(surface, sheet, frame, first, end);
  paintGrid(surface, sheet, frame, first, end);
  paintScale(surface, sheet, frame);
  // The table's outline, and the line between grid and timeline.
  const top = frame.grid.y;
  const bottom = frame.grid.y + frame.grid.height;
  const left = Math.min(frame.grid.x, frame.scale.x);
  const right = Math.max(frame.grid.x + frame.grid.width, frame.scale.x + frame.scale.width);
  for (const y of [top, top + SCALE_ROW_HEIGHT * 2, bottom]) surface.line(left, y, right, y, GRID_LINE, 1);
  for (const x of [left, right, rtl ? frame.grid.x : frame.grid.x + frame.grid.width]) surface.line(x, top, x, bottom, GRID_LINE, 1);
  paintFooter(surface, sheet, frame, pageIndex, pages, contentX, contentWidth);
}

function paintGrid(surface: PrintSurface, sheet: PrintSheet, frame: PageFrame, first: number, end: number): void {
  const { words } = sheet;
  const rtl = words.rtl;
  const head = frame.grid.y;
  surface.rect({ x: frame.grid.x, y: head, width: frame.grid.width, height: SCALE_ROW_HEIGHT * 2 }, HEAD_FILL);
  for (const column of sheet.columns) {
    surface.text(words.column[column.key], column.x + 6, head + SCALE_ROW_HEIGHT + baselineOf(13), column.width - 12, { size: 13, bold: true, colour: INK, align: rtl ? 'right' : 'left', rtl });
    const edge = rtl ? column.x : column.x + column.width;
    surface.line(edge, head, edge, frame.grid.y + frame.grid.height, GRID_LINE, 1);
  }
  for (let i = first; i < end; i++) {
    const row = sheet.rows[i]!;
    const top = frame.rowsTop + (i - first) * ROW_HEIGHT;
    const y = top + ROW_HEIGHT / 2 + baselineOf(TEXT_SIZE);
    const style = { size: TEXT_SIZE, bold: row.summary, colour: INK, rtl };
    for (const column of sheet.columns) {
      const inner = { x: column.x + 6, width: column.width - 12 };
      if (column.key === 'name') {
        const indent = Math.min((row.level - 1) * LEVEL_INDENT, inner.width / 2);
        surface.text(row.name, rtl ? inner.x : inner.x + indent, y, inner.width - indent, { ...style, align: rtl ? 'right' : 'left' });
      } else {
        const text = column.key === 'wbs' ? row.wbs : column.key === 'duration' ? row.duration : dateText(words.language, column.key === 'start' ? row.start : row.finish);
        // Numbers and dates keep to the column's far side, as a spreadsheet's do; the outline number to the reading side.
        const near = column.key === 'wbs';
        surface.text(text, inner.x, y, inner.width, { ...style, bold: false, align: near === rtl ? 'right' : 'left' });
      }
    }
    surface.line(frame.grid.x, top + ROW_HEIGHT, frame.grid.x + frame.grid.width, top + ROW_HEIGHT, ROW_LINE, 1);
  }
}

function paintScale(surface: PrintSurface, sheet: PrintSheet, frame: PageFrame): void {
  const { fit, words } = sheet;
  const rtl = words.rtl;
  surface.rect(frame.scale, HEAD_FILL);
  for (const [row, unit] of [
    [0, fit.level.top],
    [1, fit.level.bottom],
  ] as const) {
    const top = frame.scale.y + row * SCALE_ROW_HEIGHT;
    for (const cell of headerCells(fit.view, unit)) {
      const a = Math.max(0, cell.x);
      const b = Math.min(fit.view.width, cell.x + cell.width);
      if (b - a < 1) continue;
      const x = frame.scale.x + a;
      const width = b - a;
      const edge = frame.scale.x + (rtl ? cell.x : cell.x + cell.width);
      if (edge > frame.scale.x && edge < frame.scale.x + frame.scale.width) surface.line(edge, top, edge, top + SCALE_ROW_HEIGHT, GRID_LINE, 1);
      const label = scaleLabel(sheet, unit, cell.start, width, row === 0);
      if (label) surface.text(label, x + 3, top + SCALE_ROW_HEIGHT / 2 + baselineOf(12), width - 6, { size: 12, colour: row === 0 ? INK : MUTED, align: rtl ? 'right' : 'left', rtl });
    }
    if (row === 0) surface.line(frame.scale.x, top + SCALE_ROW_HEIGHT, frame.scale.x + frame.scale.width, top + SCALE_ROW_HEIGHT, GRID_LINE, 1);
  }
}

/** A scale cell's label, shorter forms tried when the cell is narrow; none when even the shortest does not fit. */
function scaleLabel(sheet: PrintSheet, unit: Parameters<typeof timeScaleLabel>[2], start: WallTime, width: number, upper: boolean): string | null {
  const { words } = sheet;
  const full = timeScaleLabel(words.scale, words.language, unit, start, width, upper);
  const room = width - 6;
  if (estimateWidth(full, 12) <= room) return full;
  if (unit === 'week' && !upper) {
    const day = dateText(words.language, start);
    const short = timeScaleLabel({ ...words.scale, week: (date) => date }, words.language, unit, start, width, false);
    for (const text of [short, day.replace(/,?\s*\d{4}.*$/u, '')]) if (estimateWidth(text, 12) <= room) return text;
    return null;
  }
  return upper ? full : estimateWidth(full, 12) <= room * 1.3 ? full : null;
}

function paintTimeline(surface: PrintSurface, sheet: PrintSheet, frame: PageFrame, first: number, end: number): void {
  const { fit } = sheet;
  const view = fit.view;
  const box = frame.timeline;
  const toPage = (x: number) => box.x + x;
  if (sheet.calendar && fit.shade !== 'none' && box.height > 0) {
    for (const [a, b] of nonWorkingStretches(sheet.calendar, view.start, view.start + view.width / view.pxPerMinute, fit.shade === 'hours')) {
      const xa = xOf(view, a);
      const xb = xOf(view, b);
      surface.rect({ x: toPage(Math.min(xa, xb)), y: box.y, width: Math.abs(xb - xa), height: box.height }, GANTT_COLOURS.nonWorking);
    }
  }
  for (let i = first; i < end; i++) surface.line(box.x, frame.rowsTop + (i - first + 1) * ROW_HEIGHT, box.x + box.width, frame.rowsTop + (i - first + 1) * ROW_HEIGHT, ROW_LINE, 1);

  const withBaseline = sheet.baselineName !== undefined;
  const geometryOf = (index: number): BarGeometry => {
    const row = sheet.rows[index]!;
    const kind = row.summary ? 'summary' : row.milestone ? 'milestone' : 'task';
    const bar = barGeometry(view, index - first, 0, { kind, start: row.start, finish: row.finish, percentComplete: row.percentComplete, baseline: row.baseline }, withBaseline);
    return shift(bar, box.x, frame.rowsTop);
  };
  const geometries = new Map<number, BarGeometry>();
  for (let i = first; i < end; i++) {
    const geometry = geometryOf(i);
    geometries.set(i, geometry);
    paintBar(surface, geometry, sheet.rows[i]!.critical, box);
  }
  for (const link of sheet.links) {
    if (Math.max(link.fromRow, link.toRow) < first || Math.min(link.fromRow, link.toRow) >= end) continue;
    const from = geometries.get(link.fromRow) ?? geometryOf(link.fromRow);
    const to = geometries.get(link.toRow) ?? geometryOf(link.toRow);
    const route = linkRoute(from, to, link.type, view.rtl);
    const colour = link.critical ? GANTT_COLOURS.criticalLink : GANTT_COLOURS.link;
    for (const [x1, y1, x2, y2] of clipPolyline(route.points, box)) surface.line(x1, y1, x2, y2, colour, 1);
    const [tipX, tipY] = route.points[route.points.length - 1]!;
    if (tipX >= box.x && tipX <= box.x + box.width && tipY >= box.y && tipY <= box.y + box.height) {
      surface.polygon(
        [
          [tipX, tipY],
          [tipX - route.arrow * 5, tipY - 4],
          [tipX - route.arrow * 5, tipY + 4],
        ],
        colour,
      );
    }
  }
  const line = (time: WallTime | undefined, colour: string, dash?: number[]) => {
    if (time === undefined) return;
    const x = xOf(view, time);
    if (x < 0 || x > view.width || box.height <= 0) return;
    surface.line(toPage(x), box.y, toPage(x), box.y + box.height, colour, 1.5, dash);
  };
  line(sheet.today, GANTT_COLOURS.today);
  line(sheet.statusDate, GANTT_COLOURS.status, [6, 4]);
}

const shiftRect = (rect: Rect, dx: number, dy: number): Rect => ({ ...rect, x: rect.x + dx, y: rect.y + dy });

function shift(bar: BarGeometry, dx: number, dy: number): BarGeometry {
  return {
    ...bar,
    bar: shiftRect(bar.bar, dx, dy),
    progress: bar.progress && shiftRect(bar.progress, dx, dy),
    baseline: bar.baseline && shiftRect(bar.baseline, dx, dy),
    startX: bar.startX + dx,
    finishX: bar.finishX + dx,
    midY: bar.midY + dy,
  };
}

/** The part of a rectangle within the timeline's width; null when none is. */
function within(rect: Rect, box: Rect): Rect | null {
  const a = Math.max(rect.x, box.x);
  const b = Math.min(rect.x + rect.width, box.x + box.width);
  return b > a ? { ...rect, x: a, width: b - a } : null;
}

function paintBar(surface: PrintSurface, geometry: BarGeometry, critical: boolean, box: Rect): void {
  const baseline = geometry.baseline && within(geometry.baseline, box);
  if (baseline) surface.rect(baseline, GANTT_COLOURS.baseline);
  const { bar } = geometry;
  if (geometry.kind === 'milestone') {
    const cx = bar.x + bar.width / 2;
    if (cx < box.x || cx > box.x + box.width) return;
    const cy = bar.y + bar.height / 2;
    surface.polygon(
      [
        [cx, bar.y],
        [bar.x + bar.width, cy],
        [cx, bar.y + bar.height],
        [bar.x, cy],
      ],
      critical ? GANTT_COLOURS.critical : GANTT_COLOURS.summary,
    );
    return;
  }
  const shown = within(bar, box);
  if (!shown) return;
  if (geometry.kind === 'summary') {
    // A bracket: a thin bar with a point down at each end that shows.
    const colour = critical ? GANTT_COLOURS.critical : GANTT_COLOURS.summary;
    surface.rect({ ...shown, height: bar.height / 2 }, colour);
    for (const [edge, inward] of [
      [bar.x, 1],
      [bar.x + bar.width, -1],
    ] as const) {
      if (edge < box.x || edge > box.x + box.width) continue;
      surface.polygon(
        [
          [edge, bar.y],
          [edge + inward * 6, bar.y],
          [edge, bar.y + bar.height],
        ],
        colour,
      );
    }
    return;
  }
  surface.rect(shown, critical ? GANTT_COLOURS.critical : GANTT_COLOURS.bar);
  const progress = geometry.progress && within(geometry.progress, box);
  if (progress) surface.rect({ ...progress, y: progress.y + progress.height / 3, height: progress.height / 3 }, critical ? GANTT_COLOURS.criticalDone : GANTT_COLOURS.barDone);
}

function paintFooter(surface: PrintSurface, sheet: PrintSheet, frame: PageFrame, pageIndex: number, pages: number, contentX: number, contentWidth: number): void {
  const { words } = sheet;
  const rtl = words.rtl;
  const y = frame.footerY;
  const note = sheet.cutRows ? words.cut(sheet.cutRows) : sheet.rows.length === 0 ? words.noTasks : null;
  if (note) surface.text(note, contentX, y - FOOTER_HEIGHT / 2, contentWidth, { size: 13, bold: true, colour: GANTT_COLOURS.critical, align: rtl ? 'right' : 'left', rtl });
  surface.text(words.page(pageIndex + 1, pages), contentX, y, contentWidth, { size: 12, colour: MUTED, align: rtl ? 'left' : 'right', rtl });
  paintLegend(surface, sheet, y, contentX, contentWidth);
}

/** The legend along the footer's reading side: a swatch and a word for each kind of mark drawn. */
function paintLegend(surface: PrintSurface, sheet: PrintSheet, y: number, contentX: number, contentWidth: number): void {
  const { legend, rtl } = sheet.words;
  const size = 11;
  const items: [string, (x: number) => void][] = [
    [legend.task, (x) => surface.rect({ x, y: y - 8, width: 18, height: 8 }, GANTT_COLOURS.bar)],
    [legend.critical, (x) => surface.rect({ x, y: y - 8, width: 18, height: 8 }, GANTT_COLOURS.critical)],
    [
      legend.progress,
      (x) => {
        surface.rect({ x, y: y - 8, width: 18, height: 8 }, GANTT_COLOURS.bar);
        surface.rect({ x, y: y - 5.3, width: 11, height: 2.7 }, GANTT_COLOURS.barDone);
      },
    ],
    [legend.summary, (x) => surface.rect({ x, y: y - 8, width: 18, height: 4 }, GANTT_COLOURS.summary)],
    [
      legend.milestone,
      (x) =>
        surface.polygon(
          [
            [x + 9, y - 11],
            [x + 15, y - 5],
            [x + 9, y + 1],
            [x + 3, y - 5],
          ],
          GANTT_COLOURS.summary,
        ),
    ],
    ...(sheet.baselineName !== undefined ? [[sheet.baselineName, (x: number) => surface.rect({ x, y: y - 5, width: 18, height: 4 }, GANTT_COLOURS.baseline)] as [string, (x: number) => void]] : []),
    [legend.today, (x) => surface.line(x + 9, y - 12, x + 9, y + 2, GANTT_COLOURS.today, 1.5)],
    ...(sheet.statusDate !== undefined ? [[legend.statusDate, (x: number) => surface.line(x + 9, y - 12, x + 9, y + 2, GANTT_COLOURS.status, 1.5, [3, 2])] as [string, (x: number) => void]] : []),
  ];
  // The legend keeps to the reading side, the page number to the far one.
  const limit = contentWidth - 120;
  let used = 0;
  for (const [label, swatch] of items) {
    const width = 24 + estimateWidth(label, size) + 12;
    if (used + width > limit) break;
    const x = rtl ? contentX + contentWidth - used - 18 : contentX + used;
    swatch(x);
    surface.text(label, rtl ? x - 4 - estimateWidth(label, size) - 8 : x + 22, y, estimateWidth(label, size) + 8, { size, colour: MUTED, align: rtl ? 'right' : 'left', rtl });
    used += width;
  }
}
