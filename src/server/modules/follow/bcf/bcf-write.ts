import { XMLBuilder } from 'fast-xml-parser';
import { writeZip } from './bcf-zip.ts';
import type { BcfCamera, BcfComment, BcfFile, BcfPoint, BcfTopic, BcfViewpoint, BcfWriteVersion } from './bcf-topics.ts';

/**
 * Writes topics as a BCF zip of version 2.1 (what most checkers and viewers read) or 3.0. The
 * elements come in the order the schemas' sequences give, as the schemas require.
 */

type Xml = Record<string, unknown>;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: true,
});

function xml(root: Xml): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root)}`, 'utf8');
}

/** Leaves out what is not there, so an optional element is not written empty. */
function defined(entries: Array<[string, unknown]>): Xml {
  const out: Xml = {};
  for (const [key, value] of entries) if (value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)) out[key] = value;
  return out;
}

const point = (p: BcfPoint) => ({ X: p.x, Y: p.y, Z: p.z });

function cameraXml(camera: BcfCamera, version: BcfWriteVersion): Xml {
  // 3.0 requires AspectRatio on both cameras; 1 when the file read gave none.
  const aspect = camera.aspectRatio ?? (version === '3.0' ? 1 : undefined);
  const body = defined([
    ['CameraViewPoint', point(camera.viewPoint)],
    ['CameraDirection', point(camera.direction)],
    ['CameraUpVector', point(camera.up)],
    camera.kind === 'perspective' ? ['FieldOfView', camera.fieldOfView ?? 60] : ['ViewToWorldScale', camera.viewToWorldScale ?? 1],
    ['AspectRatio', aspect],
  ]);
  return camera.kind === 'perspective' ? { PerspectiveCamera: body } : { OrthogonalCamera: body };
}

function visinfo(viewpoint: BcfViewpoint, version: BcfWriteVersion): Buffer {
  const components = defined([
    ['Selection', viewpoint.selected.length ? { Component: viewpoint.selected.map((guid) => ({ '@IfcGuid': guid })) } : undefined],
    ['Visibility', { '@DefaultVisibility': 'true' }],
  ]);
  return xml({ VisualizationInfo: { '@Guid': viewpoint.guid, Components: components, ...(viewpoint.camera ? cameraXml(viewpoint.camera, version) : {}) } });
}

const viewpointFile = (viewpoint: BcfViewpoint, i: number) => (i === 0 ? 'viewpoint.bcfv' : `${viewpoint.guid}.bcfv`);
const snapshotFile = (viewpoint: BcfViewpoint, i: number) => {
  const ext = viewpoint.snapshot?.mimeType === 'image/jpeg' ? 'jpg' : 'png';
  return i === 0 ? `snapshot.${ext}` : `${viewpoint.guid}.${ext}`;
};

function viewpointRef(viewpoint: BcfViewpoint, i: number, guidAttr: Xml): Xml {
  return {
    ...guidAttr,
    ...defined([
      ['Viewpoint', viewpointFile(viewpoint, i)],
      ['Snapshot', viewpoint.snapshot ? snapshotFile(viewpoint, i) : undefined],
      ['Index', viewpoint.index],
    ]),
  };
}

function commentXml(comment: BcfComment): Xml {
  return {
    '@Guid': comment.guid,
    Date: comment.date,
    Author: comment.author,
    // Comment is required even when empty: written as an empty element, not left out.
    Comment: comment.text,
    ...defined([
      ['Viewpoint', comment.viewpointGuid ? { '@Guid': comment.viewpointGuid } : undefined],
      ['ModifiedDate', comment.modifiedDate],
      ['ModifiedAuthor', comment.modifiedAuthor],
    ]),
  };
}

function topicBody(topic: BcfTopic, version: BcfWriteVersion): Xml {
  return {
    '@Guid': topic.guid,
    ...defined([
      ['@TopicType', topic.type],
      ['@TopicStatus', topic.status],
    ]),
    Title: topic.title,
    ...defined([
      ['Priority', topic.priority],
      ['Index', topic.index],
      ['Labels', version === '3.0' ? (topic.labels.length ? { Label: topic.labels } : undefined) : topic.labels],
    ]),
    CreationDate: topic.creationDate,
    CreationAuthor: topic.creationAuthor,
    ...defined([
      ['ModifiedDate', topic.modifiedDate],
      ['ModifiedAuthor', topic.modifiedAuthor],
      ['DueDate', topic.dueDate],
      ['AssignedTo', topic.assignedTo],
      ['Stage', topic.stage],
      ['Description', topic.description],
    ]),
  };
}

function markup(topic: BcfTopic, version: BcfWriteVersion): Buffer {
  if (version === '3.0') {
    const body = topicBody(topic, version);
    if (topic.comments.length) body.Comments = { Comment: topic.comments.map(commentXml) };
    if (topic.viewpoints.length) body.Viewpoints = { ViewPoint: topic.viewpoints.map((v, i) => viewpointRef(v, i, { '@Guid': v.guid })) };
    return xml({ Markup: { Topic: body } });
  }
  return xml({
    Markup: defined([
      ['Topic', topicBody(topic, version)],
      ['Comment', topic.comments.map(commentXml)],
      ['Viewpoints', topic.viewpoints.map((v, i) => viewpointRef(v, i, { '@Guid': v.guid }))],
    ]),
  });
}

/** 3.0's extensions.xml: the values the topics use, so a reader offers them as its choices. */
function extensions(topics: readonly BcfTopic[]): Buffer {
  const values = (pick: (t: BcfTopic) => Array<string | undefined>) => [...new Set(topics.flatMap(pick).filter((v): v is string => Boolean(v)))];
  return xml({
    Extensions: defined([
      ['TopicTypes', { TopicType: values((t) => [t.type]) }],
      ['TopicStatuses', { TopicStatus: values((t) => [t.status]) }],
      ['Priorities', { Priority: values((t) => [t.priority]) }],
      ['TopicLabels', { TopicLabel: values((t) => t.labels) }],
      ['Users', { User: values((t) => [t.creationAuthor, t.modifiedAuthor, t.assignedTo, ...t.comments.flatMap((c) => [c.author, c.modifiedAuthor])]) }],
      ['Stages', { Stage: values((t) => [t.stage]) }],
    ]),
  });
}

/** The BCF zip of the topics in the chosen version. */
export function writeBcf(file: Pick<BcfFile, 'topics' | 'project'>, version: BcfWriteVersion, now: Date = new Date()): Promise<Buffer> {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  files.push({
    name: 'bcf.version',
    bytes: xml({ Version: version === '3.0' ? { '@VersionId': '3.0' } : { '@VersionId': '2.1', DetailedVersion: '2.1' } }),
  });
  if (file.project?.id) {
    const project = { Project: { '@ProjectId': file.project.id, ...defined([['Name', file.project.name]]) } };
    files.push({ name: 'project.bcfp', bytes: xml(version === '3.0' ? { ProjectInfo: project } : { ProjectExtension: project }) });
  }
  if (version === '3.0') {
    files.push({ name: 'extensions.xml', bytes: extensions(file.topics) });
    files.push({ name: 'documents.xml', bytes: xml({ DocumentInfo: '' }) });
  }
  for (const topic of file.topics) {
    files.push({ name: `${topic.guid}/markup.bcf`, bytes: markup(topic, version) });
    topic.viewpoints.forEach((viewpoint, i) => {
      files.push({ name: `${topic.guid}/${viewpointFile(viewpoint, i)}`, bytes: visinfo(viewpoint, version) });
      if (viewpoint.snapshot) files.push({ name: `${topic.guid}/${snapshotFile(viewpoint, i)}`, bytes: viewpoint.snapshot.bytes });
    });
  }
  return writeZip(files, now);
}
