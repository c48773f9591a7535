import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The README is what a newcomer reads first: the rest belongs in docs/ and bench/README.md. */
const README_MAX_BYTES = 30_000;

/** The documents whose links must hold: the README, the design notes and the benchmark notes. */
function documents(): string[] {
  const docs = fs.existsSync(path.join(ROOT, 'docs'))
    ? fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'bench/README.md', ...docs.sort()];
}

/** The text without fenced blocks, and code spans without brackets: theirs are code, not links. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[[\]()]/g, ' '));
}

/** Every `[text](target)` of the document; links with a scheme (https:, mailto:) are not ours to check. */
function linksOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(([^()\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.*)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** What is wrong with one link of `from`, or null when it names something that exists. */
function brokenLink(from: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? path.join(ROOT, from) : path.resolve(path.dirname(path.join(ROOT, from)), decodeURI(pathPart));
  if (!fs.existsSync(file)) return `${from}: ${target} names nothing`;
  if (anchor && file.endsWith('.md') && !anchorsIn(file).has(anchor)) return `${from}: ${target} names no heading`;
  return null;
}

describe('README and design notes', () => {
  it(`the README stays under ${README_MAX_BYTES} bytes`, () => {
    expect(fs.statSync(path.join(ROOT, 'README.md')).size).toBeLessThan(README_MAX_BYTES);
  });

  it('every relative link names a file (and a heading) that exists', () => {
    const broken = documents().flatMap((doc) =>
      linksOf(fs.readFileSync(path.join(ROOT, doc), 'utf8')).flatMap((target) => brokenLink(doc, target) ?? []),
    );
    expect([...new Set(broken)]).toEqual([]);
  });

  it('the README links every design note', () => {
    const linked = new Set(linksOf(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    const unlinked = documents()
      .filter((doc) => doc !== 'README.md')
      .filter((doc) => !linked.has(doc));
    expect(unlinked).toEqual([]);
  });
});
