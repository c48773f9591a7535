import type { DurationSettings } from './durations.ts';
import type { Link, Task } from './model.ts';

/**
 * How a schedule's outline is written for people and other tools: outline numbers from the
 * rows' levels and predecessors by row number, as MS Project's grid shows them. The grid,
 * the task sheet and Project XML all write them here.
 */

/** Outline numbers (1, 1.1, 1.2, 2 …) from the rows' levels, as MS Project's OutlineNumber and WBS. */
export function outlineNumbers(tasks: readonly Task[]): string[] {
  const counters: number[] = [];
  return tasks.map((task) => {
    counters.length = task.level;
    counters[task.level - 1] = (counters[task.level - 1] ?? 0) + 1;
    for (let i = 0; i < task.level; i++) counters[i] ??= 1;
    return counters.join('.');
  });
}

/** A lag in the largest unit that says it exactly: "+2d", "-4h", "+30m", "+3ed", "+50%". */
function lagText(link: Link, settings: DurationSettings): string {
  if (link.lag === 0) return '';
  const sign = link.lag > 0 ? '+' : '-';
  const size = Math.abs(link.lag);
  if (link.lagFormat === 'percent') return `${sign}${size}%`;
  const [day, e] = link.lagFormat === 'elapsed' ? [1440, 'e'] : [settings.minutesPerDay, ''];
  if (size % day === 0) return `${sign}${size / day}${e}d`;
  if (size % 60 === 0) return `${sign}${size / 60}${e}h`;
  return `${sign}${size}${e}m`;
}

/**
 * A task's predecessors as MS Project writes them, by row ID (the 1-based row number): "3",
 * "3SS", "3FS+2d", "5FF-1ed", "4SF+50%". A plain FS without lag is just the number.
 */
export function predecessorsText(links: readonly Link[], rowIdOf: (taskId: number) => number | undefined, settings: DurationSettings): string {
  return links
    .flatMap((link) => {
      const row = rowIdOf(link.from);
      if (row === undefined) return [];
      const lag = lagText(link, settings);
      return [`${row}${link.type === 'FS' && !lag ? '' : link.type}${lag}`];
    })
    .join(', ');
}

/** Why a typed predecessors text was refused; the browser words it from the code. */
export type PredecessorsProblem = 'badItem' | 'noSuchRow' | 'self' | 'twice' | 'badLag';

export type ParsedPredecessors =
  | { ok: true; links: Link[] }
  | { ok: false; problem: PredecessorsProblem; item: string; message: string };

/** Units a lag may be typed in, and whether they count elapsed time. */
const LAG_UNITS: Record<string, { minutes: (settings: DurationSettings) => number; elapsed: boolean }> = {
  m: { minutes: () => 1, elapsed: false },
  h: { minutes: () => 60, elapsed: false },
  d: { minutes: (s) => s.minutesPerDay, elapsed: false },
  w: { minutes: (s) => s.minutesPerWeek, elapsed: false },
  mo: { minutes: (s) => s.minutesPerDay * s.daysPerMonth, elapsed: false },
  em: { minutes: () => 1, elapsed: true },
  eh: { minutes: () => 60, elapsed: true },
  ed: { minutes: () => 1440, elapsed: true },
  ew: { minutes: () => 10080, elapsed: true },
  emo: { minutes: () => 43200, elapsed: true },
};

/**
 * Reads predecessors as {@link predecessorsText} writes them and MS Project takes them typed:
 * row IDs with an optional type and lag, "3", "3FS+2d", "5SS", "4FF-1ed", "2SF+50%", split by
 * commas or semicolons (also the Chinese and Arabic commas). A lag without a unit counts days;
 * a type without a lag is FS's default of none. `taskIdOfRow` gives the task of a 1-based row.
 */
export function parsePredecessors(
  text: string,
  to: number,
  taskIdOfRow: (row: number) => number | undefined,
  settings: DurationSettings,
): ParsedPredecessors {
  const links: Link[] = [];
  const items = text
    .split(/[,;，；،、]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const item of items) {
    const match = /^(\d+)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+(?:[.,]\d+)?)\s*([a-z]*|%))?$/i.exec(item);
    if (!match) return { ok: false, problem: 'badItem', item, message: `"${item}" is not a predecessor such as 3, 3FS+2d or 5SS` };
    const [, rowText, typeText, sign, amount, unitText] = match;
    const from = taskIdOfRow(Number(rowText));
    if (from === undefined) return { ok: false, problem: 'noSuchRow', item, message: `There is no row ${rowText}` };
    if (from === to) return { ok: false, problem: 'self', item, message: 'A task cannot be its own predecessor' };
    if (links.some((link) => link.from === from)) return { ok: false, problem: 'twice', item, message: `Row ${rowText} is named twice` };
    const type = (typeText?.toUpperCase() ?? 'FS') as Link['type'];
    let lag = 0;
    let lagFormat: Link['lagFormat'] = 'work';
    if (sign !== undefined) {
      const size = Number(amount!.replace(',', '.'));
      const unitWord = unitText!.toLowerCase();
      if (unitWord === '%') {
        lag = Math.round(size);
        lagFormat = 'percent';
      } else {
        const unit = LAG_UNITS[unitWord === '' ? 'd' : unitWord];
        if (!unit) return { ok: false, problem: 'badLag', item, message: `"${unitText}" is not a unit of a lag` };
        lag = Math.round(size * unit.minutes(settings));
        lagFormat = unit.elapsed ? 'elapsed' : 'work';
      }
      // A lag of nothing is zero, never minus zero.
      lag = sign === '-' && lag !== 0 ? -lag : lag;
    }
    links.push({ from, to, type, lag, lagFormat });
  }
  return { ok: true, links };
}
