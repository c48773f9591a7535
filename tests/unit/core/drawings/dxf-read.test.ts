import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bulgeArc, type DxfDisplayList, type DxfShape } from '../../../../src/core/drawings/dxf/display-list.ts';
import { drawDxf, type DxfCanvas } from '../../../../src/core/drawings/dxf/draw-dxf.ts';
import { DxfUnreadableError, readDxf } from '../../../../src/core/drawings/dxf/read-dxf.ts';
import { mtextLines, plainText } from '../../../../src/core/drawings/dxf/text-codes.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/dxf');
const fixture = (name: string) => readDxf(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** A DXF written group by group: [code, value] pairs. */
function dxfText(sections: { tables?: (string | number)[]; blocks?: (string | number)[]; entities: (string | number)[] }): string {
  const pairs: (string | number)[] = [];
  const section = (name: string, body: (string | number)[]) => pairs.push(0, 'SECTION', 2, name, ...body, 0, 'ENDSEC');
  section('HEADER', [9, '$INSUNITS', 70, 6]);
  if (sections.tables) section('TABLES', [0, 'TABLE', 2, 'LAYER', 70, 2, ...sections.tables, 0, 'ENDTAB']);
  if (sections.blocks) section('BLOCKS', sections.blocks);
  section('ENTITIES', sections.entities);
  pairs.push(0, 'EOF');
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) lines.push(String(pairs[i]).padStart(3), String(pairs[i + 1]));
  return `${lines.join('\n')}\n`;
}

const layer = (name: string, color: number) => [0, 'LAYER', 2, name, 70, 0, 62, color, 6, 'CONTINUOUS'];
const line = (layerName: string, x0: number, y0: number, x1: number, y1: number, extra: (string | number)[] = []) => [0, 'LINE', 8, layerName, ...extra, 10, x0, 20, y0, 30, 0, 11, x1, 21, y1, 31, 0];

/** Every point a shape passes through or is centred on, in sheet coordinates. */
function shapePoints(shape: DxfShape): [number, number][] {
  if (shape.kind === 'path') return Array.from({ length: shape.points.length / 2 }, (_, i) => [shape.points[2 * i]!, shape.points[2 * i + 1]!]);
  return [[shape.cx, shape.cy]];
}
const allShapes = (list: DxfDisplayList) => list.batches.flatMap((batch) => batch.shapes.map((shape) => ({ shape, batch })));

describe('reading a DXF into sheet coordinates', () => {
  const text = dxfText({
    tables: [...layer('WALLS', 1), ...layer('DOORS', 3)],
    blocks: [
      0, 'BLOCK', 8, '0', 2, 'DOOR', 70, 0, 10, 0, 20, 0, 30, 0,
      // On layer 0 and BYBLOCK: both follow the insert.
      ...line('0', 0, 0, 1, 0, [62, 0]),
      0, 'ARC', 8, '0', 10, 0, 20, 0, 30, 0, 40, 1, 50, 0, 51, 90,
      0, 'ENDBLK', 8, '0',
    ],
    entities: [
      ...line('WALLS', 0, 0, 100, 0),
      ...line('WALLS', 100, 0, 100, 50, [62, 5]),
      0, 'CIRCLE', 8, 'WALLS', 10, 50, 20, 25, 30, 0, 40, 5,
      0, 'LWPOLYLINE', 8, 'WALLS', 90, 2, 70, 0, 10, 0, 20, 50, 42, 1, 10, 20, 20, 50,
      0, 'INSERT', 8, 'DOORS', 2, 'DOOR', 10, 10, 20, 10, 30, 0, 41, 2, 42, 2, 50, 90, 62, 0,
      0, 'TEXT', 8, 'WALLS', 10, 10, 20, 40, 30, 0, 40, 2.5, 1, 'Room %%d 1', 50, 0,
      0, 'MTEXT', 8, 'WALLS', 10, 60, 20, 45, 30, 0, 40, 2, 41, 30, 71, 1, 1, '{\\fArial|b1;Level}\\P2\\~East',
      0, 'WIPEOUT', 8, 'WALLS', 10, 0, 20, 0, 30, 0,
      0, 'FUTURETHING', 8, 'WALLS', 10, 0, 20, 0, 30, 0,
    ],
  });
  const list = readDxf(text);
  const margin = 0.02 * 100;

  it('counts what it drew by kind (a block’s parts once per insert), and skips and counts kinds it does not know', () => {
    expect(list.drawn).toEqual({ LINE: 3, ARC: 1, CIRCLE: 1, LWPOLYLINE: 1, INSERT: 1, TEXT: 1, MTEXT: 1 });
    expect(list.skipped).toEqual({ WIPEOUT: 1, FUTURETHING: 1 });
    expect(list.units).toBe(6);
  });

  it('puts the extents with a 2% margin at the sheet top-left, y pointing down', () => {
    // x runs 0…100 (the wall); y 0…54.1 (the mtext's top line is at 45, the circle reaches 30).
    expect(list.origin.x).toBeCloseTo(-margin, 9);
    expect(list.width).toBeCloseTo(100 + 2 * margin, 6);
    const wall = allShapes(list).find(({ shape }) => shape.kind === 'path' && shape.points.length === 4 && shape.points[1] === shape.points[3])!;
    // Drawing (0,0)→(100,0) lies `origin.y` below the sheet's top.
    expect(shapePoints(wall.shape)).toEqual([
      [margin, list.origin.y],
      [100 + margin, list.origin.y],
    ]);
    for (const { shape } of allShapes(list)) {
      for (const [x, y] of shapePoints(shape)) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(list.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(list.height);
      }
    }
  });

  it('gives layers their colours, an entity its own colour, and BYBLOCK and layer-0 parts the insert’s', () => {
    expect(list.layers.map((l) => [l.name, l.color])).toEqual(expect.arrayContaining([['WALLS', '#ff0000'], ['DOORS', '#00ff00']]));
    const colours = new Set(list.batches.map((b) => `${list.layers[b.layer]!.name}:${b.color}`));
    expect(colours).toContain('WALLS:#ff0000');
    expect(colours).toContain('WALLS:#0000ff');
    // The insert is BYBLOCK itself (62 0) at top level: black; its layer-0 parts land on DOORS.
    const doorShapes = list.batches.filter((b) => list.layers[b.layer]!.name === 'DOORS');
    expect(doorShapes.flatMap((b) => b.shapes)).toHaveLength(2);
    // The insert and its two parts.
    expect(list.layers.find((l) => l.name === 'DOORS')!.count).toBe(3);
  });

  it('places a block by its insert: scaled, turned and moved', () => {
    const doors = list.batches.filter((b) => list.layers[b.layer]!.name === 'DOORS').flatMap((b) => b.shapes);
    const doorLine = doors.find((s) => s.kind === 'path')!;
    // (0,0)→(1,0) scaled 2, turned 90°, moved to (10,10): (10,10)→(10,12) in the drawing.
    const toSheet = ([x, y]: [number, number]) => [x - list.origin.x, list.origin.y - y];
    const [a, b] = shapePoints(doorLine);
    expect(a![0]).toBeCloseTo(toSheet([10, 10])[0]!, 9);
    expect(a![1]).toBeCloseTo(toSheet([10, 10])[1]!, 9);
    expect(b![0]).toBeCloseTo(toSheet([10, 12])[0]!, 9);
    expect(b![1]).toBeCloseTo(toSheet([10, 12])[1]!, 9);
    const arc = doors.find((s) => s.kind === 'arc')!;
    expect(arc).toMatchObject({ r: 2 });
    // The quarter arc 0°→90° turned by 90°: 90°→180° in the drawing, −90°→−180° once y points down.
    if (arc.kind !== 'arc') throw new Error('arc');
    expect(arc.start).toBeCloseTo(-Math.PI / 2, 9);
    expect(arc.end).toBeCloseTo(-Math.PI, 9);
    expect(arc.anticlockwise).toBe(true);
  });

  it('keeps a bulge as an arc through both of its points', () => {
    const bulged = allShapes(list).find(({ shape }) => shape.kind === 'path' && shape.bulges !== null)!.shape;
    if (bulged.kind !== 'path') throw new Error('path');
    const [x0, y0, x1, y1] = bulged.points as [number, number, number, number];
    const arc = bulgeArc(x0, y0, x1, y1, bulged.bulges![0]!);
    expect(arc.r).toBeCloseTo(10, 9);
    expect(Math.hypot(x0 - arc.cx, y0 - arc.cy)).toBeCloseTo(10, 9);
    expect(Math.hypot(x1 - arc.cx, y1 - arc.cy)).toBeCloseTo(10, 9);
  });

  it('reads TEXT and MTEXT as people read them: codes out, paragraphs as lines, box width kept for wrapping', () => {
    const [single, multi] = list.texts;
    expect(single!.lines).toEqual(['Room ° 1']);
    expect(single!.height).toBe(2.5);
    expect(single).toMatchObject({ align: 'left', baseline: 'alphabetic' });
    expect(multi!.lines).toEqual(['Level', '2\u00a0East']);
    expect(multi).toMatchObject({ align: 'left', baseline: 'top', wrapWidth: 30 });
  });
});

describe('text codes', () => {
  it('strips MTEXT formatting and keeps the words', () => {
    expect(mtextLines('\\A1;{\\H2.5x;\\C1;Big} \\Lunder\\l \\S1/2; \\U+00B0 a\\\\b \\{x\\}')).toEqual(['Big under 1/2 ° a\\b {x}']);
    expect(mtextLines('one\\Ptwo\\Pthree')).toEqual(['one', 'two', 'three']);
    expect(plainText('%%c50 %%p0.5 %%uA%%u')).toBe('Ø50 ±0.5 A');
  });
});

describe('the fixtures', () => {
  it('polylines.dxf: twelve polylines, no skipped entity, everything on the sheet', () => {
    const list = fixture('polylines.dxf');
    expect(list.drawn).toEqual({ POLYLINE: 12 });
    expect(list.skipped).toEqual({});
    expect(list.width).toBeGreaterThan(list.height);
    for (const batch of list.batches) {
      expect(batch.bbox[0]).toBeGreaterThanOrEqual(-1e-9);
      expect(batch.bbox[3]).toBeLessThanOrEqual(list.height + 1e-9);
    }
  });

  it('splines.dxf: two splines, each from its first control point to its last', () => {
    const list = fixture('splines.dxf');
    expect(list.drawn).toEqual({ SPLINE: 2 });
    const paths = list.batches.flatMap((b) => b.shapes).filter((s) => s.kind === 'path');
    expect(paths).toHaveLength(2);
    for (const p of paths) expect(p.points.length).toBeGreaterThan(32);
  });

  it('mtext-test.dxf: two MTEXT paragraphs, no formatting codes left in them', () => {
    const list = fixture('mtext-test.dxf');
    expect(list.drawn).toEqual({ MTEXT: 2 });
    for (const text of list.texts) {
      expect(text.lines.join(' ')).toMatch(/^Lorem ipsum/);
      expect(text.lines.join(' ')).not.toMatch(/\\[A-Za-z]/);
      expect(text.wrapWidth).toBeGreaterThan(0);
    }
  });

  it('blocks.dxf (a block library: nothing in model space) shows its blocks side by side and counts what it skips', () => {
    const list = fixture('blocks.dxf');
    expect(list.drawn.INSERT).toBeGreaterThan(0);
    expect(list.drawn.LINE).toBeGreaterThan(50);
    expect(list.drawn.TEXT).toBeGreaterThan(50);
    expect(list.skipped).toEqual({ VIEWPORT: 9, ATTRIB: 39, MULTILEADER: 4 });
    // Every block's name is written under it.
    expect(list.texts.map((t) => t.lines[0])).toEqual(expect.arrayContaining(['Section Callout', 'FG-11x17 Border']));
  });

  it('refuses what is not a DXF with its own error', () => {
    expect(() => readDxf('%PDF-1.7\n')).toThrow(DxfUnreadableError);
    expect(() => readDxf('')).toThrow(DxfUnreadableError);
  });
});

/** A canvas that writes down what is drawn. */
function recordingCanvas() {
  const calls: string[] = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => calls.push(`${key}(${args.length})`)),
    set: (target, key: string, value) => {
      target[key] = value;
      return true;
    },
  });
  (ctx as { measureText: (t: string) => { width: number } }).measureText = (t: string) => ({ width: t.length * 50 });
  return { ctx: ctx as unknown as DxfCanvas, calls };
}

describe('drawing a display list on any canvas', () => {
  const list = fixture('polylines.dxf');
  const fit = list.width > list.height ? 1000 / list.width : 1000 / list.height;

  it('strokes every batch when the whole sheet is in view, and fills the paper', () => {
    const { ctx, calls } = recordingCanvas();
    const drawn = drawDxf(ctx, list, { matrix: [fit, 0, 0, fit, 0, 0], paper: '#fff' });
    expect(drawn.batches).toBe(list.batches.length);
    expect(calls.filter((c) => c.startsWith('stroke('))).toHaveLength(list.batches.length);
    expect(calls).toContain('fillRect(4)');
  });

  it('skips batches out of view and on hidden layers', () => {
    const corner = { x: 0, y: 0, width: list.width / 16, height: list.height / 16 };
    const culled = drawDxf(recordingCanvas().ctx, list, { matrix: [fit, 0, 0, fit, 0, 0], visible: corner });
    expect(culled.batches).toBeLessThan(list.batches.length);
    const hidden = drawDxf(recordingCanvas().ctx, list, { matrix: [fit, 0, 0, fit, 0, 0], hiddenLayers: new Set(list.layers.map((l) => l.name)) });
    expect(hidden.batches).toBe(0);
  });

  it('leaves out texts too small to read and wraps an MTEXT at its box width', () => {
    const mtext = fixture('mtext-test.dxf');
    const tiny = drawDxf(recordingCanvas().ctx, mtext, { matrix: [0.01, 0, 0, 0.01, 0, 0] });
    expect(tiny.texts).toBe(0);
    const { ctx, calls } = recordingCanvas();
    const readable = drawDxf(ctx, mtext, { matrix: [20, 0, 0, 20, 0, 0] });
    expect(readable.texts).toBe(2);
    expect(calls.filter((c) => c === 'fillText(3)').length).toBeGreaterThan(4);
  });
});
