/** What the viewer makes of a file by its name: a kind it draws, a DWG, or another file. */
export type PictureKind = 'pdf' | 'image' | 'dxf' | 'dwg' | 'other';

const IMAGES = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp']);

export function pictureKindOf(name: string): PictureKind {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  if (extension === 'pdf' || extension === 'dxf' || extension === 'dwg') return extension;
  return IMAGES.has(extension) ? 'image' : 'other';
}
