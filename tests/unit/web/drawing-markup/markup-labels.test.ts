import { describe, expect, it } from 'vitest';
import type { MarkupBody } from '../../../../src/core/drawings/markup.ts';
import { markupLabels } from '../../../../src/web/drawing-kit/markup-paint.ts';
import type { ShapeTexts } from '../../../../src/web/drawing-kit/markup-shapes.tsx';

const texts: ShapeTexts = {
  stamp: (stamp) => ({ approved: 'Approved', rejected: 'Rejected', forInformation: 'For information', revise: 'Revise', void: 'Void' })[stamp],
  measure: (body) => (body.kind === 'measureLength' ? '2.54 m' : null),
  link: 'Open',
};
const style = { color: '#e53935', width: 2, opacity: 1, fill: null };

/* What markups write on the sheet: one list for the screen's canvas, the PNG and the PDF. */
describe('markup labels', () => {
  it('writes a stamp in the reader’s words, upper case, bold, centred in its box', () => {
    const body: MarkupBody = { kind: 'stamp', stamp: 'approved', points: [[100, 100], [260, 156]], style, visibility: 'published' };
    expect(markupLabels(body, texts)).toEqual([{ text: 'APPROVED', at: [180, 128], size: 29, color: '#e53935', bold: true, centred: true }]);
  });

  it('writes a measurement’s value beside its last point, with a halo, and a link’s label inside its box', () => {
    const length: MarkupBody = { kind: 'measureLength', points: [[0, 0], [72, 0]], style, visibility: 'published' };
    expect(markupLabels(length, texts)).toEqual([{ text: '2.54 m', at: [78, -6], size: 14, color: '#e53935', halo: true }]);
    const link: MarkupBody = { kind: 'link', link: { sheetId: 3 }, points: [[10, 10], [90, 50]], style, visibility: 'published' };
    expect(markupLabels(link, texts).map((label) => label.text)).toEqual(['Open']);
  });

  it('writes a text markup and a callout’s words at their places, and nothing for a plain shape', () => {
    const text: MarkupBody = { kind: 'text', text: 'Check the duct size', points: [[40, 50]], style: { ...style, fontSize: 10 }, visibility: 'published' };
    expect(markupLabels(text, texts)).toEqual([{ text: 'Check the duct size', at: [40, 50], size: 10, color: '#e53935' }]);
    const callout: MarkupBody = { kind: 'callout', text: 'See detail 4', points: [[0, 0], [100, 100]], style: { ...style, fontSize: 10 }, visibility: 'published' };
    expect(markupLabels(callout, texts)).toHaveLength(1);
    expect(markupLabels({ kind: 'rectangle', points: [[0, 0], [10, 10]], style, visibility: 'published' }, texts)).toEqual([]);
  });
});
