/**
 * Colour filters for the compare overlay. Each maps a sheet's lightness L (ink 0, paper 1) to
 * paper white and ink in one colour: red (1, a, a) for the older revision, green (a, 1, a) for
 * the newer, with a = INK. The newer sheet lies on the older with `mix-blend-mode: darken`
 * (the smaller of each channel), so ink on one only stays red or green, and ink on both
 * becomes (a, a, a): grey.
 */
const INK = 0.4;
const L = [0.2126, 0.7152, 0.0722];
const lightness = (gain: number, offset: number) => `${L.map((w) => (w * gain).toFixed(4)).join(' ')} 0 ${offset}`;
const KEEP = '0 0 0 0 1';
const INKED = lightness(1 - INK, INK);
const ALPHA = '0 0 0 1 0';

export const TINT_MATRICES = {
  red: [KEEP, INKED, INKED, ALPHA].join(' '),
  green: [INKED, KEEP, INKED, ALPHA].join(' '),
} as const;

/** The filter of one tint; a compare view has one sheet of each, so each id is in the page once. */
export function SheetTintFilter({ tint }: { tint: 'red' | 'green' }) {
  return (
    <svg className="sheet-tint-filters" aria-hidden="true" focusable="false" width="0" height="0">
      <filter id={`sheet-tint-${tint}`} colorInterpolationFilters="sRGB">
        <feColorMatrix type="matrix" values={TINT_MATRICES[tint]} />
      </filter>
    </svg>
  );
}
