import { describe, expect, it } from 'vitest';
import { lineOfOffset, locateJsonPath, parseJsonPath, parseJsonText } from '../../../../src/web/pages/page-admin/json-locations.ts';

const TEXT = `{
  "title": "Plant room",
  "widgets": [
    {
      "id": "open",
      "type": "kpi",
      "grid": { "x": 0, "y": 0, "w": 8, "h": 4 },
      "props": {
        "colour": "red",
        "format": { "compact": true }
      }
    },
    "loose"
  ]
}`;

/** The marked text of a path, and the line it starts on. */
function mark(text: string, path: string) {
  const { from, to } = locateJsonPath(parseJsonText(text).tree, path);
  return { text: text.slice(from, to), line: lineOfOffset(text, from) };
}

describe('JSON paths in the config text', () => {
  it('read the paths the checks write', () => {
    expect(parseJsonPath('widgets[3].props.series[0].field')).toEqual(['widgets', 3, 'props', 'series', 0, 'field']);
    expect(parseJsonPath('filters[1]')).toEqual(['filters', 1]);
    expect(parseJsonPath('')).toEqual([]);
  });

  it('mark a written value with its property name, on its line', () => {
    expect(mark(TEXT, 'title')).toEqual({ text: '"title": "Plant room"', line: 2 });
    expect(mark(TEXT, 'widgets[0].props.colour')).toEqual({ text: '"colour": "red"', line: 9 });
    expect(mark(TEXT, 'widgets[0].grid.w')).toEqual({ text: '"w": 8', line: 7 });
    expect(mark(TEXT, 'widgets[0].props.format.compact')).toEqual({ text: '"compact": true', line: 10 });
  });

  it('mark only the name of an object or array, and the opening bracket of an array item', () => {
    expect(mark(TEXT, 'widgets[0].props')).toEqual({ text: '"props"', line: 8 });
    expect(mark(TEXT, 'widgets')).toEqual({ text: '"widgets"', line: 3 });
    expect(mark(TEXT, 'widgets[0]')).toEqual({ text: '{', line: 4 });
    expect(mark(TEXT, 'widgets[1]')).toEqual({ text: '"loose"', line: 13 });
  });

  it('mark the nearest written parent of a path that is not written', () => {
    // A missing required property: the object that lacks it.
    expect(mark(TEXT, 'widgets[0].props.value')).toEqual({ text: '"props"', line: 8 });
    expect(mark(TEXT, 'widgets[0].data.dataset')).toEqual({ text: '{', line: 4 });
    expect(mark(TEXT, 'widgets[7].grid')).toEqual({ text: '"widgets"', line: 3 });
    expect(mark(TEXT, 'description')).toEqual({ text: '{', line: 1 });
    expect(mark(TEXT, '')).toEqual({ text: '{', line: 1 });
  });

  it('follow the last of repeated keys, as JSON.parse does', () => {
    const text = '{\n  "title": 1,\n  "title": 2\n}';
    expect(mark(text, 'title')).toEqual({ text: '"title": 2', line: 3 });
  });

  it('name each syntax error with its place', () => {
    const text = '{\n  "title": "x"\n  "widgets": []\n}';
    const { errors } = parseJsonText(text);
    expect(errors[0]).toMatchObject({ code: 'CommaExpected', from: text.indexOf('"widgets"') });
    expect(parseJsonText('{ "a": 1, }').errors[0]?.code).toBe('PropertyNameExpected');
    expect(parseJsonText('// note\n{}').errors.map((e) => e.code)).toEqual(['InvalidCommentToken']);
    expect(parseJsonText('').errors.map((e) => e.code)).toEqual(['ValueExpected']);
    expect(parseJsonText(TEXT).errors).toEqual([]);
  });

  it('count lines from 1', () => {
    expect(lineOfOffset('a\nb\nc', 0)).toBe(1);
    expect(lineOfOffset('a\nb\nc', 2)).toBe(2);
    expect(lineOfOffset('a\nb\nc', 99)).toBe(3);
  });
});
