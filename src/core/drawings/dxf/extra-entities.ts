import ACI from 'dxf-parser/dist/AutoCadColorIndex.js';

/**
 * Entities dxf-parser does not read, read here from their groups: HATCH (its boundary loops,
 * drawn as outlines) and LEADER (its vertices). Each is read whole up to the next entity.
 */

type Group = { code: number; value: unknown };
type Scanner = { next(): Group; isEOF(): boolean };

export type HatchEntity = {
  type: 'HATCH';
  layer?: string;
  colorIndex?: number;
  color?: number;
  inPaperSpace?: boolean;
  visible?: boolean;
  solid: boolean;
  /** Each loop as points (x, y, … in the hatch's plane), closed. */
  loops: number[][];
};

export type LeaderEntity = {
  type: 'LEADER';
  layer?: string;
  colorIndex?: number;
  color?: number;
  inPaperSpace?: boolean;
  visible?: boolean;
  vertices: { x: number; y: number }[];
};

function readGroups(scanner: Scanner): Group[] {
  const groups: Group[] = [];
  let group = scanner.next();
  while (!scanner.isEOF() && group.code !== 0) {
    groups.push(group);
    group = scanner.next();
  }
  return groups;
}

/** Layer, colour and paper space: the groups every entity shares. */
function common(entity: { layer?: string; colorIndex?: number; color?: number; inPaperSpace?: boolean; visible?: boolean }, { code, value }: Group): boolean {
  if (code === 8) entity.layer = String(value);
  else if (code === 62) {
    entity.colorIndex = Number(value);
    entity.color = ACI[Math.abs(Number(value))];
  } else if (code === 420) entity.color = Number(value);
  else if (code === 67) entity.inPaperSpace = value !== 0;
  else if (code === 60) entity.visible = value === 0;
  else return false;
  return true;
}

const num = (group: Group | undefined) => Number(group?.value ?? 0);

/** Points along an arc of a hatch edge, in the edge's own sense. */
function arcPoints(cx: number, cy: number, rx: number, ry: number, tilt: number, start: number, end: number, ccw: boolean, out: number[]) {
  let sweep = ccw ? end - start : start - end;
  while (sweep <= 0) sweep += Math.PI * 2;
  const steps = Math.max(4, Math.ceil(sweep / (Math.PI / 36)));
  const cos = Math.cos(tilt);
  const sin = Math.sin(tilt);
  for (let i = 0; i <= steps; i++) {
    const t = start + ((ccw ? 1 : -1) * sweep * i) / steps;
    const px = rx * Math.cos(t);
    const py = ry * Math.sin(t);
    out.push(cx + px * cos - py * sin, cy + px * sin + py * cos);
  }
}

export class HatchHandler {
  ForEntityName = 'HATCH';

  parseEntity(scanner: Scanner, current: Group): HatchEntity {
    const entity: HatchEntity = { type: String(current.value) as 'HATCH', solid: false, loops: [] };
    const groups = readGroups(scanner);
    let i = 0;
    const at = (code: number) => (groups[i]?.code === code ? groups[i++] : undefined);
    // Head: everything up to the loop count.
    while (i < groups.length && groups[i]!.code !== 91) {
      const group = groups[i++]!;
      if (group.code === 70) entity.solid = group.value === 1;
      else common(entity, group);
    }
    const loopCount = num(at(91));
    for (let loop = 0; loop < loopCount && i < groups.length; loop++) {
      while (i < groups.length && groups[i]!.code !== 92) i++;
      const flags = num(at(92));
      const points: number[] = [];
      if (flags & 2) {
        // A polyline loop: optional bulges, read as arcs.
        while (i < groups.length && groups[i]!.code !== 93) i++;
        const count = num(at(93));
        const vertices: [number, number, number][] = [];
        for (let v = 0; v < count && i < groups.length; v++) {
          while (i < groups.length && groups[i]!.code !== 10) i++;
          const x = num(at(10));
          const y = num(at(20));
          const bulge = groups[i]?.code === 42 ? num(groups[i++]) : 0;
          vertices.push([x, y, bulge]);
        }
        vertices.forEach(([x, y, bulge], v) => {
          points.push(x, y);
          const next = vertices[(v + 1) % vertices.length]!;
          if (bulge && next) {
            const chord = Math.hypot(next[0] - x, next[1] - y);
            const angle = 4 * Math.atan(bulge);
            const r = chord / (2 * Math.sin(Math.abs(angle) / 2));
            const mx = (x + next[0]) / 2;
            const my = (y + next[1]) / 2;
            const apothem = r - (Math.abs(bulge) * chord) / 2;
            const side = bulge > 0 ? 1 : -1;
            const cx = mx - ((next[1] - y) / chord) * apothem * side;
            const cy = my + ((next[0] - x) / chord) * apothem * side;
            arcPoints(cx, cy, r, r, 0, Math.atan2(y - cy, x - cx), Math.atan2(next[1] - cy, next[0] - cx), bulge > 0, points);
          }
        });
      } else {
        while (i < groups.length && groups[i]!.code !== 93) i++;
        const edges = num(at(93));
        for (let e = 0; e < edges && i < groups.length; e++) {
          while (i < groups.length && groups[i]!.code !== 72) i++;
          const kind = num(at(72));
          if (kind === 1) {
            points.push(num(at(10)), num(at(20)), num(at(11)), num(at(21)));
          } else if (kind === 2) {
            const cx = num(at(10));
            const cy = num(at(20));
            const r = num(at(40));
            const start = (num(at(50)) * Math.PI) / 180;
            const end = (num(at(51)) * Math.PI) / 180;
            const ccw = groups[i]?.code === 73 ? num(groups[i++]) !== 0 : true;
            // A clockwise edge's angles are written as if anticlockwise, mirrored.
            if (ccw) arcPoints(cx, cy, r, r, 0, start, end, true, points);
            else arcPoints(cx, cy, r, r, 0, -start, -end, false, points);
          } else if (kind === 3) {
            const cx = num(at(10));
            const cy = num(at(20));
            const mx = num(at(11));
            const my = num(at(21));
            const ratio = num(at(40));
            const start = (num(at(50)) * Math.PI) / 180;
            const end = (num(at(51)) * Math.PI) / 180;
            const ccw = groups[i]?.code === 73 ? num(groups[i++]) !== 0 : true;
            const rx = Math.hypot(mx, my);
            if (ccw) arcPoints(cx, cy, rx, rx * ratio, Math.atan2(my, mx), start, end, true, points);
            else arcPoints(cx, cy, rx, rx * ratio, Math.atan2(my, mx), -start, -end, false, points);
          } else if (kind === 4) {
            // A spline edge: its control polygon, close enough for an outline.
            while (i < groups.length && groups[i]!.code !== 96) i++;
            const controls = num(at(96));
            for (let c = 0; c < controls && i < groups.length; c++) {
              while (i < groups.length && groups[i]!.code !== 10) i++;
              points.push(num(at(10)), num(at(20)));
            }
          }
        }
      }
      if (points.length >= 4) entity.loops.push(points);
    }
    // The rest (pattern lines, seed points) is not drawn; its layer and colour may still follow.
    for (; i < groups.length; i++) {
      const { code } = groups[i]!;
      if (code === 8 || code === 62 || code === 420) common(entity, groups[i]!);
    }
    return entity;
  }
}

export class LeaderHandler {
  ForEntityName = 'LEADER';

  parseEntity(scanner: Scanner, current: Group): LeaderEntity {
    const entity: LeaderEntity = { type: String(current.value) as 'LEADER', vertices: [] };
    const groups = readGroups(scanner);
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      if (group.code === 10 && groups[i + 1]?.code === 20) {
        entity.vertices.push({ x: num(group), y: num(groups[i + 1]) });
        i++;
      } else common(entity, group);
    }
    return entity;
  }
}
