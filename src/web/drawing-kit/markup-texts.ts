import type { Calibration } from '../../core/contracts/drawings.ts';
import { formatArea, formatLength, measureMarkup, type LengthUnit } from '../../core/drawings/measure.ts';
import { formatNumber } from '../../core/value-format.ts';
import type { ShapeTexts } from './markup-shapes.tsx';

/** A text of the `markups` namespace, with its values. */
type MarkupWords = (key: string, values?: Record<string, string>) => string;

/**
 * What markups say on a sheet in the reader's language: stamps, links and measurements, in the
 * chosen unit once the sheet is calibrated, in sheet units before. The canvas and the drawing
 * widget write them alike.
 */
export function markupTexts(words: MarkupWords, language: string, calibration: Calibration, unit: LengthUnit): ShapeTexts {
  const sheetUnits = (value: number) => words('sheetUnits', { value: formatNumber(value, language, { decimals: 1 }) });
  return {
    stamp: (stamp) => words(`stamp.${stamp}`),
    link: words('linkLabel'),
    measure: (body) => {
      const m = measureMarkup(body, calibration);
      if (!m) return null;
      if (m.kind === 'count') return formatNumber(m.count, language);
      if (!m.calibrated) {
        return m.kind === 'length' ? sheetUnits(m.length) : `${words('sheetUnitsSquared', { value: formatNumber(m.area, language, { decimals: 1 }) })} · ${sheetUnits(m.perimeter)}`;
      }
      return m.kind === 'length' ? formatLength(m.length, unit, language) : `${formatArea(m.area, unit, language)} · ${formatLength(m.perimeter, unit, language)}`;
    },
  };
}
