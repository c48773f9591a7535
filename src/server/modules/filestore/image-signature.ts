/**
 * Which image the first bytes of a file are, whatever its name says. SVG is text, so it is
 * recognised by its root element after an optional BOM, XML declaration, comments and doctype.
 */
export function imageTypeOf(head: Buffer): 'jpg' | 'png' | 'bmp' | 'svg' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 14 && head[0] === 0x42 && head[1] === 0x4d) return 'bmp';
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const body = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(body) ? 'svg' : null;
}
