import { createCanvas } from '@napi-rs/canvas';
import DxfParser, { type IDxf, type IEntity } from 'dxf-parser';
import { readTitleBlock, type TextRun } from '../../../../core/drawings/title-block.ts';
import { DrawingFileError, DRAWING_THUMBNAIL_PX, type ProcessedSheet } from './drawing-file.ts';

interface Extents {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

type Point = { x: number; y: number };

/** The points that bound an entity, near enough for a sheet's extents (arcs and circles by their boxes). */
function pointsOf(entity: IEntity): Point[] {
  const e = entity as IEntity & { vertices?: Point[]; center?: Point; radius?: number; position?: Point; startPoint?: Point; endPoint?: Point; controlPoints?: Point[] };
  if (e.vertices?.length) return e.vertices;
  if (e.controlPoints?.length) return e.controlPoints;
  if (e.center && typeof e.radius === 'number') {
    const { x, y } = e.center;
    return [{ x: x - e.radius, y: y - e.radius }, { x: x + e.radius, y: y + e.radius }];
  }
  return [e.position, e.startPoint, e.endPoint].filter((p): p is Point => Boolean(p));
}

/** The extents the file states ($EXTMIN/$EXTMAX) joined with those of what it draws (texts reach past their insertion points). */
function extentsOf(dxf: IDxf, entities: IEntity[]): Extents | null {
  let extents: Extents | null = null;
  const header = dxf.header as Record<string, Point | undefined> | undefined;
  const stated = header?.$EXTMIN && header.$EXTMAX && header.$EXTMAX.x > header.$EXTMIN.x && header.$EXTMAX.y > header.$EXTMIN.y ? [header.$EXTMIN, header.$EXTMAX] : [];
  for (const { x, y } of [...stated, ...entities.flatMap(pointsOf)]) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    extents = extents
      ? { minX: Math.min(extents.minX, x), minY: Math.min(extents.minY, y), maxX: Math.max(extents.maxX, x), maxY: Math.max(extents.maxY, y) }
      : { minX: x, minY: y, maxX: x, maxY: y };
  }
  return extents;
}

/** Model space; a file of blocks only (a block library) shows its blocks' contents. */
function drawnEntities(dxf: IDxf): IEntity[] {
  if (dxf.entities?.length) return dxf.entities;
  return Object.values(dxf.blocks ?? {}).flatMap((block) => block.entities ?? []);
}

/** TEXT and MTEXT in sheet coordinates (y down from the extents' top), for the title-block rule. */
function textRuns(entities: IEntity[], extents: Extents): TextRun[] {
  const runs: TextRun[] = [];
  for (const entity of entities) {
    const e = entity as IEntity & { text?: string; startPoint?: Point; position?: Point; textHeight?: number; height?: number };
    if ((entity.type !== 'TEXT' && entity.type !== 'MTEXT') || !e.text) continue;
    const at = e.startPoint ?? e.position;
    if (!at) continue;
    // MTEXT carries formatting codes (\P new paragraph, {\f…;…}); the rule wants plain words.
    const text = e.text.replace(/\\P/g, ' ').replace(/\\[A-Za-z][^;\\]*;/g, '').replace(/[{}]/g, '');
    const size = e.textHeight ?? e.height ?? 1;
    runs.push({ text, x: at.x - extents.minX, y: extents.maxY - at.y, width: text.length * size * 0.6, size });
  }
  return runs;
}

/** The thumbnail: the drawing's extents on white (its lines are drawn by the viewer). */
function thumbnailOf(width: number, height: number): Uint8Array {
  const scale = DRAWING_THUMBNAIL_PX / Math.max(width, height, 1e-9);
  const canvas = createCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = '#333333';
  context.lineWidth = 2;
  context.strokeRect(1, 1, canvas.width - 2, canvas.height - 2);
  return canvas.toBuffer('image/png');
}

/**
 * A DXF sheet: parsed with dxf-parser (entities it does not know are passed over), sized by
 * the extents of what it draws, number and title read from its texts as from a title block.
 * `fileName` is the name the person gave (the DWG's, when the DXF was made from one).
 */
export async function dxfSheet(bytes: Uint8Array, dxfName: string, fileName = dxfName): Promise<ProcessedSheet> {
  let dxf: IDxf | null;
  try {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    dxf = new DxfParser().parseSync(text);
  } catch (error) {
    throw new DrawingFileError('corrupt', fileName, (error as Error).message);
  }
  const entities = dxf ? drawnEntities(dxf) : [];
  const extents = dxf ? extentsOf(dxf, entities) : null;
  if (!dxf || !extents) throw new DrawingFileError('corrupt', fileName, 'nothing is drawn');
  const width = Math.max(extents.maxX - extents.minX, 1e-6);
  const height = Math.max(extents.maxY - extents.minY, 1e-6);
  const { number, title } = readTitleBlock(textRuns(entities, extents), width, height);
  return { page: null, kind: 'dxf', source: bytes, thumbnail: thumbnailOf(width, height), width, height, number, title };
}
