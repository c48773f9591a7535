import { describe, expect, it } from 'vitest';
import markupSchema from '../../../../schemas/meta/drawing-markup.schema.json';
import { MARKUP_KINDS, MARKUP_STAMPS, type MarkupInput } from '../../../../src/core/drawings/markup.ts';
import { createAjv } from '../../../../src/core/validation/ajv.ts';

const validate = createAjv().compile(markupSchema);
const style = { color: '#e5252a', width: 2, opacity: 1, fill: null };
const valid = (m: unknown): boolean => validate(m);

/** One valid markup of each kind. */
const samples: Record<(typeof MARKUP_KINDS)[number], MarkupInput> = {
  rectangle: { kind: 'rectangle', points: [[10, 10], [50, 40]], style, visibility: 'personal' },
  ellipse: { kind: 'ellipse', points: [[10, 10], [50, 40]], style: { ...style, fill: '#00ff00' }, visibility: 'published' },
  cloud: { kind: 'cloud', points: [[10, 10], [50, 40]], style, visibility: 'personal' },
  arrow: { kind: 'arrow', points: [[10, 10], [50, 40]], style, visibility: 'personal' },
  line: { kind: 'line', points: [[10, 10], [50, 40]], style, visibility: 'personal' },
  polyline: { kind: 'polyline', points: [[10, 10], [50, 40], [70, 10]], style, visibility: 'personal' },
  freehand: { kind: 'freehand', points: [[10, 10], [11, 12], [13, 15]], style, visibility: 'personal' },
  text: { kind: 'text', points: [[10, 10]], style: { ...style, fontSize: 12 }, text: 'Check beam', visibility: 'personal' },
  callout: { kind: 'callout', points: [[10, 10], [60, 60]], style: { ...style, fontSize: 12 }, text: 'See A-501', visibility: 'personal' },
  highlighter: { kind: 'highlighter', points: [[10, 10], [80, 10]], style: { ...style, opacity: 0.4 }, visibility: 'personal' },
  stamp: { kind: 'stamp', points: [[10, 10], [90, 40]], style, stamp: 'approved', visibility: 'published' },
  photo: { kind: 'photo', points: [[10, 10]], style, photoFileId: 'AbCdEfGhIjKlMnOpQrStUv', visibility: 'personal' },
  link: { kind: 'link', points: [[10, 10], [30, 30]], style, link: { sheetId: 4 }, text: 'Detail 3', visibility: 'published' },
  measureLength: { kind: 'measureLength', points: [[0, 0], [72, 0]], style, visibility: 'personal' },
  measurePolyline: { kind: 'measurePolyline', points: [[0, 0], [72, 0], [72, 72]], style, visibility: 'personal' },
  measureArea: { kind: 'measureArea', points: [[0, 0], [72, 0], [72, 72]], style, visibility: 'personal' },
  measureCount: { kind: 'measureCount', points: [[5, 5]], style, visibility: 'personal' },
};

describe('drawing markup schema', () => {
  it('names the same kinds and stamps as the code', () => {
    expect(markupSchema.$defs.kind.enum).toEqual([...MARKUP_KINDS]);
    expect(markupSchema.properties.stamp.enum).toEqual([...MARKUP_STAMPS]);
  });

  it.each(MARKUP_KINDS)('accepts a %s', (kind) => {
    expect(valid(samples[kind]), JSON.stringify(validate.errors)).toBe(true);
  });

  it('accepts an update with its id and revision, and refuses an id without the revision it was loaded at', () => {
    expect(valid({ ...samples.line, id: 3, revision: 2 })).toBe(true);
    expect(valid({ ...samples.line, id: 3 })).toBe(false);
  });

  it('refuses fields it does not name, in the markup and in its style', () => {
    expect(valid({ ...samples.line, author: 'x' })).toBe(false);
    expect(valid({ ...samples.line, style: { ...style, dash: [2, 2] } })).toBe(false);
  });

  it('refuses a point count the kind does not have', () => {
    expect(valid({ ...samples.rectangle, points: [[1, 1]] })).toBe(false);
    expect(valid({ ...samples.line, points: [[1, 1], [2, 2], [3, 3]] })).toBe(false);
    expect(valid({ ...samples.measureArea, points: [[1, 1], [2, 2]] })).toBe(false);
    expect(valid({ ...samples.text, points: [[1, 1], [2, 2]] })).toBe(false);
    expect(valid({ ...samples.measureCount, points: [] })).toBe(false);
    expect(valid({ ...samples.polyline, points: [[1, 2, 3], [2, 2]] })).toBe(false);
  });

  it('bounds the number of points and the length of texts', () => {
    const many = Array.from({ length: 5001 }, (_, i) => [i, i]);
    expect(valid({ ...samples.freehand, points: many })).toBe(false);
    expect(valid({ ...samples.freehand, points: many.slice(0, 5000) })).toBe(true);
    expect(valid({ ...samples.text, text: 'x'.repeat(2001) })).toBe(false);
    expect(valid({ ...samples.text, text: '   ' })).toBe(false);
  });

  it('asks each kind for what it needs and refuses what belongs to another kind', () => {
    expect(valid({ ...samples.text, text: undefined })).toBe(false);
    expect(valid({ ...samples.text, style })).toBe(false); // no font size
    expect(valid({ ...samples.stamp, stamp: undefined })).toBe(false);
    expect(valid({ ...samples.stamp, stamp: 'maybe' })).toBe(false);
    expect(valid({ ...samples.photo, photoFileId: undefined })).toBe(false);
    expect(valid({ ...samples.photo, photoFileId: '../etc/passwd' })).toBe(false);
    expect(valid({ ...samples.link, link: undefined })).toBe(false);
    expect(valid({ ...samples.link, link: { sheetId: 1, documentId: 2 } })).toBe(false);
    expect(valid({ ...samples.link, link: { documentId: 2 } })).toBe(true);
    expect(valid({ ...samples.rectangle, stamp: 'approved' })).toBe(false);
    expect(valid({ ...samples.rectangle, text: 'note' })).toBe(false);
    expect(valid({ ...samples.line, link: { sheetId: 1 } })).toBe(false);
  });

  it('refuses a style out of range', () => {
    expect(valid({ ...samples.line, style: { ...style, color: 'red' } })).toBe(false);
    expect(valid({ ...samples.line, style: { ...style, width: 0 } })).toBe(false);
    expect(valid({ ...samples.line, style: { ...style, opacity: 1.5 } })).toBe(false);
    expect(valid({ ...samples.line, style: { ...style, fill: 'none' } })).toBe(false);
    expect(valid({ ...samples.line, visibility: 'team' })).toBe(false);
    expect(valid({ ...samples.line, points: [[Number.MAX_VALUE, 0], [0, 0]] })).toBe(false);
  });
});
