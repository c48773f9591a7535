import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * Where things are in the text of a JSON document: the problems of a page config name paths
 * (`widgets[3].props.series[0].field`), the editor marks text ranges.
 */

export type JsonPathSegment = string | number;

export interface TextRange {
  from: number;
  to: number;
}

/** `widgets[3].props.series[0].field` -> `['widgets', 3, 'props', 'series', 0, 'field']`; '' is the document. */
export function parseJsonPath(path: string): JsonPathSegment[] {
  const segments: JsonPathSegment[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) segments.push(match[1] !== undefined ? Number(match[1]) : match[2]!);
  return segments;
}

/** A JSON syntax error, named by jsonc-parser's code (`CommaExpected`, `ValueExpected`, ...). */
export interface JsonSyntaxError extends TextRange {
  code: string;
}

export interface ParsedJson {
  /** The syntax tree; undefined when nothing could be read. */
  tree: Node | undefined;
  errors: JsonSyntaxError[];
}

/** Reads strict JSON: no comments, no trailing commas, something there. */
export function parseJsonText(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return {
    tree,
    errors: errors.map((error) => ({ from: error.offset, to: error.offset + Math.max(error.length, 1), code: printParseErrorCode(error.error) })),
  };
}

function childAt(node: Node, segment: JsonPathSegment): Node | undefined {
  if (node.type === 'object' && typeof segment === 'string') {
    // The last of repeated keys, as JSON.parse keeps it.
    return node.children?.findLast((property) => property.children?.[0]?.value === segment)?.children?.[1];
  }
  if (node.type === 'array' && typeof segment === 'number') return node.children?.[segment];
  return undefined;
}

const isContainer = (node: Node) => node.type === 'object' || node.type === 'array';

/**
 * The text to mark for a path: a written value with its property name (`"x": 42`); for an
 * object or array only the name or the opening bracket, so the mark stays on one line. A
 * path that is not written (a missing required property) marks its nearest written parent.
 */
export function locateJsonPath(tree: Node | undefined, path: string): TextRange {
  if (!tree) return { from: 0, to: 0 };
  let node = tree;
  for (const segment of parseJsonPath(path)) {
    const child = childAt(node, segment);
    if (!child) break;
    node = child;
  }
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  const key = property?.children?.[0];
  if (key) return { from: key.offset, to: isContainer(node) ? key.offset + key.length : node.offset + node.length };
  return { from: node.offset, to: isContainer(node) ? node.offset + 1 : node.offset + node.length };
}

/** 1-based line of an offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
