/**
 * A BCF file (BIM Collaboration Format) as the follow-up module reads and writes it: topics with
 * their comments and viewpoints, in the terms of the buildingSMART schemas (markup.xsd,
 * visinfo.xsd), whatever version the zip was written in.
 */

export const BCF_VERSIONS = ['2.0', '2.1', '3.0'] as const;
export type BcfVersion = (typeof BCF_VERSIONS)[number];
/** The versions written: 2.0 is read only (real checkers still write it; 2.1 replaced it). */
export const BCF_WRITE_VERSIONS = ['2.1', '3.0'] as const;
export type BcfWriteVersion = (typeof BCF_WRITE_VERSIONS)[number];

export interface BcfPoint {
  x: number;
  y: number;
  z: number;
}

export interface BcfCamera {
  kind: 'perspective' | 'orthogonal';
  viewPoint: BcfPoint;
  direction: BcfPoint;
  up: BcfPoint;
  /** Perspective: the vertical field of view in degrees. */
  fieldOfView?: number;
  /** Orthogonal: the view's height in model units. */
  viewToWorldScale?: number;
  aspectRatio?: number;
}

export interface BcfSnapshot {
  /** The file name inside the topic's folder, as the markup names it. */
  name: string;
  mimeType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface BcfViewpoint {
  guid: string;
  index?: number;
  camera?: BcfCamera;
  /** IFC GlobalIds of the selected components, in file order. */
  selected: string[];
  snapshot?: BcfSnapshot;
}

export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  text: string;
  viewpointGuid?: string;
  modifiedDate?: string;
  modifiedAuthor?: string;
}

export interface BcfTopic {
  guid: string;
  type?: string;
  status?: string;
  title: string;
  priority?: string;
  index?: number;
  labels: string[];
  creationDate: string;
  creationAuthor: string;
  modifiedDate?: string;
  modifiedAuthor?: string;
  dueDate?: string;
  assignedTo?: string;
  stage?: string;
  description?: string;
  comments: BcfComment[];
  viewpoints: BcfViewpoint[];
}

export interface BcfProject {
  id?: string;
  name?: string;
}

export interface BcfFile {
  version: BcfVersion;
  project?: BcfProject;
  topics: BcfTopic[];
  /** Folders of topics whose markup or viewpoint XML could not be read (left out of `topics`). */
  unreadable: string[];
}

/** A BCF file that cannot be read, with the reason a person is shown. */
export class BcfFileError extends Error {
  constructor(
    readonly reason: 'notZip' | 'tooLarge' | 'tooManyEntries' | 'unsafeName' | 'noVersion' | 'unknownVersion' | 'badXml' | 'noTopics',
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'BcfFileError';
  }
}

/** The first selected IfcGuid of a topic's first viewpoint that has one: the follow-up's model element. */
export function firstSelectedElement(topic: { viewpoints: ReadonlyArray<Pick<BcfViewpoint, 'index' | 'selected'>> }): string | undefined {
  for (const viewpoint of [...topic.viewpoints].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))) {
    if (viewpoint.selected.length) return viewpoint.selected[0];
  }
  return undefined;
}
