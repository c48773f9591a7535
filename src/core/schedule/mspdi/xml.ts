import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Why a file could not be read at all, with the element and line to look at. */
export type MspdiErrorCode = 'notXml' | 'notProject' | 'missingTask' | 'badValue';

export class MspdiError extends Error {
  constructor(
    readonly code: MspdiErrorCode,
    readonly element: string,
    readonly line: number,
    message: string,
  ) {
    super(`${message} (${element}, line ${line})`);
    this.name = 'MspdiError';
  }
}

export type Xml = Record<string, unknown>;

// Elements that repeat (Project XML schema), as arrays even when one is present.
const LISTS = new Set([
  'Calendar',
  'WeekDay',
  'WorkingTime',
  'Exception',
  'WorkWeek',
  'Task',
  'PredecessorLink',
  'Resource',
  'Assignment',
  'Baseline',
  'ExtendedAttribute',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  removeNSPrefix: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => LISTS.has(name),
});

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Offsets of every opening tag of an element, in document order (any namespace prefix). */
export function tagOffsets(text: string, element: string): number[] {
  const offsets: number[] = [];
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${element}[\\s>/]`, 'g');
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) offsets.push(m.index);
  return offsets;
}

/** The document's `Project` element; a clear error when the text is not XML or not a project. */
export function parseProject(source: string): Xml {
  const text = source.replace(/^\uFEFF/, '');
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(text);
  // Project files never declare a DTD; one could only expand entities, so it is refused.
  if (doctype) throw new MspdiError('notXml', '!DOCTYPE', lineAt(text, doctype.index), 'The file declares a document type, which project files never do');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new MspdiError('notXml', 'xml', valid.err.line, `The file is not well-formed XML: ${valid.err.msg}`);
  const root = parser.parse(text) as Xml;
  const project = root.Project;
  if (!project || typeof project !== 'object' || Array.isArray(project)) {
    const first = /<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(text.replace(/<\?[^>]*\?>|<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length)));
    throw new MspdiError(
      'notProject',
      first?.[1] ?? 'xml',
      first ? lineAt(text, first.index) : 1,
      'The file is not a Microsoft Project XML document (its root element is not Project)',
    );
  }
  return project as Xml;
}

export const obj = (value: unknown): Xml => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Xml) : {});
export const list = (value: unknown): Xml[] => (Array.isArray(value) ? value.map(obj) : value === undefined || value === '' ? [] : [obj(value)]);

/** An element's trimmed text, undefined when absent or empty. */
export function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = typeof value === 'object' ? (value as Xml)['#text'] : value;
  if (typeof s !== 'string' && typeof s !== 'number' && typeof s !== 'boolean') return undefined;
  const t = String(s).trim();
  return t === '' ? undefined : t;
}

export function int(value: unknown): number | undefined {
  const s = text(value);
  if (s === undefined || !/^-?\d+$/.test(s)) return undefined;
  return Number(s);
}

export function num(value: unknown): number | undefined {
  const s = text(value);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** MSPDI booleans are 0/1; some tools write true/false. */
export function bool(value: unknown): boolean | undefined {
  const s = text(value)?.toLowerCase();
  if (s === undefined) return undefined;
  return s === '1' || s === 'true';
}

/** Text for an XML element's content or attribute. */
export const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
