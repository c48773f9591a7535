import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../../../src/core/contracts/files.ts';
import { exportFileName, safeFileName } from '../../../src/core/file-names.ts';
import { entryPath, uniqueEntryNames } from '../../../src/server/modules/filestore/zip.ts';
import { fileNameFromContentDisposition } from '../../../src/web/api/download.ts';
import { contentDisposition } from '../../../src/server/content-disposition.ts';

describe('the file-name rule', () => {
  it.each([
    ['evil\u202egnp.pdf', 'evilgnp.pdf'],
    ['a\u202ab\u202bc\u202cd\u202de.pdf', 'abcde.pdf'],
    ['\u2066x\u2067y\u2068z\u2069.pdf', 'xyz.pdf'],
    ['l\u200er\u200fa\u061cb.pdf', 'lrab.pdf'],
    ['zero\u200bwidth\u2060joined\ufeff.pdf', 'zerowidthjoined.pdf'],
    ['tag\u{E0041}\u{E0042}.pdf', 'tag.pdf'],
    ['soft\u00adhyphen.pdf', 'softhyphen.pdf'],
    ['line\u2028break\u2029.pdf', 'linebreak.pdf'],
    ['c1\u0085\u009bcontrols.pdf', 'c1controls.pdf'],
    ['bell\u0007tab\t.pdf', 'belltab.pdf'],
    ['half\ud800pair.pdf', 'halfpair.pdf'],
  ])('drops what cannot be seen: %j', (raw, clean) => expect(safeFileName(raw)).toBe(clean));

  it.each([
    'تقرير الصيانة ٢٠٢٦.pdf',
    '维修报告 2026.pdf',
    'می\u200cخواهم.pdf',
    'क्\u200dष.pdf',
    '👩\u200d🔧 notes.pdf',
    '\u0600١٢.pdf',
    'Ünïcödé – “quoted”, it’s.pdf',
    'a "quoted" name: v2?.pdf',
  ])('keeps the letters and marks of every script: %s', (name) => expect(safeFileName(name)).toBe(name));

  it('keeps no folder: only what follows the last separator, never a name of dots', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\li\\现场.pdf')).toBe('现场.pdf');
    for (const name of ['', '  ', '.', '..', '...', ' .. ', '../', 'a/..', '\u202e', '.\u202e.']) expect(safeFileName(name), name).toBe('');
  });

  it('keeps a long name to FILE_NAME_MAX characters with its extension, never cutting a character in half', () => {
    const emoji = safeFileName(`${'😀'.repeat(300)}.pdf`);
    expect([...emoji]).toHaveLength(FILE_NAME_MAX);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
    expect(emoji).not.toMatch(/\p{Cs}/u);
    expect([...safeFileName(`x.${'y'.repeat(300)}`)]).toHaveLength(FILE_NAME_MAX);
  });

  it('makes a title a file name: what file systems refuse becomes "_", never empty', () => {
    expect(exportFileName('Requests by month / building', 'csv')).toBe('Requests by month _ building.csv');
    expect(exportFileName('Q1 \u202egnp', 'png')).toBe('Q1 gnp.png');
    expect(exportFileName('\u202e  ', 'png')).toBe('export.png');
  });

  it('cleans each part of a zip entry and every download name, old names included', () => {
    expect(entryPath('Site\u202e/../evil\u202egnp.pdf')).toBe('Site/_/evilgnp.pdf');
    expect(uniqueEntryNames(['a\u202eb.pdf', 'ab.pdf'])).toEqual(['ab.pdf', 'ab (2).pdf']);
    expect(fileNameFromContentDisposition(contentDisposition('evil\u202egnp.pdf'))).toBe('evilgnp.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''evil%E2%80%AEgnp.pdf")).toBe('evilgnp.pdf');
    expect(contentDisposition('\u202e')).toContain('filename="download"');
  });
});
