import { XMLParser } from 'fast-xml-parser';
import { readZipEntries, type BcfZipLimits, BCF_ZIP_LIMITS } from './bcf-zip.ts';
import {
  BCF_VERSIONS,
  BcfFileError,
  type BcfCamera,
  type BcfComment,
  type BcfFile,
  type BcfPoint,
  type BcfProject,
  type BcfSnapshot,
  type BcfTopic,
  type BcfVersion,
  type BcfViewpoint,
} from './bcf-topics.ts';

/**
 * Reads a BCF zip of version 2.0, 2.1 or 3.0 (buildingSMART BCF-XML). The versions differ in
 * where the lists are: 2.x puts Comment and Viewpoints beside Topic in markup.bcf and repeats
 * Labels, 3.0 nests Comments/Comment and Viewpoints/ViewPoint under Topic and wraps Labels/Label;
 * 2.0 marks selected components with Selected="true" where 2.1 and 3.0 have a Selection list.
 */

type Xml = Record<string, unknown>;

// Elements that repeat, as arrays even when one is present (markup.xsd, visinfo.xsd of each version).
const LISTS = new Set(['Comment', 'Viewpoints', 'ViewPoint', 'Labels', 'Label', 'Component', 'File', 'DocumentReference', 'RelatedTopic', 'ReferenceLink']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  processEntities: true,
  htmlEntities: false,
  // A comment's text is an element named Comment inside Comment: that one is a value, not a list.
  isArray: (name, jPath) => LISTS.has(name) && !String(jPath).endsWith('Comment.Comment'),
});

function parseXml(bytes: Buffer, fileName: string): Xml {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // BCF never declares a DTD; one here could only expand entities (billion laughs), so it is refused.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BcfFileError('badXml', `${fileName}: a document type declaration`);
  try {
    return parser.parse(text, true) as Xml;
  } catch (error) {
    throw new BcfFileError('badXml', `${fileName}: ${(error as Error).message}`);
  }
}

const obj = (value: unknown): Xml => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Xml) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]);

/** An element's text: a plain value, or `#text` when it carries attributes too. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = (value as Xml)['#text'];
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
}

const nonEmpty = (value: unknown): string | undefined => {
  const s = text(value)?.trim();
  return s ? s : undefined;
};

function int(value: unknown): number | undefined {
  const s = nonEmpty(value);
  if (s === undefined) return undefined;
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : undefined;
}

function num(value: unknown): number | undefined {
  const s = nonEmpty(value);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function point(value: unknown): BcfPoint {
  const p = obj(value);
  return { x: num(p.X) ?? 0, y: num(p.Y) ?? 0, z: num(p.Z) ?? 0 };
}

function camera(info: Xml): BcfCamera | undefined {
  const perspective = info.PerspectiveCamera;
  const orthogonal = info.OrthogonalCamera;
  const source = perspective ? obj(perspective) : orthogonal ? obj(orthogonal) : undefined;
  if (!source) return undefined;
  const result: BcfCamera = {
    kind: perspective ? 'perspective' : 'orthogonal',
    viewPoint: point(source.CameraViewPoint),
    direction: point(source.CameraDirection),
    up: point(source.CameraUpVector),
  };
  const fieldOfView = num(source.FieldOfView);
  const scale = num(source.ViewToWorldScale);
  const aspect = num(source.AspectRatio);
  if (fieldOfView !== undefined) result.fieldOfView = fieldOfView;
  if (scale !== undefined) result.viewToWorldScale = scale;
  if (aspect !== undefined) result.aspectRatio = aspect;
  return result;
}

/** Selected components' IfcGuids: 2.1/3.0 `Components/Selection/Component`; 2.0 `Components/Component[@Selected='true']`. */
function selectedComponents(info: Xml): string[] {
  const components = obj(info.Components);
  const fromSelection = list(obj(components.Selection).Component).map((c) => nonEmpty(obj(c)['@IfcGuid']));
  const fromFlags = list(components.Component)
    .map(obj)
    .filter((c) => String(c['@Selected']).toLowerCase() === 'true')
    .map((c) => nonEmpty(c['@IfcGuid']));
  return [...fromSelection, ...fromFlags].filter((guid): guid is string => Boolean(guid));
}

function snapshotType(name: string): BcfSnapshot['mimeType'] | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  return undefined;
}

/** A file of the topic's folder by the name the markup gives it (some writers change its case). */
function topicFile(entries: Map<string, Buffer>, folder: string, name: string | undefined): Buffer | undefined {
  if (!name || name.includes('/') || name.includes('\\') || name === '..') return undefined;
  const exact = entries.get(`${folder}/${name}`);
  if (exact) return exact;
  const wanted = `${folder}/${name}`.toLowerCase();
  for (const [key, bytes] of entries) if (key.toLowerCase() === wanted) return bytes;
  return undefined;
}

function readViewpoint(entries: Map<string, Buffer>, folder: string, ref: Xml, fallbackIndex: number): BcfViewpoint {
  const guid = nonEmpty(ref['@Guid']) ?? `${folder}-viewpoint-${fallbackIndex}`;
  const viewpoint: BcfViewpoint = { guid, selected: [] };
  const index = int(ref.Index);
  if (index !== undefined) viewpoint.index = index;
  const file = nonEmpty(ref.Viewpoint);
  const visinfo = topicFile(entries, folder, file);
  if (visinfo) {
    const info = obj(parseXml(visinfo, `${folder}/${file}`).VisualizationInfo);
    const cam = camera(info);
    if (cam) viewpoint.camera = cam;
    viewpoint.selected = selectedComponents(info);
  }
  const snapshotName = nonEmpty(ref.Snapshot);
  const mimeType = snapshotName ? snapshotType(snapshotName) : undefined;
  const bytes = topicFile(entries, folder, snapshotName);
  if (snapshotName && mimeType && bytes) viewpoint.snapshot = { name: snapshotName, mimeType, bytes };
  return viewpoint;
}

function readComment(value: unknown): BcfComment | undefined {
  const c = obj(value);
  const guid = nonEmpty(c['@Guid']);
  if (!guid) return undefined;
  const comment: BcfComment = { guid, date: nonEmpty(c.Date) ?? '', author: nonEmpty(c.Author) ?? '', text: text(c.Comment)?.trim() ?? '' };
  const viewpointGuid = nonEmpty(obj(c.Viewpoint)['@Guid']);
  const modifiedDate = nonEmpty(c.ModifiedDate);
  const modifiedAuthor = nonEmpty(c.ModifiedAuthor);
  if (viewpointGuid) comment.viewpointGuid = viewpointGuid;
  if (modifiedDate) comment.modifiedDate = modifiedDate;
  if (modifiedAuthor) comment.modifiedAuthor = modifiedAuthor;
  return comment;
}

function readTopic(entries: Map<string, Buffer>, folder: string, markupBytes: Buffer, version: BcfVersion): BcfTopic {
  const markup = obj(parseXml(markupBytes, `${folder}/markup.bcf`).Markup);
  const t = obj(markup.Topic);
  const nested = version === '3.0';
  const labels = nested
    ? list(obj(list(t.Labels)[0]).Label)
        .map(nonEmpty)
        .filter((l): l is string => Boolean(l))
    : list(t.Labels)
        .map(nonEmpty)
        .filter((l): l is string => Boolean(l));
  const commentNodes = nested ? list(obj(t.Comments).Comment) : list(markup.Comment);
  const viewpointNodes = nested ? list(obj(list(t.Viewpoints)[0]).ViewPoint) : list(markup.Viewpoints);
  // BCF 1.0 compatibility, kept by 2.0 writers: a topic with no Viewpoints list may still hold viewpoint.bcfv and snapshot.png.
  if (!viewpointNodes.length && (entries.has(`${folder}/viewpoint.bcfv`) || entries.has(`${folder}/snapshot.png`))) {
    viewpointNodes.push({ Viewpoint: entries.has(`${folder}/viewpoint.bcfv`) ? 'viewpoint.bcfv' : undefined, Snapshot: entries.has(`${folder}/snapshot.png`) ? 'snapshot.png' : undefined });
  }
  const topic: BcfTopic = {
    guid: nonEmpty(t['@Guid']) ?? folder,
    title: nonEmpty(t.Title) ?? '',
    labels,
    creationDate: nonEmpty(t.CreationDate) ?? '',
    creationAuthor: nonEmpty(t.CreationAuthor) ?? '',
    comments: commentNodes.map(readComment).filter((c): c is BcfComment => Boolean(c)),
    viewpoints: viewpointNodes.map((v, i) => readViewpoint(entries, folder, obj(v), i)),
  };
  const optional = {
    type: nonEmpty(t['@TopicType']),
    status: nonEmpty(t['@TopicStatus']),
    priority: nonEmpty(t.Priority),
    modifiedDate: nonEmpty(t.ModifiedDate),
    modifiedAuthor: nonEmpty(t.ModifiedAuthor),
    dueDate: nonEmpty(t.DueDate),
    assignedTo: nonEmpty(t.AssignedTo),
    stage: nonEmpty(t.Stage),
    description: nonEmpty(t.Description),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) (topic as unknown as Xml)[key] = value;
  const index = int(t.Index);
  if (index !== undefined) topic.index = index;
  return topic;
}

function readVersion(entries: Map<string, Buffer>): BcfVersion {
  const bytes = entries.get('bcf.version');
  if (!bytes) throw new BcfFileError('noVersion');
  const version = obj(parseXml(bytes, 'bcf.version').Version);
  const id = nonEmpty(version['@VersionId']);
  // "2.0 RC" and the like are read as the version they lead with.
  const known = BCF_VERSIONS.find((v) => id === v || id?.startsWith(`${v} `) || id?.startsWith(`${v}.`));
  if (!known) throw new BcfFileError('unknownVersion', id ?? '');
  return known;
}

function readProject(entries: Map<string, Buffer>): BcfProject | undefined {
  const bytes = entries.get('project.bcfp');
  if (!bytes) return undefined;
  const root = parseXml(bytes, 'project.bcfp');
  // 2.x: ProjectExtension/Project; 3.0: ProjectInfo/Project.
  const project = obj(obj(root.ProjectInfo ?? root.ProjectExtension).Project);
  const result: BcfProject = {};
  const id = nonEmpty(project['@ProjectId']);
  const name = nonEmpty(project.Name);
  if (id) result.id = id;
  if (name) result.name = name;
  return id || name ? result : undefined;
}

/** The topics of a BCF zip, in the order their Index (or else their folder order) gives. */
export async function readBcf(bytes: Buffer, limits: BcfZipLimits = BCF_ZIP_LIMITS): Promise<BcfFile> {
  const entries = await readZipEntries(bytes, limits);
  const version = readVersion(entries);
  const topics: BcfTopic[] = [];
  const unreadable: string[] = [];
  let firstError: BcfFileError | undefined;
  for (const [name, markup] of entries) {
    const match = /^([^/]+)\/markup\.bcf$/i.exec(name);
    if (!match) continue;
    try {
      topics.push(readTopic(entries, match[1]!, markup, version));
    } catch (error) {
      // One topic's broken XML leaves that topic out; the import says which.
      if (!(error instanceof BcfFileError)) throw error;
      firstError ??= error;
      unreadable.push(match[1]!);
    }
  }
  if (!topics.length) throw firstError ?? new BcfFileError('noTopics');
  const order = new Map(topics.map((topic, i) => [topic, i]));
  topics.sort((a, b) => (a.index ?? Number.MAX_SAFE_INTEGER) - (b.index ?? Number.MAX_SAFE_INTEGER) || order.get(a)! - order.get(b)!);
  const file: BcfFile = { version, topics, unreadable };
  const project = readProject(entries);
  if (project) file.project = project;
  return file;
}
